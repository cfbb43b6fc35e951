import { isbot } from 'isbot';
import { isDocumentGet } from './url-hygiene.server';

/**
 * What counts as a page view (docs/behaviour/gateway.md#analytics): a person's browser getting a
 * page of ours. A document counts when it is one: a GET answered 200 with HTML, to a browser that is
 * not a bot. Never counted: a client-side navigation's data (`/{path}.data`, `/_root.data` for the
 * home page: the browser reports the navigation itself, /api/page-view), the route manifest
 * (`/__manifest`), images, scripts, the sitemap and other files, redirects, error pages, and bots.
 */
export function isDocumentView(request: Request, response: Response): boolean {
  if (!isDocumentGet(request) || response.status !== 200) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  return isPerson(request);
}

/** A browser a person uses: with a User-Agent, and not one of a bot. */
export function isPerson(request: Request): boolean {
  const agent = request.headers.get('user-agent') ?? '';
  return agent !== '' && !isbot(agent);
}

/**
 * The path of a client-side navigation the browser reports: one of our pages' paths, never a
 * data, manifest, build or endpoint address (those are not pages), and short.
 */
export function viewedPath(path: string): string | null {
  if (path.length > 300 || !path.startsWith('/') || path.startsWith('//') || /[\s?#\\]/.test(path)) return null;
  if (path.endsWith('.data') || /^\/(__manifest|_root|build|api|media|chat|dev)(\/|\.|$)/.test(path)) return null;
  return path;
}
