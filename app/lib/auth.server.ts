import { redirect } from '@remix-run/cloudflare';
import type { AuthResponse, AuthTokens, User } from '../../contract/accounts';
import { clockNowMs } from './clock.server';
import { PlatformFailure, type GatewayClient } from './gateway.server';
import type { AppSession, SessionAuth } from './session.server';
import { endpoints } from '../../contract/endpoints';

export type { SessionAuth };

export const DEFAULT_EXPIRES_IN = 86_400;
/** Refresh when the id token has this little life left (docs/behaviour/accounts.md#token-refresh). */
export const REFRESH_MARGIN_MS = 60_000;
export const MAX_REFRESH_RETRIES = 5;

type Log = (event: string, details: Record<string, unknown>) => void;
const defaultLog: Log = (event, details) => console.warn(JSON.stringify({ event, ...details }));

/** A missing expiresIn, or one of 60 s or less, is reported; a missing one means the default. */
export function normaliseExpiresIn(expiresIn: unknown, log: Log = defaultLog): number {
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn)) {
    log('auth.expires_in_missing', { expiresIn });
    return DEFAULT_EXPIRES_IN;
  }
  if (expiresIn <= 60) log('auth.expires_in_too_short', { expiresIn });
  return expiresIn;
}

export function tokenExpiresAt(auth: Pick<SessionAuth, 'issuedAt' | 'expiresIn'>): number {
  return auth.issuedAt + auth.expiresIn * 1000;
}

export function needsRefresh(auth: Pick<SessionAuth, 'issuedAt' | 'expiresIn'>, now: number): boolean {
  return tokenExpiresAt(auth) - now <= REFRESH_MARGIN_MS;
}

export function toSessionAuth(
  tokens: AuthTokens,
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'postcode' | 'emailVerified'> &
    Partial<Pick<User, 'phone' | 'phoneVerified' | 'phonePending'>>,
  now: number,
): SessionAuth {
  return {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    postcode: user.postcode,
    idToken: tokens.idToken,
    refreshToken: tokens.refreshToken,
    expiresIn: normaliseExpiresIn(tokens.expiresIn),
    issuedAt: now,
    authToken: tokens.auth_token,
    emailVerified: user.emailVerified === true,
    mobileToConfirm: mobileToConfirm(user),
  };
}

/** Whether a mobile of the account waits for the code texted to it. */
export function mobileToConfirm(user: Partial<Pick<User, 'phone' | 'phoneVerified' | 'phonePending'>>): boolean {
  return !!user.phonePending || (!!user.phone && user.phoneVerified === false);
}

/** This browser's link key (SessionData.browserKey), made on first use. */
export function browserKeyOf(session: AppSession): string {
  let key = session.get('browserKey');
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    key = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    session.set('browserKey', key);
  }
  return key;
}

/** Signing in starts a new session: a new requester id, the seller's journey kept. */
export function signIn(session: AppSession, response: AuthResponse, now = clockNowMs()) {
  session.set('requesterId', crypto.randomUUID());
  session.set('auth', toSessionAuth(response.tokens, response.user, now));
  session.flash('authEvent', 'signin');
}

export function signOut(session: AppSession) {
  session.unset('auth');
  session.set('requesterId', crypto.randomUUID());
  session.flash('authEvent', 'signout');
}

/** To sign in first, and back to `returnTo` (a path of ours) once signed in. */
export function signInFirst(returnTo: string): Response {
  return redirect(`/sign-in?redirectTo=${encodeURIComponent(returnTo)}`);
}

/**
 * The seller's session has ended on the platform: a call's one token refresh was refused. They are
 * signed out here too (the refused refresh has done it already) and sent to sign in, then back to
 * the page they were on. The gateway client throws this for every call that meets it
 * (context.server.ts), so a page, a form and a panel all answer it alike.
 */
export function sessionEnded(session: AppSession, url: URL): Response {
  if (session.get('auth')) signOut(session);
  return signInFirst(pageAddress(url));
}

/**
 * The page a request is for, as the seller would open it again: a data request's page (`/x.data`
 * is `/x`, `/_root.data` is `/`), without the router's own parameters.
 */
export function pageAddress(url: URL): string {
  const path = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
  const params = new URLSearchParams(url.search);
  for (const own of ['_routes', 'index']) params.delete(own);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export type RefreshOutcome =
  | { kind: 'refreshed'; idToken: string; refreshToken: string; expiresIn: number; issuedAt: number }
  | { kind: 'signed_out' }
  | { kind: 'unavailable' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /platform/api/authn/refreshtoken, retried up to 5 times while the gateway is unreachable
 * or failing (5xx). A 400, 401 or 403 means the refresh token is no good: the seller is signed out.
 */
export async function refreshIdToken(
  gateway: GatewayClient,
  refreshToken: string,
  { now = clockNowMs, wait = sleep, log = defaultLog }: { now?: () => number; wait?: (ms: number) => Promise<unknown>; log?: Log } = {},
): Promise<RefreshOutcome> {
  for (let attempt = 0; attempt <= MAX_REFRESH_RETRIES; attempt++) {
    if (attempt > 0) await wait(100 * 2 ** (attempt - 1));
    try {
      const body = await gateway.call(endpoints.account.refreshToken, { body: { refreshToken } });
      // The refresh token is replaced on every use (docs/decisions/031): the one sent is spent, and
      // sending it again would end the session as a copy's.
      return {
        kind: 'refreshed',
        idToken: body.idToken,
        refreshToken: body.refreshToken ?? refreshToken,
        expiresIn: normaliseExpiresIn(body.expiresIn, log),
        issuedAt: now(),
      };
    } catch (error) {
      if (!(error instanceof PlatformFailure)) throw error;
      // The refresh token is no good (spent, expired, a copy's: the endpoint's outcomes), or the
      // call itself was refused: either way the session has ended.
      if (error.kind === 'outcome' || error.kind === 'refused' || error.kind === 'unauthorised') {
        log('auth.refresh_rejected', { status: error.status, code: error.outcome, message: error.message });
        return { kind: 'signed_out' };
      }
      log('auth.refresh_failed', { attempt, status: error.status, message: error.message });
    }
  }
  return { kind: 'unavailable' };
}

/**
 * One refresh per refresh token at a time: requests that race (two tabs, a page and its data
 * request) share the first one's result instead of refreshing twice. Per isolate; across isolates
 * the platform gives a twin sent within seconds the same successor (platform/src/auth.ts), so the
 * race is harmless there too.
 */
const inFlight = new Map<string, Promise<RefreshOutcome>>();

export function refreshOnce(refreshToken: string, run: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  const pending = inFlight.get(refreshToken);
  if (pending) return pending;
  const promise = run().finally(() => inFlight.delete(refreshToken));
  inFlight.set(refreshToken, promise);
  return promise;
}

export function initials(auth: Pick<SessionAuth, 'firstName' | 'lastName'>): string {
  return `${auth.firstName.charAt(0)}${auth.lastName.charAt(0)}`.toUpperCase();
}
