/**
 * Cross-site request refusal (OWASP CSRF cheat sheet, "Fetch Metadata" and "Origin" checks): a
 * state-changing request must come from a page of this site. Browsers send Sec-Fetch-Site on every
 * request; where it is missing (older browsers) the Origin header decides; a request with neither
 * is not from a browser form on another site, and SameSite=Lax keeps the session cookie off
 * cross-site posts anyway.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether the Origin names another host than the request's (X-Forwarded-Host, else Host), or is
 * not an origin at all. Remix makes the same comparison before any action and throws, which is a
 * bare 500 (server-runtime's throwIfPotentialCSRFAttack); a page of ours never sends either, and
 * X-Forwarded-Host is any client's to write. So it is refused here first, as what it is.
 */
function originMismatchesHost(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  let originHost: string;
  if (origin === 'null') originHost = 'null';
  else {
    try {
      originHost = new URL(origin).host;
    } catch {
      return true;
    }
  }
  const forwardedHost = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  const host = forwardedHost || request.headers.get('host') || new URL(request.url).host;
  return originHost !== host;
}

export function isCrossSite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (originMismatchesHost(request)) return true;
  const site = request.headers.get('sec-fetch-site');
  // 'none' is a navigation the person started (a bookmark, the address bar).
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return origin !== new URL(request.url).origin;
}

/**
 * A form the seller posted from one of our own pages (the browser says so with Sec-Fetch-Site, or
 * an older one with Origin): its gateway calls carry the session id (gateway.server.ts). A caller
 * that says neither is not a browser posting one of our forms.
 */
export function isSameOriginPost(request: Request): boolean {
  if (request.method !== 'POST') return false;
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  return request.headers.get('origin') === new URL(request.url).origin;
}
