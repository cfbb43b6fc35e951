/** Generated images the gateway serves (vehicles, dealer logos): SVG only, by a strict name. */
export const MEDIA_PATH = /^(vehicles|dealers)\/[a-z0-9-]{1,60}\.svg$/;

/** The app's address of a gateway image path (`/platform/images/…` → `/media/…`), or null. */
export function mediaUrl(platformPath: string): string | null {
  const name = platformPath.replace(/^\/platform\/images\//, '');
  return MEDIA_PATH.test(name) ? `/media/${name}` : null;
}
