import type { AuthResponse, MobileCodeOutcome, MobileCodeSent, SignUpRequest, User } from '../../../contract/accounts';
import { checkUkPhone } from '../../../contract/contact-validation';
import type { OutcomeCodeOf } from '../../../contract/endpoint';
import { endpoints } from '../../../contract/endpoints';
import { PlatformFailure, type GatewayClient } from '../../lib/gateway.server';

/** The account calls whose answers need reading (docs/behaviour/gateway.md#journey-calls); the rest are called where they are used. */

export type SignUpOutcome = { kind: 'signed_up'; response: AuthResponse } | { kind: 'link_sent' };

/**
 * A new account signs in at once; an address that already has one is e-mailed a sign-in link
 * instead (the platform answers 202, and the page says only that a link has gone).
 */
export async function signUp(
  gateway: GatewayClient,
  request: SignUpRequest & { redirectTo: string; browserKey: string },
): Promise<SignUpOutcome> {
  // Past the per-address limit the platform answers 429: the form says so like any other 429.
  const answer = await gateway.call(endpoints.account.signUp, { body: request });
  return 'linkSent' in answer ? { kind: 'link_sent' } : { kind: 'signed_up', response: answer };
}

export type SignInLinkOutcome = 'sent' | 'robot';

/** The same answer whether or not the address has an account: the link goes only to an owner. */
export async function sendSignInLink(
  gateway: GatewayClient,
  request: { email: string; redirectTo: string; browserKey: string },
): Promise<SignInLinkOutcome> {
  const result = await gateway.attempt(endpoints.account.sendSignInLink, { body: request });
  if (result.ok) return 'sent';
  // Its own limit (the outcome) or the platform's (a 429 however worded): either way, too many tries.
  if (result.failure.kind === 'outcome' || result.failure.kind === 'rate_limited') return 'robot';
  throw result.failure;
}

export type LinkOutcome = { ok: true; response: AuthResponse } | { ok: false; reason: 'expired' | 'used' | 'invalid' };

/**
 * A link's token for a session. `referralCode` is the friend's code this browser arrived with: a
 * referral counts only when the address is proven, from the browser that followed the link.
 */
export async function signInWithLink(
  gateway: GatewayClient,
  token: string,
  browserKey: string,
  adopt: boolean,
  referralCode?: string,
): Promise<LinkOutcome> {
  const result = await gateway.attempt(endpoints.account.signIn, { body: { token, browserKey, adopt, referralCode } });
  if (result.ok) return { ok: true, response: result.value };
  const { outcome } = result.failure;
  if (outcome === null) throw result.failure;
  return { ok: false, reason: outcome === 'token_used' ? 'used' : outcome === 'token_expired' ? 'expired' : 'invalid' };
}

/** Ends the platform session. Signing out locally must not wait on it succeeding. */
export async function logout(gateway: GatewayClient): Promise<void> {
  await gateway.call(endpoints.account.logout).catch((error: unknown) => {
    if (!(error instanceof PlatformFailure)) throw error;
    console.warn(JSON.stringify({ event: 'auth.logout_failed', status: error.status }));
  });
}

/**
 * The phone check of sign-up and details: a UK number by libphonenumber (the country checked),
 * then the platform's validation in mobile-only mode (collection and offers are arranged by text).
 */
export async function phoneProblem(gateway: GatewayClient, phone: string): Promise<boolean> {
  const local = checkUkPhone(phone);
  if (!local.valid || !local.e164) return true;
  const remote = await gateway.call(endpoints.account.phoneValidation, { params: { number: local.e164 }, query: { mobileOnly: 'true' } });
  return !remote.valid;
}

export type MobileCodeNotSent = Extract<MobileCodeSent, { sent: false }>['reason'];

/** A new code for the mobile waiting for one; why not, when none went. */
export async function sendMobileCode(gateway: GatewayClient): Promise<'sent' | MobileCodeNotSent> {
  const result = await gateway.attempt(endpoints.account.sendMobileCode);
  if (result.ok) return result.value.sent ? 'sent' : result.value.reason;
  if (result.failure.outcome === 'nothing_to_prove') return 'nothing_to_prove';
  throw result.failure;
}

export type MobileOutcome =
  | { ok: true; user: User }
  | { ok: false; outcome: OutcomeCodeOf<typeof endpoints.account.confirmMobile> | MobileCodeOutcome; message: string };

/** The texted code proves the mobile; a wrong, spent or over-tried one says so. */
export async function confirmMobile(gateway: GatewayClient, code: string): Promise<MobileOutcome> {
  const result = await gateway.attempt(endpoints.account.confirmMobile, { body: { code } });
  if (result.ok) return { ok: true, user: result.value };
  const { outcome } = result.failure;
  if (outcome === null) throw result.failure;
  if (outcome === 'nothing_to_prove') return { ok: false, outcome: 'code_expired', message: 'Your mobile number is already confirmed.' };
  return { ok: false, outcome, message: result.failure.message };
}
