import type { RevokeOthersResponse, SessionListResponse, SessionSummary } from '../../../contract/sessions';
import { requireCustomer } from '../auth';
import { clockNowIso, clockNowMs } from '../clock';
import type { PlatformEnv } from '../env';
import { json } from '../http';
import { SESSION_ABSOLUTE_LIMIT_MS, sessionEnded } from '../session-limits';

/**
 * The seller's own signed-in sessions (docs/sign-in-limits.md, "Sessions"). Every query is bound
 * to the caller's user id: a seller can neither see nor end anyone else's.
 */

interface SessionListRow {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  device: string | null;
}

/** GET /platform/api/sessions: the caller's live sessions, this one first, then the most recently used. */
export async function listSessions(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const now = clockNowMs();
  // Older sessions have ended whatever their use: the bound keeps the read small.
  const { results } = await env.DB.prepare(
    `SELECT id, created_at, last_seen_at, device FROM sessions
      WHERE user_id = ?1 AND revoked_at IS NULL AND created_at > ?2`,
  )
    .bind(caller.user.id, new Date(now - SESSION_ABSOLUTE_LIMIT_MS).toISOString())
    .all<SessionListRow>();
  const sessions: SessionSummary[] = results
    .filter((row) => !sessionEnded(row, now))
    .map((row) => ({
      device: row.device ?? 'Unknown device',
      startedAt: row.created_at,
      lastSeenAt: row.last_seen_at ?? row.created_at,
      current: row.id === caller.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  return json({ sessions } satisfies SessionListResponse);
}

/** POST /platform/api/sessions/revoke-others: ends every other session of the caller; this one stays. */
export async function revokeOtherSessions(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const result = await env.DB.prepare('UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND id != ?3 AND revoked_at IS NULL')
    .bind(clockNowIso(), caller.user.id, caller.sessionId)
    .run();
  return json({ revoked: result.meta.changes ?? 0 } satisfies RevokeOthersResponse);
}
