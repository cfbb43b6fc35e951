import type { SessionTimes } from '../session-limits';

/**
 * A seller's signed-in sessions (docs/sign-in-limits.md, "Sessions"): the row the id token names,
 * the hashes of its refresh and auth tokens, and the refresh tokens it has retired. Only hashes are
 * kept: a leaked table lets nobody sign in.
 */

export interface LiveSessionRow extends SessionTimes {
  id: string;
  user_id: number;
}
const LIVE = 'id, user_id, created_at, last_seen_at';

/** A session not revoked, by the id its id token names. */
export function liveSessionById(db: D1Database, id: string): Promise<LiveSessionRow | null> {
  return db.prepare(`SELECT ${LIVE} FROM sessions WHERE id = ?1 AND revoked_at IS NULL`).bind(id).first<LiveSessionRow>();
}

/** A session not revoked, by its auth token's hash. */
export function liveSessionByAuthToken(db: D1Database, authTokenHash: string): Promise<LiveSessionRow | null> {
  return db
    .prepare(`SELECT ${LIVE} FROM sessions WHERE auth_token_hash = ?1 AND revoked_at IS NULL`)
    .bind(authTokenHash)
    .first<LiveSessionRow>();
}

/** A session not revoked, by its current refresh token's hash. */
export function liveSessionByRefreshToken(db: D1Database, refreshTokenHash: string): Promise<LiveSessionRow | null> {
  return db
    .prepare(`SELECT ${LIVE} FROM sessions WHERE refresh_token_hash = ?1 AND revoked_at IS NULL`)
    .bind(refreshTokenHash)
    .first<LiveSessionRow>();
}

export async function noteSessionUse(db: D1Database, id: string, nowIso: string): Promise<void> {
  await db.prepare('UPDATE sessions SET last_seen_at = ?1 WHERE id = ?2').bind(nowIso, id).run();
}

export interface NewSession {
  id: string;
  userId: number;
  refreshTokenHash: string;
  authTokenHash: string;
  createdAt: string;
  device: string | null;
  byProof: boolean;
  network: string;
}

export async function insertSession(db: D1Database, session: NewSession): Promise<void> {
  await db
    .prepare(
      `INSERT INTO sessions (id, user_id, refresh_token_hash, auth_token_hash, created_at, last_seen_at, device, by_proof, network)
       VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8)`,
    )
    .bind(
      session.id,
      session.userId,
      session.refreshTokenHash,
      session.authTokenHash,
      session.createdAt,
      session.device,
      session.byProof ? 1 : 0,
      session.network,
    )
    .run();
}

/** The device and network a session started on. */
export function sessionOrigin(db: D1Database, id: string): Promise<{ device: string | null; network: string | null } | null> {
  return db
    .prepare('SELECT device, network FROM sessions WHERE id = ?1')
    .bind(id)
    .first<{ device: string | null; network: string | null }>();
}

/** Whether the account has had a session on this device and network before. */
export async function hadSessionLike(db: D1Database, userId: number, device: string | null, network: string): Promise<boolean> {
  return !!(await db
    .prepare('SELECT 1 AS yes FROM sessions WHERE user_id = ?1 AND device IS ?2 AND network IS ?3 LIMIT 1')
    .bind(userId, device, network)
    .first());
}

/**
 * Replaces the session's refresh token by its successor and retires the one it replaced, in one
 * batch; null when another request replaced it first.
 */
export async function rotateRefreshTokenRow(
  db: D1Database,
  rotation: { sessionId: string; oldHash: string; newHash: string; nowMs: number },
): Promise<LiveSessionRow | null> {
  const [rotated] = await db.batch<LiveSessionRow>([
    db
      .prepare(
        `UPDATE sessions SET refresh_token_hash = ?2, refreshed_at = ?3, last_seen_at = ?3
          WHERE id = ?4 AND refresh_token_hash = ?1 AND revoked_at IS NULL RETURNING ${LIVE}`,
      )
      .bind(rotation.oldHash, rotation.newHash, new Date(rotation.nowMs).toISOString(), rotation.sessionId),
    db
      .prepare('INSERT OR IGNORE INTO retired_refresh_tokens (token_hash, session_id, retired_at) VALUES (?1, ?2, ?3)')
      .bind(rotation.oldHash, rotation.sessionId, rotation.nowMs),
  ]);
  return rotated?.results[0] ?? null;
}

/** A retired refresh token and the session it belonged to, as that session stands now. */
export function retiredRefreshToken(
  db: D1Database,
  hash: string,
): Promise<(LiveSessionRow & { retired_at: number; current_hash: string; revoked_at: string | null }) | null> {
  return db
    .prepare(
      `SELECT r.retired_at, s.refresh_token_hash AS current_hash, s.revoked_at, s.id, s.user_id, s.created_at, s.last_seen_at
         FROM retired_refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE r.token_hash = ?1`,
    )
    .bind(hash)
    .first();
}

/** Ends one session. */
export async function revokeSession(db: D1Database, id: string, nowIso: string): Promise<void> {
  await db.prepare('UPDATE sessions SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL').bind(id, nowIso).run();
}

/** The statement that ends every session of an account but one (`except`), or all: how many it ended, once run. */
export function revokeSessionsStatement(db: D1Database, userId: number, nowIso: string, except: string | null = null): D1PreparedStatement {
  return except === null
    ? db.prepare('UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND revoked_at IS NULL').bind(nowIso, userId)
    : db.prepare('UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND id != ?3 AND revoked_at IS NULL').bind(nowIso, userId, except);
}

export interface SessionListRow {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  device: string | null;
  network: string | null;
}

/** An account's sessions not revoked and started since `sinceIso`. */
export async function listLiveSessions(db: D1Database, userId: number, sinceIso: string): Promise<SessionListRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, created_at, last_seen_at, device, network FROM sessions
        WHERE user_id = ?1 AND revoked_at IS NULL AND created_at > ?2`,
    )
    .bind(userId, sinceIso)
    .all<SessionListRow>();
  return results;
}
