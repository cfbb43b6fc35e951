import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { ReportSchema } from '~/features/shell/shell-forms.server';
import { parseForm } from '~/lib/forms/form.server';
import { report } from '~/lib/reports.server';

/**
 * Silent reports from the browser (docs/reporting.md): logged for the team at their kind's level,
 * never shown. They carry no identifiers and set no cookie, so they need no consent; the page they
 * came from is the path only.
 */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), ReportSchema);
  // Sent by our own script, never shown to anyone: a plain answer, not a form's.
  if (submission.status !== 'success') return new Response('Unknown report', { status: 400, headers: { 'Content-Type': 'text/plain' } });
  const { kind, reason } = submission.value;
  const path = new URL(request.headers.get('referer') ?? request.url).pathname;
  report(kind, reason ? { path, reason } : { path });
  return new Response(null, { status: 204 });
}

export async function loader() {
  return new Response('Not Found', { status: 404 });
}
