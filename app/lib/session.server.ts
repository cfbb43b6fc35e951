import { createSession, type Session, type SessionStorage } from '@remix-run/cloudflare';
import type { CampaignState } from './campaign';
import { readCookie } from './cookies';
import { seal, unseal } from './seal';

/**
 * The signed-in seller in the session (docs/behaviour/principles.md#rule-2): who they are and their gateway tokens.
 * Lives only in the HttpOnly cookie; pages get the first name and initials, never a token.
 */
export interface SessionAuth {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** Where their cars usually are: the first guess for collection. */
  postcode?: string;
  idToken: string;
  refreshToken: string;
  /** Seconds the id token lives, as the gateway said. */
  expiresIn: number;
  /** When the current id token was issued (ms since epoch). */
  issuedAt: number;
  authToken: string;
  /** Whether the address is proven; until it is, money and documents wait (docs/decisions/014). */
  emailVerified: boolean;
  /** A mobile waits for the code texted to it: nothing about the sale is texted until it is entered (docs/decisions/031). */
  mobileToConfirm?: boolean;
}

/**
 * The seller's session: one sealed cookie (docs/behaviour/principles.md#rule-2, ADR 008). It holds the requester id,
 * the vehicle lookup state and, once signed in, the gateway tokens and contact details. The cookie
 * is HttpOnly, so none of it reaches page HTML or client JS, and it is encrypted and authenticated
 * (AES-GCM), so whoever holds the cookie cannot read it either.
 */
// Each feature wing declares what it keeps in the session beside its own types (a `declare module`
// block adding to SessionData or SessionFlashData), so this module depends on no feature.
export interface SessionData {
  /** Sent to the gateway as the requester id; also keys the request-loop report. */
  requesterId: string;
  /**
   * The browsing session: made with the cookie and kept across signing in and out (unlike the
   * requester id), sent to the gateway on the calls of a form the seller posts (gateway.server.ts).
   */
  sessionId?: string;
  /** The signed-in seller and their gateway tokens. */
  auth?: SessionAuth;
  /** A partner buyer the seller chose, and the page of theirs to go to (the checkout hand-off). */
  checkout?: { buyer: string; redirectUrl: string };
  /** The campaign the seller came from, kept only once they accepted cookies (docs/behaviour/states.md). */
  campaign?: CampaignState;
  /** The partner the seller arrived through (docs/behaviour/data.md#entities affiliate), so its reward follows the sale. */
  affiliate?: string;
  /** The referral code of the friend's link the seller arrived through, sent with their sign-up. */
  referral?: string;
  /**
   * A random key that makes the links e-mailed from this browser its own: opened here they sign
   * in at once, anywhere else they ask first (docs/decisions/014). Never leaves the sealed cookie
   * except to the platform, which keeps only its hash.
   */
  browserKey?: string;
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

/** Browsers drop cookies over 4,096 bytes; a session that outgrows that must fail loudly here. */
export const MAX_COOKIE_BYTES = 4_096;
const ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=Lax';

export function createSessionStorage(secrets: string[]): SessionStorage<SessionData, SessionFlashData> {
  return {
    async getSession(cookieHeader) {
      // A sealed value is base64url and dots: nothing to decode, and anything else is not ours.
      const sealed = readCookie(cookieHeader ?? null, SESSION_COOKIE);
      const data = sealed ? await unseal(sealed, secrets, SESSION_COOKIE) : null;
      const fresh = !data || typeof data !== 'object' || Array.isArray(data);
      // readSession gives a fresh session its requester id.
      return createSession<SessionData, SessionFlashData>((fresh ? {} : data) as SessionData, '');
    },
    async commitSession(session) {
      // The first secret seals; the others still open, so secrets rotate without sign-outs.
      const cookie = `${SESSION_COOKIE}=${await seal(session.data, secrets[0]!, SESSION_COOKIE)}; Max-Age=${THIRTY_DAYS}; ${ATTRIBUTES}`;
      if (cookie.length > MAX_COOKIE_BYTES) throw new Error(`The session cookie would be ${cookie.length} bytes, over ${MAX_COOKIE_BYTES}`);
      return cookie;
    },
    async destroySession() {
      return `${SESSION_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`;
    },
  };
}

export type AppSessionStorage = SessionStorage<SessionData, SessionFlashData>;

/**
 * A tampered, corrupt or foreign cookie gives a fresh session, never an error page. `created`
 * says the seller had no session yet (their requester id or session id is new).
 */
export async function readSession(
  storage: AppSessionStorage,
  cookieHeader: string | null,
): Promise<{ session: AppSession; created: boolean }> {
  const session = await storage.getSession(cookieHeader).catch(() => storage.getSession());
  // A session from before sessions had their own id gets one as if it were new, so that it is kept.
  const created = !session.get('requesterId') || !session.get('sessionId');
  if (!session.get('requesterId')) session.set('requesterId', crypto.randomUUID());
  if (!session.get('sessionId')) session.set('sessionId', crypto.randomUUID());
  return { session, created };
}
