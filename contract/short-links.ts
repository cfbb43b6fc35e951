/**
 * The shape of a short link's code (`/s/{code}`, docs/notifications.md#short-links), for both
 * workers: the platform makes codes of it, the app asks about nothing else. Ten characters from
 * letters and digits that cannot be misread (no 0/O/o, 1/l/I).
 */
export const SHORT_LINK_CODE = /^[A-HJ-NP-Za-km-np-z2-9]{10}$/;

/** Where a short link leads, as the platform answers `GET /platform/s/:code`. */
export interface ShortLinkTarget {
  /** A path on our own site (never a full address). */
  path: string;
}
