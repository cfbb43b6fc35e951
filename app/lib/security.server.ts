/** Security headers for every response, and the CSP for documents (with the request's nonce). */

/** A fresh nonce for one document's scripts and styles. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The home page's video, and only once the seller asks for it (a facade until then).
    'frame-src https://www.youtube-nocookie.com',
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

export function applySecurityHeaders(headers: Headers): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/** A public page: five minutes in browsers, an hour at the edge, served stale while it refreshes. */
export const PUBLIC_PAGE_CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';

/** The cookies that make a page the seller's own (who they are, what they chose). */
const PERSONAL_COOKIES = ['kerbside_session', 'kerbside_consent', 'kerbside_sticky_vrm', 'kerbside_flags'];

export function hasPersonalCookies(cookieHeader: string | null): boolean {
  return PERSONAL_COOKIES.some((name) => new RegExp(`(?:^|;\\s*)${name}=`).test(cookieHeader ?? ''));
}

/**
 * Pages read the session (the header shows who is signed in), so they are private and never
 * stored by a shared cache, unless a route flagged `cache` made a public page for a visitor with
 * none of our cookies. Whatever sets a cookie is private, whatever the route said.
 */
export function applyCachePolicy(headers: Headers): void {
  if (headers.has('Set-Cookie') || !headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store');
  if (headers.get('Cache-Control')?.startsWith('public') && headers.get('Content-Type')?.startsWith('text/html'))
    headers.append('Vary', 'Cookie');
}
