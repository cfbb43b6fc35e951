/**
 * How long a signed-in session lasts on the server (docs/sign-in-limits.md, "Sessions"). The app
 * keeps its tokens in a 30-day cookie, but a cookie is the client's: the platform decides when a
 * session has ended, so a stolen or forgotten refresh token stops working on its own.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A session ends this long after the seller signed in, however much it is used. */
export const SESSION_ABSOLUTE_LIMIT_MS = 30 * DAY_MS;
/** A session ends after this long without a refresh or an authenticated call. */
export const SESSION_IDLE_LIMIT_MS = 7 * DAY_MS;
/**
 * last_seen_at is kept to this precision: an authenticated call writes it only when the stored
 * value is older, so a busy session costs one write an hour instead of one per call. Against a
 * 7-day idle limit an hour is nothing.
 */
export const LAST_SEEN_PRECISION_MS = HOUR_MS;

export interface SessionTimes {
  created_at: string;
  /** Null only on rows that no call has touched since they were written without it. */
  last_seen_at: string | null;
}

export type SessionEnd = 'absolute' | 'idle';

const lastSeenMs = (row: SessionTimes) => Date.parse(row.last_seen_at ?? row.created_at);

/** Why the session has ended at `nowMs`, or null while it lives. */
export function sessionEnded(row: SessionTimes, nowMs: number): SessionEnd | null {
  if (nowMs - Date.parse(row.created_at) >= SESSION_ABSOLUTE_LIMIT_MS) return 'absolute';
  if (nowMs - lastSeenMs(row) >= SESSION_IDLE_LIMIT_MS) return 'idle';
  return null;
}

/** Whether a use at `nowMs` should be written down (see LAST_SEEN_PRECISION_MS). */
export function lastSeenIsStale(row: SessionTimes, nowMs: number): boolean {
  return nowMs - lastSeenMs(row) >= LAST_SEEN_PRECISION_MS;
}
