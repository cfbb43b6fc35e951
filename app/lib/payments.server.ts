import type { BeneficiaryResponse, InvalidBankDetailsBody } from '../../contract/bank-details';
import { GatewayError, type GatewayClient } from './gateway.server';

/** Payments calls: the client gives them 20 s by their path (spec 7.3). */

export function getBeneficiary(gateway: GatewayClient, enquiryId: number) {
  return gateway.get<BeneficiaryResponse>(`/platform/payments/beneficiaries/${enquiryId}`);
}

export type SaveOutcome = { ok: true } | { ok: false; fields: InvalidBankDetailsBody['fields'] };

/** Saves and confirms the seller's bank details; the platform checks them again (modulus check). */
export async function saveBeneficiary(
  gateway: GatewayClient,
  enquiryId: number,
  details: { accountName: string; sortCode: string; accountNumber: string },
): Promise<SaveOutcome> {
  try {
    await gateway.post<BeneficiaryResponse>('/platform/payments/beneficiaries/update', { enquiryId, ...details });
  } catch (error) {
    if (error instanceof GatewayError && error.status === 400) {
      return { ok: false, fields: (error.body as InvalidBankDetailsBody | null)?.fields ?? {} };
    }
    throw error;
  }
  await gateway.post<BeneficiaryResponse>('/platform/payments/beneficiaries/confirmation', { enquiryId });
  return { ok: true };
}
