/**
 * The one way the app turns input (a query parameter, a form field, a Referer) into a redirect
 * target: a path on this site, or the fallback. `remix-utils/safe-redirect` lets `/\t/evil.example`
 * through (the URL parser drops the tab and the browser leaves the site), so this check is stricter:
 * the target must be a plain absolute path, with no control characters, whitespace or backslashes,
 * and must still be on our origin after the URL parser has had its say.
 */
const PROBE_ORIGIN = 'https://kerbside.invalid';

export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback;
  // Control characters, any whitespace and backslashes: browsers strip or reinterpret all of them.
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/.test(target)) return fallback;
  if (!target.startsWith('/') || target.startsWith('//')) return fallback;
  // Percent-encoded slashes or backslashes at the start can be decoded into `//host` by a proxy.
  if (/^\/(%2f|%5c)/i.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return url.pathname + url.search + url.hash;
}

/** Where a form posted from: the Referer's path when it is this site's own page, else the fallback. */
export function sameSiteReferer(request: Request, fallback = '/'): string {
  const referer = request.headers.get('referer');
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return fallback;
    return safeRedirect(url.pathname + url.search + url.hash, fallback);
  } catch {
    return fallback;
  }
}
