/**
 * A seller's signed-in sessions (docs/sign-in-limits.md, "Sessions"): shapes shared by the platform
 * and the app. A session is never named by its id here: the list only describes them.
 */

/** One live session in GET /platform/api/sessions. */
export interface SessionSummary {
  /** A short description of the browser it was started in: 'Chrome on Android'. */
  device: string;
  /** When the seller signed in (ISO instant). */
  startedAt: string;
  /** When it was last used, to the hour (ISO instant). */
  lastSeenAt: string;
  /** The session that asked for the list. */
  current: boolean;
}

/** GET /platform/api/sessions: the caller's live sessions, theirs first, then the most recently used. */
export interface SessionListResponse {
  sessions: SessionSummary[];
}

/** POST /platform/api/sessions/revoke-others: how many other sessions were ended. */
export interface RevokeOthersResponse {
  revoked: number;
}

/** The header the app forwards the seller's User-Agent in, so a new session knows its device. */
export const CLIENT_USER_AGENT_HEADER = 'x-client-user-agent';
