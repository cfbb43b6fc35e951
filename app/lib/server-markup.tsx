import { useNavigate, useSubmit } from '@remix-run/react';
import type { FormEvent, MouseEvent, ReactNode } from 'react';

type Tag = 'div' | 'nav' | 'section';

/** What the document came with, per island: read once, the first time the browser renders it. */
const documentMarkup = new Map<string, string>();

function markupFromDocument(id: string): string {
  let markup = documentMarkup.get(id);
  if (markup === undefined) {
    markup = document.getElementById(id)?.innerHTML ?? '';
    documentMarkup.set(id, markup);
  }
  return markup;
}

/**
 * Markup that the server renders and the browser keeps as it came, without its code or its texts
 * in the page's scripts (ADR 012): the header's menus, the footer's links, the home page's static
 * sections. Only for markup that is the same for every seller and does nothing in the browser.
 *
 * `render` is only called on the server: it gives the part's markup as its `.server` module keeps
 * it (`markupOf`, rendered once per isolate: React rendering the header's menus and the footer's
 * links on every request was a third of a page's elements, docs/performance.md), or, for a part
 * whose props come from the request (a tool's result), the elements to render in the page's tree. The browser build
 * leaves that module empty. In the browser the element takes the document's own markup
 * (`dangerouslySetInnerHTML` with the same string is never written again), a click on one of
 * its links navigates in the app, as a `<Link>` would, and one of its forms posts in the app, as a
 * `<Form>` would. Where the browser may arrive by a
 * client-side navigation, the route's loader passes `markup` (markupForNavigation); the root
 * layout's parts need none, since the layout stays mounted for the whole visit.
 */
export function ServerMarkup({
  id,
  as: Wrapper = 'div',
  render,
  markup,
  ...attributes
}: {
  id: string;
  as?: Tag;
  /** The part on the server; without it, `markup` is the part's markup everywhere (from the loader). */
  render?: () => string | ReactNode;
  /** The markup for a client-side navigation, from the route's loader. */
  markup?: string | null;
  className?: string;
  role?: 'alert';
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const onServer = typeof document === 'undefined' ? ((render ? render() : markup) ?? '') : null;
  if (onServer !== null && typeof onServer !== 'string')
    return (
      <Wrapper id={id} {...attributes}>
        {onServer}
      </Wrapper>
    );
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest?.('a');
    if (!link || !shouldNavigateInApp(event, link)) return;
    event.preventDefault();
    const to = link.pathname + link.search + link.hash;
    // As <Link> does: following a link to the page already shown replaces it in the history.
    navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
  };
  const onSubmit = (event: FormEvent<HTMLElement>) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented || form.method !== 'post' || form.hasAttribute('data-reload')) return;
    event.preventDefault();
    // The button pressed carries the form's intent, as it does in a plain post.
    submit(((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null) ?? form);
  };
  return (
    <Wrapper
      id={id}
      {...attributes}
      onClick={onClick}
      onSubmit={onSubmit}
      dangerouslySetInnerHTML={{ __html: typeof onServer === 'string' ? onServer : (markup ?? markupFromDocument(id)) }}
      suppressHydrationWarning
    />
  );
}

/** A plain left click on a link to this site, meant for this tab: what <Link> takes over. */
export function shouldNavigateInApp(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>,
  link: Pick<HTMLAnchorElement, 'origin' | 'target' | 'hasAttribute'>,
  origin = window.location.origin,
): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download') || link.hasAttribute('data-reload')) return false;
  return link.origin === origin;
}

/** A failed lookup's panel, as its loader rendered it (lookup-error-panel.server.tsx): an alert, posted in the app. */
export function LookupErrorPanel({ markup }: { markup: string }) {
  return (
    <ServerMarkup id="lookup-error" as="section" className="panel" role="alert" aria-labelledby="lookup-error-title" markup={markup} />
  );
}
