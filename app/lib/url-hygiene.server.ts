/**
 * Credentials must not linger in URLs (history, logs, referrers): these query parameters are
 * removed by a redirect everywhere but under the auth path prefix, where sign-in links land.
 */
export const SENSITIVE_PARAMS = ['token', 'authorization_code', 'clientId', 'redirectUri', 'username'] as const;
export const AUTH_PATH_PREFIX = '/auth/';

/** The same URL without sensitive parameters, or null when there is nothing to remove. */
export function withoutSensitiveParams(url: URL): string | null {
  if (url.pathname.startsWith(AUTH_PATH_PREFIX)) return null;
  if (!SENSITIVE_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const clean = new URL(url);
  for (const name of SENSITIVE_PARAMS) clean.searchParams.delete(name);
  return clean.pathname + clean.search + clean.hash;
}

/** A document navigation (not a Remix data request, not a form post). */
export function isDocumentGet(request: Request): boolean {
  const url = new URL(request.url);
  return request.method === 'GET' && !url.pathname.endsWith('.data') && !url.searchParams.has('_data');
}
