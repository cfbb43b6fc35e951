import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { ReportSchema } from '~/features/shell/shell-forms.server';
import { clockNowMs } from '~/lib/clock.server';
import { parseForm } from '~/lib/forms/form.server';
import { isolateLimiter } from '~/lib/isolate-limit.server';
import { report } from '~/lib/reports.server';

/** A page load sends each of the four kinds once at most: twenty a minute is many pages' worth. */
const REPORTS_PER_MINUTE = 20;
const limiter = isolateLimiter({ limit: REPORTS_PER_MINUTE, windowMs: 60_000 });

/** The longest path a report keeps: the log line is for people, and ours are far shorter. */
const MAX_PATH_LENGTH = 300;

/**
 * The page a report came from: the Referer's path when the Referer is a page of this origin, else
 * none. Anyone can post here with any Referer (or a malformed one), and the line says which page
 * failed, so a path from elsewhere would be a claim in our logs, not a fact.
 */
function reportedPath(request: Request): string | null {
  const referer = request.headers.get('referer');
  if (!referer) return null;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return null;
  }
  if (from.origin !== new URL(request.url).origin) return null;
  return from.pathname.slice(0, MAX_PATH_LENGTH);
}

/**
 * Silent reports from the browser (docs/reporting.md): logged for the team at their kind's level,
 * never shown. They carry no identifiers and set no cookie, so they need no consent; the page they
 * came from is the path only. Limited per address in this isolate (isolate-limit.server.ts): a
 * beacon is not worth a platform call, and what a flood fills is this isolate's log.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!limiter.allow(request.headers.get('cf-connecting-ip') ?? 'unknown', clockNowMs()))
    return new Response('Too many reports', { status: 429, headers: { 'Content-Type': 'text/plain', 'Retry-After': '60' } });
  const submission = parseForm(await request.formData(), ReportSchema);
  // Sent by our own script, never shown to anyone: a plain answer, not a form's.
  if (submission.status !== 'success') return new Response('Unknown report', { status: 400, headers: { 'Content-Type': 'text/plain' } });
  const { kind, reason } = submission.value;
  const path = reportedPath(request);
  report(kind, reason ? { path, reason } : { path });
  return new Response(null, { status: 204 });
}

export async function loader() {
  return new Response('Not Found', { status: 404 });
}
