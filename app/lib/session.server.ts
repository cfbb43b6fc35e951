import { createCookieSessionStorage, type Session } from '@remix-run/cloudflare';
import type { SessionAuth } from './auth.server';
import type { CampaignState } from './campaign';
import type { VehicleLookupState } from './lookup-state';

/**
 * The seller's session: one signed cookie (DESIGN.md rule 2). It holds the requester id, the
 * vehicle lookup state and, once signed in, the gateway tokens. The cookie is HttpOnly, so the
 * tokens never reach page HTML or client JS.
 */
export interface SessionData {
  /** Sent to the gateway as the requester id; also keys the request-loop report. */
  requesterId: string;
  lookup?: VehicleLookupState;
  /** The signed-in seller and their gateway tokens. */
  auth?: SessionAuth;
  /** A partner buyer the seller chose, and the page of theirs to go to (the checkout hand-off). */
  checkout?: { buyer: string; redirectUrl: string };
  /** The campaign the seller came from, kept only once they accepted cookies (spec 2 §4). */
  campaign?: CampaignState;
}

/** Read once, then gone: tells the next page what just happened. */
export interface SessionFlashData {
  /** So the page can tell other open tabs (BroadcastChannel). */
  authEvent: 'signin' | 'signout';
  /** The address a sign-in link was just sent to, for the 'email sent' view. */
  signInEmail: string;
}

export type AppSession = Session<SessionData, SessionFlashData>;

export const SESSION_COOKIE = 'kerbside_session';
const THIRTY_DAYS = 60 * 60 * 24 * 30;

export function createSessionStorage(secrets: string[]) {
  return createCookieSessionStorage<SessionData, SessionFlashData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
      maxAge: THIRTY_DAYS,
      // The first secret signs; the others still verify, so secrets can rotate without sign-outs.
      secrets,
    },
  });
}

export type AppSessionStorage = ReturnType<typeof createSessionStorage>;

/** A tampered, corrupt or foreign cookie gives a fresh session, never an error page. */
export async function readSession(storage: AppSessionStorage, cookieHeader: string | null): Promise<AppSession> {
  const session = await storage.getSession(cookieHeader).catch(() => storage.getSession());
  if (!session.get('requesterId')) session.set('requesterId', crypto.randomUUID());
  return session;
}
