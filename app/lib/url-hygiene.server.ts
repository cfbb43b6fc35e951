/**
 * Credentials must not linger in URLs (history, logs, referrers): these query parameters are
 * removed by a redirect everywhere but under the auth path prefix, where sign-in links land.
 */
export const SENSITIVE_PARAMS = ['token', 'authorization_code', 'clientId', 'redirectUri', 'username'] as const;
export const AUTH_PATH_PREFIX = '/auth/';

import { safeRedirect } from './safe-redirect';

/**
 * The same URL without sensitive parameters, or null when there is nothing to remove. The path is
 * the request's own, so it goes through the redirect rule like any other target: a request for
 * `//evil.example/?token=1` must not be answered with `Location: //evil.example/`.
 */
export function withoutSensitiveParams(url: URL): string | null {
  if (url.pathname.startsWith(AUTH_PATH_PREFIX)) return null;
  if (!SENSITIVE_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const clean = new URL(url);
  for (const name of SENSITIVE_PARAMS) clean.searchParams.delete(name);
  return safeRedirect(clean.pathname + clean.search + clean.hash, '/');
}

/** A document navigation (not a Remix data request, not a form post). */
export function isDocumentGet(request: Request): boolean {
  const url = new URL(request.url);
  return request.method === 'GET' && !url.pathname.endsWith('.data') && !url.searchParams.has('_data');
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The last word on a response's Location (server.ts): a path goes through the redirect rule; an
 * address with a scheme is kept only when it is this site or one of our outside sites from
 * configuration (the dealer site, the help centre). Routes apply the rule to their own input; this
 * catches a target built from input that did not, before it reaches a browser. (A Remix data
 * request's redirect travels in its body, not in a header: those are the routes' to get right.)
 */
export function keepLocationOnSite(headers: Headers, requestUrl: string, outsideSites: readonly string[]): void {
  const location = headers.get('Location');
  if (location === null) return;
  const kept = onSiteLocation(location, new URL(requestUrl).origin, outsideSites);
  if (kept === location) return;
  console.warn(JSON.stringify({ event: 'response.location_refused', path: new URL(requestUrl).pathname }));
  headers.set('Location', kept);
}

export function onSiteLocation(location: string, origin: string, outsideSites: readonly string[]): string {
  if (!SCHEME.test(location)) return safeRedirect(location, '/');
  const target = webOrigin(location);
  if (target === null) return '/';
  return target === origin || outsideSites.some((site) => webOrigin(site) === target) ? location : '/';
}

/** The origin of an http(s) address, or null for anything else (`javascript:`, `data:`, nonsense). */
function webOrigin(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
