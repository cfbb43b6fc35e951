import { ADDRESS_UNPROVEN, type AuthResponse } from '../../contract/accounts';
import { findCustomer, type UserRow } from './records/customers';

export type { UserRow };
import { intVar, tokenSecret, type PlatformEnv } from './env';
import { errorResponse } from './http';
import { nextRefreshToken, randomToken, sha256, signIdToken, verifyIdToken } from './tokens';
import { clockNowIso, clockNowMs } from './clock';
import { CLIENT_NETWORK_HEADER, CLIENT_USER_AGENT_HEADER } from '../../contract/sessions';
import { lastSeenIsStale, sessionEnded } from './session-limits';
import {
  insertSession,
  liveSessionByAuthToken,
  liveSessionById,
  liveSessionByRefreshToken,
  noteSessionUse,
  retiredRefreshToken,
  revokeSession,
  rotateRefreshTokenRow,
  sessionOrigin,
  type LiveSessionRow,
} from './records/sessions';
import { describeDevice } from './user-agent';

/**
 * An id token lives 15 minutes unless ID_TOKEN_TTL_SECONDS says otherwise. Short, because each
 * refresh rotates the refresh token and a copied cookie is found out at the next refresh of either
 * copy (docs/decisions/031): the shorter the id token, the sooner that is.
 */
export const DEFAULT_ID_TOKEN_TTL = 900;

export type Caller =
  { kind: 'customer'; user: UserRow; sessionId: string; requesterId: string | null } | { kind: 'anonymous'; requesterId: string | null };

/** A signed-in seller calling. */
export type Customer = Extract<Caller, { kind: 'customer' }>;

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
    session = await liveSessionById(env.DB, verified.claims.sid);
  } else if (authToken) {
    session = await liveSessionByAuthToken(env.DB, await sha256(authToken));
  } else {
    return { kind: 'anonymous', requesterId };
  }
  // A session past its limits has ended even though its id token has not expired yet.
  if (!session || !(await useSession(env, session))) return 'invalid';
  const user = await findCustomer(env.DB, session.user_id);
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
export async function requireCustomer(request: Request, env: PlatformEnv, { provenAddress = false } = {}): Promise<Customer | Response> {
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

export type { LiveSessionRow };

/**
 * An authenticated call's use of a session: false when it has ended under the limits
 * (session-limits.ts), else true, with the use written down at most once an hour.
 */
async function useSession(env: PlatformEnv, session: LiveSessionRow): Promise<boolean> {
  const now = clockNowMs();
  if (sessionEnded(session, now)) return false;
  if (lastSeenIsStale(session, now)) {
    await noteSessionUse(env.DB, session.id, new Date(now).toISOString());
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

/** What the app forwards about where a session started: its network or place, as the edge saw it. */
export function networkOf(request: Request | undefined): string {
  const value = request?.headers.get(CLIENT_NETWORK_HEADER)?.trim();
  // Only the app sets it (the gateway secret), but it is still a header: keep it short and plain.
  return value ? value.replace(/[^\p{L}\p{N} ,.&'()-]/gu, '').slice(0, 80) || 'unknown' : 'unknown';
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
  await insertSession(env.DB, {
    id: sid,
    userId: user.id,
    refreshTokenHash: await sha256(refreshToken),
    authTokenHash: await sha256(authToken),
    createdAt: now,
    device,
    byProof,
    network: networkOf(request),
  });
  return { sid, tokens: { idToken: await issueIdToken(env, user, sid), refreshToken, expiresIn: idTokenTtl(env), auth_token: authToken } };
}

export async function issueIdToken(env: PlatformEnv, user: Pick<UserRow, 'id' | 'email'>, sid: string): Promise<string> {
  const iat = Math.floor(clockNowMs() / 1000);
  return signIdToken({ sub: user.id, sid, email: user.email, token_use: 'id', iat, exp: iat + idTokenTtl(env) }, tokenSecret(env));
}

/**
 * A session's short id, as the seller's device list and the e-mails about their sessions show it:
 * six characters of a hash of the session's id, so the list can be matched to an e-mail without
 * showing any of the id itself.
 */
export async function shortSessionId(sid: string): Promise<string> {
  const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`session:${sid}`)));
  return Array.from(digest.slice(0, 6), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** 'Chrome on Android, session K7Q2M9, network BT London GB': how e-mails name a session. */
export async function describeSession(env: PlatformEnv, sid: string): Promise<string> {
  const row = await sessionOrigin(env.DB, sid);
  const network = row?.network && row.network !== 'unknown' ? `, network ${row.network}` : '';
  return `${row?.device ?? 'Unknown device'}, session ${await shortSessionId(sid)}${network}`;
}

/**
 * A refresh token presented again within this long of being replaced is the same browser's two
 * requests racing (a page and its data request, two tabs): it gets the same successor its twin got.
 * After it, a replaced token is a copy.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export type Rotation =
  { kind: 'rotated'; session: LiveSessionRow; refreshToken: string } | { kind: 'reused'; session: LiveSessionRow } | { kind: 'refused' };

/**
 * A refresh (RFC 9700 §4.14.2): the token is replaced by its successor on every use, and the one it
 * replaced is remembered. A replaced token used again means two holders, the owner and a copy: the
 * session ends for both, and the owner signs in again. Successors are derived from their
 * predecessor with the token secret, so a racing twin within the grace is given the same one
 * without the platform keeping any token in clear.
 */
export async function rotateRefreshToken(env: PlatformEnv, token: string): Promise<Rotation> {
  const hash = await sha256(token);
  const nowMs = clockNowMs();
  const successor = await nextRefreshToken(token, tokenSecret(env));
  const successorHash = await sha256(successor);
  const current = await liveSessionByRefreshToken(env.DB, hash);
  // Past the session's limits (30 days from sign-in, 7 days unused) nothing rotates: it has ended.
  if (current && sessionEnded(current, nowMs)) return { kind: 'refused' };
  if (current) {
    const session = await rotateRefreshTokenRow(env.DB, { sessionId: current.id, oldHash: hash, newHash: successorHash, nowMs });
    if (session) return { kind: 'rotated', session, refreshToken: successor };
    // Another request rotated it a moment ago: the grace below gives this one the same successor.
  }

  const retired = await retiredRefreshToken(env.DB, hash);
  if (!retired || retired.revoked_at || sessionEnded(retired, nowMs)) return { kind: 'refused' };
  if (nowMs - retired.retired_at <= REFRESH_REUSE_GRACE_MS && retired.current_hash === successorHash) {
    return { kind: 'rotated', session: retired, refreshToken: successor };
  }
  await revokeSession(env.DB, retired.id, new Date(nowMs).toISOString());
  console.warn(JSON.stringify({ event: 'account.refresh_token_reused', userId: retired.user_id }));
  return { kind: 'reused', session: retired };
}
