import type { AuthResponse, LinkInfoResponse, PhoneValidationResponse, SignUpLinkSent, SignUpRequest, User } from '../../../contract/accounts';
import { checkUkPhone } from '../../../contract/contact-validation';
import { GatewayError, type GatewayClient } from '../../lib/gateway.server';

/** The gateway calls of accounts (spec 2 §7.2): one place, typed. */

export type SignUpOutcome = { kind: 'signed_up'; response: AuthResponse } | { kind: 'link_sent' };

/**
 * A new account signs in at once; an address that already has one is e-mailed a sign-in link
 * instead (the platform answers 202, and the page says only that a link has gone).
 */
export async function signUp(
  gateway: GatewayClient,
  request: SignUpRequest & { linkBase: string; redirectTo: string; browserKey: string },
): Promise<SignUpOutcome> {
  // Past the per-address limit the platform answers 429: the form says so like any other 429.
  const { data } = await gateway.request<AuthResponse | SignUpLinkSent>('POST', '/platform/api/authn/signup', { body: request });
  return 'linkSent' in data ? { kind: 'link_sent' } : { kind: 'signed_up', response: data };
}

export type SignInLinkOutcome = 'sent' | 'robot';

/** The same answer whether or not the address has an account: the link goes only to an owner. */
export async function sendSignInLink(
  gateway: GatewayClient,
  request: { email: string; redirectTo: string; linkBase: string; browserKey: string },
): Promise<SignInLinkOutcome> {
  const { status } = await gateway.request('POST', '/platform/seller/generateOneTimeToken', { body: request, allowStatuses: [429] });
  return status === 429 ? 'robot' : 'sent';
}

/** What the page a link opens may say about it; changes nothing (mail scanners open links). */
export function linkInfo(gateway: GatewayClient, token: string, browserKey: string) {
  return gateway.post<LinkInfoResponse>('/platform/api/authn/link-info', { token, browserKey });
}

export type LinkOutcome = { ok: true; response: AuthResponse } | { ok: false; reason: 'expired' | 'used' | 'invalid' };

export async function signInWithLink(gateway: GatewayClient, token: string, browserKey: string, adopt: boolean): Promise<LinkOutcome> {
  const { status, data } = await gateway.request<AuthResponse & { code?: string }>('POST', '/platform/api/authn/signin', {
    body: { token, browserKey, adopt },
    allowStatuses: [400, 410],
  });
  if (status === 200) return { ok: true, response: data };
  return { ok: false, reason: data.code === 'token_used' ? 'used' : data.code === 'token_expired' ? 'expired' : 'invalid' };
}

/** Ends the platform session. Signing out locally must not wait on it succeeding. */
export async function logout(gateway: GatewayClient): Promise<void> {
  await gateway.get('/platform/api/logout').catch((error: unknown) => {
    if (!(error instanceof GatewayError)) throw error;
    console.warn(JSON.stringify({ event: 'auth.logout_failed', status: error.status }));
  });
}

export function getUser(gateway: GatewayClient) {
  return gateway.get<User>('/platform/user', { query: { include: 'tracker' } });
}

/**
 * The phone check of sign-up and details: a UK number by libphonenumber (the country checked),
 * then the platform's validation in mobile-only mode (collection and offers are arranged by text).
 */
export async function phoneProblem(gateway: GatewayClient, phone: string): Promise<boolean> {
  const local = checkUkPhone(phone);
  if (!local.valid || !local.e164) return true;
  const remote = await gateway.get<PhoneValidationResponse>(`/platform/api/phone-number-validation/${encodeURIComponent(local.e164)}`, {
    query: { mobileOnly: 'true' },
  });
  return !remote.valid;
}

export function updateInfo(gateway: GatewayClient, details: { name: string; phone: string; postcode: string }) {
  return gateway.post<User>('/platform/update-info', details);
}

export function removeVehicle(gateway: GatewayClient, vehicleId: number) {
  return gateway.post<null>('/platform/remove-vehicle', { vehicleId });
}

export function updateCrmTier(gateway: GatewayClient, tier: 'marketing' | 'service') {
  return gateway.post<User>('/platform/v3/customers/update-crm-tier', { tier });
}
