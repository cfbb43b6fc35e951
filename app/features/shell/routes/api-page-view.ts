import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { PageViewSchema } from '~/features/shell/shell-forms.server';
import { parseForm } from '~/lib/forms/form.server';
import { isPerson, viewedPath } from '~/lib/page-views.server';

/**
 * A client-side navigation to one of our pages, reported by the browser once the page is shown
 * (shell-behaviour.tsx): the page view its data request cannot stand for, since the same request
 * also revalidates a page after a form (docs/behaviour/gateway.md#analytics). Recorded only for a
 * seller who accepted cookies, like every event; the answer says nothing either way.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), PageViewSchema);
  const path = submission.status === 'success' ? viewedPath(submission.value.path) : null;
  if (!path) return new Response('Not a page', { status: 400, headers: { 'Content-Type': 'text/plain' } });
  if (isPerson(request)) context.analytics.track('page_view', undefined, path);
  return new Response(null, { status: 204 });
}

export async function loader() {
  return new Response('Not Found', { status: 404 });
}
