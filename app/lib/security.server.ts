/** Security headers for every response, and the CSP for documents (with the request's nonce). */

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

/**
 * Pages read the session (the header shows who is signed in), so they are private and never
 * stored by a shared cache. A leaf route that knows better sets its own Cache-Control.
 */
export function applyCachePolicy(headers: Headers): void {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store');
}
