import type { Enquiry, Make } from './gateway';
import type { TrackerValuation } from './trackers';

export interface UserVehicleTracker {
  id: number;
  trackerValuations: TrackerValuation[];
}

/**
 * Accounts and sign-in (spec 2 §3, §7.2 Auth): shapes shared by the platform and the app.
 */

/** What signing up or signing in returns: the tokens the app keeps in its HttpOnly session. */
export interface AuthTokens {
  idToken: string;
  refreshToken: string;
  /** Seconds the id token lives; the spec's default is 86,400. */
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
  /** The seller's tracker of this car (spec 2 §5), with its monthly valuations oldest first; null when not tracked. */
  userVehicleTracker: UserVehicleTracker | null;
}

export interface User {
  id: number;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  postcode: string;
  emailCrmTier: CrmTier;
  /** Newest enquiry first (spec 2 §3). Present on GET /platform/user and on lookups. */
  vehicles?: AccountVehicle[];
  vehicleLimit?: number;
  /** Signed up through another seller's referral link (spec 2 §5 user model). */
  isReferredUser: boolean;
}

/** POST /platform/referrals/link: the signed-in seller's referral code (their link is /sell-my-car/refer?ref={code}). */
export interface ReferralLinkResponse {
  code: string;
}

/** POST /platform/api/authn/signup */
export interface SignUpRequest {
  name: string;
  email: string;
  phone: string;
  postcode: string;
  marketingConsent: boolean;
  /** The campaign the seller came from, when they accepted analytics cookies (spec 2 §4). */
  campaign?: Record<string, string>;
  /** The referral code of the link the seller arrived through, if any. */
  referralCode?: string;
}

/** POST /platform/seller/generateOneTimeToken: e-mails a sign-in link. */
export interface SignInLinkRequest {
  email: string;
  /** A local path to return to after signing in. */
  redirectTo: string;
  /** The app's origin, so the link opens the app the seller is using (checked by the platform). */
  linkBase: string;
}

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
