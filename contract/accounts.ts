import type { Enquiry, Make } from './vehicles';
import type { TrackerValuation } from './trackers';

export interface UserVehicleTracker {
  id: number;
  trackerValuations: TrackerValuation[];
}

/**
 * Accounts and sign-in (docs/behaviour/data.md#entities, docs/behaviour/gateway.md#journey-calls Auth): shapes shared by the platform and the app.
 */

/** What signing up or signing in returns: the tokens the app keeps in its HttpOnly session. */
export interface AuthTokens {
  idToken: string;
  refreshToken: string;
  /** Seconds the id token lives; 86,400 when absent (docs/behaviour/accounts.md#token-refresh); the platform gives 900. */
  expiresIn: number;
  auth_token: string;
}

export interface AuthResponse {
  tokens: AuthTokens;
  user: User;
  /** Where a sign-in link said to go next (already checked to be a local path). */
  redirectTo?: string;
}

export type CrmTier = 'marketing' | 'service';

export interface AccountVehicle {
  id: number;
  vrm: string;
  vrm_pretty: string;
  make: Make;
  model: string;
  year: number;
  enquiry: Enquiry | null;
  /** The seller's tracker of this car (docs/behaviour/data.md#tracker-data), with its monthly valuations oldest first; null when not tracked. */
  userVehicleTracker: UserVehicleTracker | null;
}

export interface User {
  id: number;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** E.164; empty for an account made to track a car's value, until the seller gives one. */
  phone: string;
  /** Normalised; empty for an account made to track a car's value, until the seller gives one. */
  postcode: string;
  emailCrmTier: CrmTier;
  /**
   * Texts about the seller's own sale (docs/notifications.md#consent): 'on' with a proven UK mobile and
   * no stop; 'stopped' after a STOP, /unsubscribe/sms or the account page; 'unproven' while the mobile
   * waits for its code; 'no_mobile' without a UK mobile.
   */
  texts: 'on' | 'stopped' | 'no_mobile' | 'unproven';
  /** Whether `phone` was proven by the code texted to it: until it is, nothing but codes is texted there. */
  phoneVerified: boolean;
  /** A new mobile waiting for its code (E.164); `phone` keeps the texts until it is entered. */
  phonePending: string | null;
  /**
   * The details typed at sign-up were cleared because the address was proven from another browser
   * (docs/decisions/031): the seller confirms their name, mobile and postcode before anything else.
   */
  detailsToConfirm: boolean;
  /** Newest enquiry first (docs/behaviour/data.md#entities). Present on GET /platform/user and on lookups. */
  vehicles?: AccountVehicle[];
  vehicleLimit?: number;
  /** Signed up through another seller's referral link (docs/behaviour/data.md#seller). */
  isReferredUser: boolean;
  /**
   * Whether the seller has proven the address by opening a link sent to it. Until then the account
   * cannot accept an offer, give bank details or see documents (docs/decisions/014).
   */
  emailVerified: boolean;
}

/** What the platform answers when an action needs a proven address first (403). */
export const ADDRESS_UNPROVEN = 'address_unproven';

/**
 * POST /platform/api/authn/signup with an address that already has an account: that account is
 * e-mailed a sign-in link and the page says only that a link has gone (202), never that the account exists.
 */
export interface SignUpLinkSent {
  linkSent: true;
}

/** POST /platform/api/authn/link-info {token, browserKey}: what the page a link opens may show. */
export type LinkInfoResponse =
  { valid: true; sameBrowser: boolean; maskedEmail: string } | { valid: false; reason: 'token_invalid' | 'token_used' | 'token_expired' };

/** Hides most of an address for a page that must name the account without giving it away. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.charAt(0)}•••${email.slice(at)}`;
}

/**
 * POST /platform/referrals/link: the signed-in seller's referral code (their link is
 * /sell-my-car/refer?ref={code}), or null when they have not sold with us yet: the reward is paid
 * into the account they were paid into, so only a seller who has one can refer (referral terms).
 */
export interface ReferralLinkResponse {
  code: string | null;
}

/** What the referral scheme pays the referrer for each friend whose sale completes (content/pages/referral-terms.md). */
export const REFERRAL_REWARD_PENCE = 5_000;

/** One friend's completed sale: paid into the referrer's account, or held while their payout is frozen. */
export interface ReferralReward {
  amountPence: number;
  status: 'paid' | 'held';
  /** The last four digits of the account it was paid into (paid only). */
  paidToLast4: string | null;
  /** When the friend's sale completed and the reward was recorded. */
  createdAt: string;
  paidAt: string | null;
}

/** GET /platform/referrals/rewards: the signed-in seller's referral rewards, newest first. */
export interface ReferralRewardsResponse {
  rewards: ReferralReward[];
}

interface SignUpCommon {
  name: string;
  email: string;
  marketingConsent: boolean;
  /** The campaign the seller came from, when they accepted analytics cookies (docs/behaviour/states.md). */
  campaign?: Record<string, string>;
  /** The referral code of the link the seller arrived through, if any. */
  referralCode?: string;
}

/**
 * POST /platform/api/authn/signup. Selling needs a mobile (offers and collection are arranged by
 * text) and where the car is; watching a car's value needs neither, so the car value tracker's
 * sign-up (`purpose: 'tracker'`) sends only the name and e-mail (docs/decisions/019). Anything
 * that is not a tracker sign-up is held to the sale's rules.
 */
export type SignUpRequest =
  (SignUpCommon & { purpose?: 'sale'; phone: string; postcode: string }) | (SignUpCommon & { purpose: 'tracker' });

/**
 * POST /platform/seller/generateOneTimeToken: e-mails a sign-in link. The link is on the platform's
 * configured public origin, never one the caller names (docs/decisions/031).
 */
export interface SignInLinkRequest {
  email: string;
  /** A local path to return to after signing in. */
  redirectTo: string;
  /** A key held in the asking browser's sealed session; the link works there without a question. */
  browserKey: string;
}

/** POST /platform/api/authn/refreshtoken: a new id token, and the refresh token that replaces the one sent. */
export interface RefreshResponse {
  idToken: string;
  refreshToken: string;
  expiresIn?: number;
}

/** POST /platform/v3/customers/mobile/code (and at sign-up): whether a code went, and where. */
export type MobileCodeSent =
  | { sent: true; /** '07••• •••456' */ to: string; expiresAt: string }
  | { sent: false; reason: 'too_many_codes' | 'number_capped' | 'nothing_to_prove' };

/** POST /platform/v3/customers/mobile/confirm: the outcomes a seller is shown. */
export type MobileCodeOutcome = 'invalid_code' | 'code_expired' | 'too_many_tries';

/** POST /platform/email-check {email, userId} */
export type EmailCheckResponse = { valid: true } | { valid: false; message: 'already_exists' | 'invalid' };

/** GET /platform/api/phone-number-validation/{number}?mobileOnly=true */
export interface PhoneValidationResponse {
  valid: boolean;
  mobile: boolean;
  country: string | null;
  e164: string | null;
}

/** Splits a full name the way the account keeps it. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** A UK mobile as the platform stores phones (E.164): the only numbers it texts. */
export const isUkMobile = (e164: string) => /^\+447\d{9}$/.test(e164);

/** What an unsubscribe link stopped: marketing e-mails, every text, or one vehicle's MOT reminders. */
export type UnsubscribedChannel = 'email' | 'sms' | 'mot';
