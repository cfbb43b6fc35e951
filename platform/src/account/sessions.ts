import type { endpoints } from '../../../contract/endpoints';
import type { RevokeOthersResponse, SessionListResponse, SessionSummary } from '../../../contract/sessions';
import { shortSessionId } from '../auth';
import { clockNowIso, clockNowMs } from '../clock';
import { listLiveSessions, revokeSessionsStatement } from '../records/sessions';
import type { TypedHandler } from '../router';
import { SESSION_ABSOLUTE_LIMIT_MS, sessionEnded } from '../session-limits';
import { emailSessionsEnded } from './notices';

/**
 * The seller's own signed-in sessions (docs/sign-in-limits.md, "Sessions"). Every query is bound
 * to the caller's user id: a seller can neither see nor end anyone else's. Ending sessions is told
 * to the account's address, whichever session did it.
 */

/** GET /platform/api/sessions: the caller's live sessions, this one first, then the most recently used. */
export const listSessions: TypedHandler<typeof endpoints.account.sessions> = async ({ customer }, ctx) => {
  const now = clockNowMs();
  // Older sessions have ended whatever their use: the bound keeps the read small.
  const rows = await listLiveSessions(ctx.env.DB, customer.user.id, new Date(now - SESSION_ABSOLUTE_LIMIT_MS).toISOString());
  const sessions: SessionSummary[] = await Promise.all(
    rows
      .filter((row) => !sessionEnded(row, now))
      .map(async (row) => ({
        shortId: await shortSessionId(row.id),
        device: row.device ?? 'Unknown device',
        network: row.network ?? 'unknown',
        startedAt: row.created_at,
        lastSeenAt: row.last_seen_at ?? row.created_at,
        current: row.id === customer.sessionId,
      })),
  );
  sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  return { sessions } satisfies SessionListResponse;
};

/** POST /platform/api/sessions/revoke-others: ends every other session of the caller; this one stays. */
export const revokeOtherSessions: TypedHandler<typeof endpoints.account.revokeOtherSessions> = async ({ customer }, ctx) => {
  const result = await revokeSessionsStatement(ctx.env.DB, customer.user.id, clockNowIso(), customer.sessionId).run();
  const revoked = result.meta.changes ?? 0;
  if (revoked) await emailSessionsEnded(ctx.env, customer.user, customer.sessionId, 'others');
  return { revoked } satisfies RevokeOthersResponse;
};

/**
 * POST /platform/api/sessions/revoke-all: "Sign out everywhere, including here". The one way to end a
 * copy of this very session (a copied cookie is this session's own row, which "other devices" spares).
 */
export const revokeAllSessions: TypedHandler<typeof endpoints.account.revokeAllSessions> = async ({ customer }, ctx) => {
  const result = await revokeSessionsStatement(ctx.env.DB, customer.user.id, clockNowIso()).run();
  await emailSessionsEnded(ctx.env, customer.user, customer.sessionId, 'all');
  return { revoked: result.meta.changes ?? 0 } satisfies RevokeOthersResponse;
};
