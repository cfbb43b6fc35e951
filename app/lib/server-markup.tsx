import { useNavigate } from '@remix-run/react';
import { createContext, createElement, useContext, type ComponentType, type MouseEvent } from 'react';

type Tag = 'div' | 'nav' | 'section';

/**
 * The server's renderer of parts (`markupOf`, server-markup.server.ts), which entry.server provides:
 * a part is the same for every request with the same props, so the server renders it once per
 * isolate and each page takes the string. Without it (a render outside the worker) the part is
 * rendered in place.
 */
export const PartRenderer = createContext<(<Props extends object>(part: ComponentType<Props>, props: Props) => string) | null>(null);

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
 * `part` is only rendered on the server: it lives in a `.server` module, which the browser build
 * leaves empty. It is rendered once per isolate for each set of `props` (which must come from
 * configuration, never from the seller), apart from the page, so it takes no context: its links
 * are plain anchors. In the browser the element takes the document's own markup
 * (`dangerouslySetInnerHTML` with the same string is never written again), and a click on one of
 * its links navigates in the app, as a `<Link>` would. Where the browser may arrive by a
 * client-side navigation, the route's loader passes `markup` (markupForNavigation); the root
 * layout's parts need none, since the layout stays mounted for the whole visit.
 */
export function ServerMarkup<Props extends object>({
  id,
  as: Wrapper = 'div',
  part,
  props,
  markup,
  ...attributes
}: {
  id: string;
  as?: Tag;
  part: ComponentType<Props>;
  props: Props;
  /** The markup for a client-side navigation, from the route's loader. */
  markup?: string | null;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const navigate = useNavigate();
  const renderPart = useContext(PartRenderer);
  if (typeof document === 'undefined') {
    // The string, not the elements: React's render of the header's menus and the footer's links
    // was a third of every page's elements (docs/performance.md).
    if (renderPart) return <Wrapper id={id} {...attributes} dangerouslySetInnerHTML={{ __html: renderPart(part, props) }} />;
    return (
      <Wrapper id={id} {...attributes}>
        {createElement(part, props)}
      </Wrapper>
    );
  }
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest?.('a');
    if (!link || !shouldNavigateInApp(event, link)) return;
    event.preventDefault();
    const to = link.pathname + link.search + link.hash;
    // As <Link> does: following a link to the page already shown replaces it in the history.
    navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
  };
  return (
    <Wrapper
      id={id}
      {...attributes}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: markup ?? markupFromDocument(id) }}
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
