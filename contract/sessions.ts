/**
 * A seller's signed-in sessions (docs/sign-in-limits.md, "Sessions"): shapes shared by the platform
 * and the app. A session is never named by its id here: the list only describes them.
 */

/** One live session in GET /platform/api/sessions. */
export interface SessionSummary {
  /** Six characters that name the session in the e-mails about it (a hash of its id, never the id). */
  shortId: string;
  /** A short description of the browser it was started in: 'Chrome on Android'. */
  device: string;
  /** The network or place the edge reported when it started ('BT, London, GB'), or 'unknown'. */
  network: string;
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

/** POST /platform/api/sessions/revoke-others (and /revoke-all, this one included): how many sessions were ended. */
export interface RevokeOthersResponse {
  revoked: number;
}

/** The header the app forwards the seller's User-Agent in, so a new session knows its device. */
export const CLIENT_USER_AGENT_HEADER = 'x-client-user-agent';

/**
 * The header the app forwards where the seller's request came from, as the edge reports it
 * (request.cf: the network's name, the city, the country); 'unknown' where there is no edge.
 */
export const CLIENT_NETWORK_HEADER = 'x-client-network';
