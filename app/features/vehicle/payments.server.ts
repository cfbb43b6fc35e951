import type { BeneficiaryResponse, InvalidBankDetailsBody, PayeeChangePending } from '../../../contract/bank-details';
import { GatewayError, type GatewayClient } from '../../lib/gateway.server';

/** Payments calls: the client gives them 20 s by their path (spec 7.3). */

export function getBeneficiary(gateway: GatewayClient, enquiryId: number) {
  return gateway.get<BeneficiaryResponse>(`/platform/payments/beneficiaries/${enquiryId}`);
}

export type SaveOutcome =
  | { ok: true }
  | { ok: false; fields: InvalidBankDetailsBody['fields'] }
  /** A change of an account already given: it waits for the code e-mailed to the seller. */
  | { ok: 'pending'; accountNumberLast4: string };

/**
 * Saves and confirms the seller's bank details; the platform checks them again (modulus check).
 * `linkBase` is where the "freeze my payout" link in the notice e-mail points.
 */
export async function saveBeneficiary(
  gateway: GatewayClient,
  enquiryId: number,
  details: { accountName: string; sortCode: string; accountNumber: string },
  linkBase: string,
): Promise<SaveOutcome> {
  try {
    const { status, data } = await gateway.request<BeneficiaryResponse | PayeeChangePending>('POST', '/platform/payments/beneficiaries/update', {
      body: { enquiryId, ...details, linkBase },
    });
    if (status === 202 && 'pendingChange' in data) return { ok: 'pending', accountNumberLast4: data.pendingChange.accountNumberLast4 };
  } catch (error) {
    if (error instanceof GatewayError && error.status === 400) {
      return { ok: false, fields: (error.body as InvalidBankDetailsBody | null)?.fields ?? {} };
    }
    throw error;
  }
  await gateway.post<BeneficiaryResponse>('/platform/payments/beneficiaries/confirmation', { enquiryId });
  return { ok: true };
}

export type ChangeOutcome = { ok: true } | { ok: false; message: string; expired: boolean };

/** The code from the e-mail applies the waiting change; a wrong or spent code says so. */
export async function confirmPayeeChange(gateway: GatewayClient, enquiryId: number, code: string, linkBase: string): Promise<ChangeOutcome> {
  const { status, data } = await gateway.request<BeneficiaryResponse & { message?: string }>('POST', '/platform/payments/beneficiaries/confirm-change', {
    body: { enquiryId, code, linkBase },
    allowStatuses: [400, 410],
  });
  if (status === 400 || status === 410) return { ok: false, message: data.message ?? 'That code is not right', expired: status === 410 };
  await gateway.post<BeneficiaryResponse>('/platform/payments/beneficiaries/confirmation', { enquiryId });
  return { ok: true };
}

/** The e-mailed "Not you? Freeze my payout" link: no sign-in needed, the token is the proof. */
export async function freezePayout(gateway: GatewayClient, token: string): Promise<boolean> {
  const { status } = await gateway.request('POST', '/platform/payments/freeze', { body: { token }, allowStatuses: [400] });
  return status === 200;
}
