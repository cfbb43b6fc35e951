import type { AuthResponse, EmailCheckResponse, PhoneValidationResponse, SignUpRequest, User } from '../../contract/accounts';
import { checkUkPhone } from '../../contract/contact-validation';
import { GatewayError, type GatewayClient } from './gateway.server';

/** The gateway calls of accounts (spec 2 §7.2): one place, typed. */

export function signUp(gateway: GatewayClient, request: SignUpRequest) {
  return gateway.post<AuthResponse>('/platform/api/authn/signup', request);
}

export type SignInLinkOutcome = 'sent' | 'unknown_email' | 'robot';

export async function sendSignInLink(gateway: GatewayClient, email: string, redirectTo: string, linkBase: string): Promise<SignInLinkOutcome> {
  const { status } = await gateway.request('POST', '/platform/seller/generateOneTimeToken', {
    body: { email, redirectTo, linkBase },
    allowStatuses: [404, 429],
  });
  return status === 404 ? 'unknown_email' : status === 429 ? 'robot' : 'sent';
}

export type LinkOutcome = { ok: true; response: AuthResponse } | { ok: false; reason: 'expired' | 'used' | 'invalid' };

export async function signInWithLink(gateway: GatewayClient, token: string): Promise<LinkOutcome> {
  const { status, data } = await gateway.request<AuthResponse & { code?: string }>('POST', '/platform/api/authn/signin', {
    body: { token },
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

export async function emailInUse(gateway: GatewayClient, email: string, userId?: number): Promise<boolean> {
  const result = await gateway.post<EmailCheckResponse>('/platform/email-check', { email, userId: userId ?? null });
  return !result.valid && result.message === 'already_exists';
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
