import type { endpoints } from '../../../contract/endpoints';
import { sitePath } from '../../../contract/safe-redirect';
import { SHORT_LINK_CODE } from '../../../contract/short-links';
import { clockNow } from '../clock';
import type { TypedHandler } from '../router';
import { deleteShortLinksExpiredBefore, findShortLink, insertShortLink } from './store';

/**
 * Short links on our own domain (docs/notifications.md#short-links): a text has no room for a
 * page's address, so it carries `/s/{code}`, which the app turns into a 302 to the stored path.
 *
 * Codes are 10 characters drawn from the platform's random source over 56 letters and digits that
 * cannot be misread (no 0/O/o, 1/l/I): about 3 × 10^17 codes, so a guess finds nothing, and a
 * link that is found only ever leads to a page of ours, which asks for sign-in where it needs it.
 */
export const SHORT_LINK_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const SHORT_LINK_LENGTH = 10;
/** A stored path longer than this is not a page of ours (the app's redirect rule refuses it too). */
const MAX_PATH_LENGTH = 2048;
/** A clash among 10^17 codes is all but impossible; trying again a few times costs nothing. */
const ATTEMPTS = 5;

export function newShortLinkCode(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  // 256 is not a multiple of the alphabet's size: drop draws past the last whole multiple so every
  // character is as likely as any other.
  const size = SHORT_LINK_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < SHORT_LINK_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < limit && code.length < SHORT_LINK_LENGTH) code += SHORT_LINK_ALPHABET[byte % size];
    }
  }
  return code;
}

/**
 * Whether a short link may lead to `path`: one path on our own origin, written as the browser will
 * read it. Starting with one slash (so no scheme), no `//` anywhere, no backslash, no control
 * characters or spaces, and unchanged by the redirect rule (contract/safe-redirect.ts), so a dot
 * segment or an encoding cannot make it another host later.
 */
export function isShortLinkPath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_PATH_LENGTH) return false;
  if (!path.startsWith('/') || path.includes('//') || path.includes('\\')) return false;
  // Any character below space or DEL, and any whitespace: none belongs in a path we wrote.
  if (/[\u0000-\u0020\u007f-\u00a0\s]/.test(path)) return false;
  return sitePath(path) === path;
}

/**
 * A new short link to `path`, working for `ttlMs` from `now`; answers its code. Refuses (throws) a
 * path that is not one of our own: the caller built it, so that is a bug to hear about, not a
 * link to send.
 */
export async function createShortLink(db: D1Database, path: string, options: { now: Date; ttlMs: number }): Promise<string> {
  if (!isShortLinkPath(path)) throw new Error(`A short link leads to a path on our own site only, not ${JSON.stringify(path)}`);
  if (!Number.isFinite(options.ttlMs) || options.ttlMs <= 0) throw new Error('A short link needs a positive lifetime');
  const createdAt = options.now.toISOString();
  const expiresAt = new Date(options.now.getTime() + options.ttlMs).toISOString();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const code = newShortLinkCode();
    if (await insertShortLink(db, { code, path, createdAt, expiresAt })) return code;
  }
  throw new Error('Could not find a free short link code');
}

/**
 * GET /platform/s/:code: where a short link leads. 404 for a code we never made (or not of the
 * shape we make), 410 once it has expired. The app checks the path again before redirecting.
 */
export const resolveShortLink: TypedHandler<typeof endpoints.notify.shortLink> = async ({ params }, ctx) => {
  const unknown = () => ctx.outcome({ status: 404, code: 'not_found', message: 'We don’t recognise this link' });
  if (!SHORT_LINK_CODE.test(params.code)) return unknown();
  const row = await findShortLink(ctx.env.DB, params.code);
  if (!row) return unknown();
  if (Date.parse(row.expires_at) <= clockNow().getTime())
    return ctx.outcome({ status: 410, code: 'expired', message: 'This link has expired' });
  return { path: row.path };
};

/** How long an expired link still gets the "expired" page before it is deleted. */
export const EXPIRED_LINKS_KEPT_MS = 90 * 24 * 3600 * 1000;

/** Deletes links expired more than EXPIRED_LINKS_KEPT_MS ago (the daily Cron Trigger). */
export async function deleteOldShortLinks(db: D1Database, now: Date): Promise<number> {
  return deleteShortLinksExpiredBefore(db, new Date(now.getTime() - EXPIRED_LINKS_KEPT_MS).toISOString());
}
