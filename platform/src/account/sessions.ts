import type { RevokeOthersResponse, SessionListResponse, SessionSummary } from '../../../contract/sessions';
import { requireCustomer, shortSessionId } from '../auth';
import { clockNowIso, clockNowMs } from '../clock';
import type { PlatformEnv } from '../env';
import { json } from '../http';
import { SESSION_ABSOLUTE_LIMIT_MS, sessionEnded } from '../session-limits';
import { emailSessionsEnded } from './notices';

/**
 * The seller's own signed-in sessions (docs/sign-in-limits.md, "Sessions"). Every query is bound
 * to the caller's user id: a seller can neither see nor end anyone else's. Ending sessions is told
 * to the account's address, whichever session did it.
 */

interface SessionListRow {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  device: string | null;
  network: string | null;
}

/** GET /platform/api/sessions: the caller's live sessions, this one first, then the most recently used. */
export async function listSessions(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const now = clockNowMs();
  // Older sessions have ended whatever their use: the bound keeps the read small.
  const { results } = await env.DB.prepare(
    `SELECT id, created_at, last_seen_at, device, network FROM sessions
      WHERE user_id = ?1 AND revoked_at IS NULL AND created_at > ?2`,
  )
    .bind(caller.user.id, new Date(now - SESSION_ABSOLUTE_LIMIT_MS).toISOString())
    .all<SessionListRow>();
  const sessions: SessionSummary[] = await Promise.all(
    results
      .filter((row) => !sessionEnded(row, now))
      .map(async (row) => ({
        shortId: await shortSessionId(row.id),
        device: row.device ?? 'Unknown device',
        network: row.network ?? 'unknown',
        startedAt: row.created_at,
        lastSeenAt: row.last_seen_at ?? row.created_at,
        current: row.id === caller.sessionId,
      })),
  );
  sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  return json({ sessions } satisfies SessionListResponse);
}

/** POST /platform/api/sessions/revoke-others: ends every other session of the caller; this one stays. */
export async function revokeOtherSessions(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const result = await env.DB.prepare('UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND id != ?3 AND revoked_at IS NULL')
    .bind(clockNowIso(), caller.user.id, caller.sessionId)
    .run();
  const revoked = result.meta.changes ?? 0;
  if (revoked) await emailSessionsEnded(env, caller.user, caller.sessionId, 'others');
  return json({ revoked } satisfies RevokeOthersResponse);
}

/**
 * POST /platform/api/sessions/revoke-all: "Sign out everywhere, including here". The one way to end a
 * copy of this very session (a copied cookie is this session's own row, which "other devices" spares).
 */
export async function revokeAllSessions(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const result = await env.DB.prepare('UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND revoked_at IS NULL')
    .bind(clockNowIso(), caller.user.id)
    .run();
  await emailSessionsEnded(env, caller.user, caller.sessionId, 'all');
  return json({ revoked: result.meta.changes ?? 0 } satisfies RevokeOthersResponse);
}
