import { safeRedirect } from '../../contract/safe-redirect';

/**
 * The app's redirect targets go through the one rule the platform uses too
 * (contract/safe-redirect.ts): a path on this site, or the fallback.
 */
export { safeRedirect, sitePath } from '../../contract/safe-redirect';

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
