import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { CLIENT_REPORT_KINDS } from '~/features/shell/client-report';

/**
 * Silent reports from the browser (spec 2 §8): logged for the team, never shown. They carry no
 * identifiers and set no cookie, so they need no consent.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const kind = form?.get('kind');
  if (typeof kind !== 'string' || !(CLIENT_REPORT_KINDS as readonly string[]).includes(kind)) {
    return new Response('Unknown report', { status: 400, headers: { 'Content-Type': 'text/plain' } });
  }
  console.warn(JSON.stringify({ event: `client.${kind}`, path: new URL(request.headers.get('referer') ?? request.url).pathname }));
  return new Response(null, { status: 204 });
}

export async function loader() {
  return new Response('Not Found', { status: 404 });
}
