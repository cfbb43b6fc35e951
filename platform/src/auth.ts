import { ADDRESS_UNPROVEN, type AuthResponse, type CrmTier } from '../../contract/accounts';
import { intVar, tokenSecret, type PlatformEnv } from './env';
import { errorResponse } from './http';
import { randomToken, sha256, signIdToken, verifyIdToken } from './tokens';
import { clockNowIso, clockNowMs } from './clock';
import { CLIENT_USER_AGENT_HEADER } from '../../contract/sessions';
import { lastSeenIsStale, sessionEnded, type SessionTimes } from './session-limits';
import { describeDevice } from './user-agent';

export const DEFAULT_ID_TOKEN_TTL = 86_400;

export interface UserRow {
  id: number;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  postcode: string;
  email_crm_tier: CrmTier;
  referred_by?: number | null;
  /** When the seller proved the address by opening a link sent to it; null until then. */
  email_verified_at: string | null;
  /** When the seller stopped texts (a STOP reply, /unsubscribe/sms or the account page); null while texts go. */
  sms_stopped_at?: string | null;
  created_at: string;
  updated_at: string;
}

export type Caller =
  { kind: 'customer'; user: UserRow; sessionId: string; requesterId: string | null } | { kind: 'anonymous'; requesterId: string | null };

/**
 * Who is calling (docs/behaviour/gateway.md#shared-request-behaviour): the id token in x-mway-authorization, else the auth token in
 * x-access-token, else an anonymous requester. A token that does not check out is 'invalid', so
 * the caller answers 401 and the app refreshes or signs the seller out.
 */
export async function authenticate(request: Request, env: PlatformEnv): Promise<Caller | 'invalid'> {
  const requesterId = request.headers.get('x-requester-id');
  const idToken = request.headers.get('x-mway-authorization');
  const authToken = request.headers.get('x-access-token');
  let session: LiveSessionRow | null = null;
  if (idToken) {
    const verified = await verifyIdToken(idToken, tokenSecret(env), Math.floor(clockNowMs() / 1000));
    if (!verified.ok) return 'invalid';
    session = await env.DB.prepare(`SELECT ${LIVE_SESSION_COLUMNS} FROM sessions WHERE id = ?1 AND revoked_at IS NULL`)
      .bind(verified.claims.sid)
      .first();
  } else if (authToken) {
    session = await env.DB.prepare(`SELECT ${LIVE_SESSION_COLUMNS} FROM sessions WHERE auth_token_hash = ?1 AND revoked_at IS NULL`)
      .bind(await sha256(authToken))
      .first();
  } else {
    return { kind: 'anonymous', requesterId };
  }
  // A session past its limits has ended even though its id token has not expired yet.
  if (!session || !(await useSession(env, session))) return 'invalid';
  const user = await env.DB.prepare('SELECT * FROM users WHERE id = ?1').bind(session.user_id).first<UserRow>();
  return user ? { kind: 'customer', user, sessionId: session.id, requesterId } : 'invalid';
}

export function ownerKey(caller: Caller): string | null {
  if (caller.kind === 'customer') return `customer:${caller.user.id}`;
  return caller.requesterId ? `requester:${caller.requesterId}` : null;
}

export const invalidToken = () => errorResponse(401, 'token_invalid', 'The session has ended or the token is not valid');

/**
 * For endpoints that need a signed-in seller: the user, or the answer to send instead. With
 * `provenAddress`, the seller must also have proven the address (403 address_unproven): what
 * moves money or shows documents waits for that (docs/decisions/014).
 */
export async function requireCustomer(
  request: Request,
  env: PlatformEnv,
  { provenAddress = false } = {},
): Promise<Extract<Caller, { kind: 'customer' }> | Response> {
  const caller = await authenticate(request, env);
  if (caller === 'invalid') return invalidToken();
  if (caller.kind !== 'customer') return errorResponse(401, 'unauthorised', 'Sign in first');
  if (provenAddress && !caller.user.email_verified_at) {
    return errorResponse(403, ADDRESS_UNPROVEN, 'Confirm your e-mail address first: open the link we sent you');
  }
  return caller;
}

export function idTokenTtl(env: PlatformEnv): number {
  return intVar(env.ID_TOKEN_TTL_SECONDS, DEFAULT_ID_TOKEN_TTL);
}

export interface LiveSessionRow extends SessionTimes {
  id: string;
  user_id: number;
}
export const LIVE_SESSION_COLUMNS = 'id, user_id, created_at, last_seen_at';

/**
 * An authenticated call's use of a session: false when it has ended under the limits
 * (session-limits.ts), else true, with the use written down at most once an hour.
 */
async function useSession(env: PlatformEnv, session: LiveSessionRow): Promise<boolean> {
  const now = clockNowMs();
  if (sessionEnded(session, now)) return false;
  if (lastSeenIsStale(session, now)) {
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ?1 WHERE id = ?2').bind(new Date(now).toISOString(), session.id).run();
  }
  return true;
}

/**
 * A new signed-in session for a user: id token, refresh token and auth token. The request is the
 * sign-in or sign-up call, whose x-client-user-agent names the seller's browser for their list.
 */
export async function startSession(env: PlatformEnv, user: UserRow, request?: Request): Promise<AuthResponse['tokens']> {
  return (await openSession(env, user, { request })).tokens;
}

/**
 * A new session and its id. `byProof`: started by opening a link sent to the address, the kind of
 * session that proving the address keeps (account/sign-in-links.ts).
 */
export async function openSession(
  env: PlatformEnv,
  user: UserRow,
  { byProof = false, request }: { byProof?: boolean; request?: Request } = {},
): Promise<{ sid: string; tokens: AuthResponse['tokens'] }> {
  const sid = randomToken(16);
  const refreshToken = randomToken();
  const authToken = randomToken();
  const now = clockNowIso();
  const device = describeDevice(request?.headers.get(CLIENT_USER_AGENT_HEADER));
  await env.DB.prepare(
    'INSERT INTO sessions (id, user_id, refresh_token_hash, auth_token_hash, created_at, last_seen_at, device, by_proof) VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7)',
  )
    .bind(sid, user.id, await sha256(refreshToken), await sha256(authToken), now, device, byProof ? 1 : 0)
    .run();
  return { sid, tokens: { idToken: await issueIdToken(env, user, sid), refreshToken, expiresIn: idTokenTtl(env), auth_token: authToken } };
}

export async function issueIdToken(env: PlatformEnv, user: Pick<UserRow, 'id' | 'email'>, sid: string): Promise<string> {
  const iat = Math.floor(clockNowMs() / 1000);
  return signIdToken({ sub: user.id, sid, email: user.email, token_use: 'id', iat, exp: iat + idTokenTtl(env) }, tokenSecret(env));
}
