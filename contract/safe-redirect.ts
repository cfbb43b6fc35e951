/**
 * The one rule, for the app and the platform alike, that turns input (a query parameter, a form
 * field, a Referer, a path segment, the request's own path) into a redirect target: a path on this
 * site, or the fallback.
 *
 * A target is kept only when the WHATWG URL parser, resolving it against our origin, stays on our
 * origin, and the path it gives back, resolved again (as the browser does with a Location), still
 * does and still reads the same. That second look is what a one-step check misses: `/.//evil.example`
 * and `/a/..//evil.example` resolve on our origin to the path `//evil.example`, which a browser then
 * reads as another host. Before that, anything browsers strip or reinterpret is refused outright
 * (control characters, whitespace, backslashes: `remix-utils/safe-redirect` lets `/\t/evil.example`
 * through), and the path is also checked after percent-decoding, because a proxy or a second
 * decoding can turn `/%2f%2fevil.example` into `//evil.example`.
 */
const PROBE_ORIGIN = 'https://kerbside.invalid';
const MAX_LENGTH = 2048;
/** Control characters, any whitespace and backslashes: browsers strip or reinterpret all of them. */
const REINTERPRETED = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
/** How many rounds of percent-decoding a path must survive (`%25252f` is three). */
const DECODING_ROUNDS = 3;

export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return fallback;
  return sitePath(target) ?? fallback;
}

/** The target as a path on this site (pathname, query and fragment), or null when it is not one. */
export function sitePath(target: string): string | null {
  if (REINTERPRETED.test(target) || !startsWithOneSlash(target)) return null;
  const resolved = resolveOnSite(target);
  if (resolved === null) return null;
  // What the browser does with the Location: resolve it once more. It must land on the same path.
  if (!startsWithOneSlash(resolved) || resolveOnSite(resolved) !== resolved) return null;
  if (!survivesDecoding(resolved)) return null;
  return resolved;
}

function startsWithOneSlash(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}

/** The path the URL parser makes of `target` on our origin, or null when it leaves the origin. */
function resolveOnSite(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * The pathname, percent-decoded once, twice and three times, must still be one path on our origin:
 * never `//host` or `/\host`, however it was encoded.
 */
function survivesDecoding(resolved: string): boolean {
  let pathname = new URL(resolved, PROBE_ORIGIN).pathname;
  for (let round = 0; round < DECODING_ROUNDS; round++) {
    const decoded = decodeLoosely(pathname);
    if (decoded === pathname) return true;
    // The URL parser removes tabs and newlines anywhere, so they cannot hide a second slash.
    const bare = decoded.replace(/[\t\n\r]/g, '');
    if (/^[/\\][/\\]/.test(bare) || /^[/\\][\u0000-\u0020]*[/\\]/.test(bare)) return false;
    let url: URL;
    try {
      url = new URL(bare, PROBE_ORIGIN);
    } catch {
      return false;
    }
    if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return false;
    pathname = decoded;
  }
  return false;
}

/** Percent-decoding that leaves a malformed escape as it is rather than throwing. */
function decodeLoosely(value: string): string {
  return value.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => {
        const code = parseInt(hex, 16);
        return code < 0x80 ? String.fromCharCode(code) : `%${hex}`;
      });
    }
  });
}
