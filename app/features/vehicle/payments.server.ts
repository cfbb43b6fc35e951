import type { InvalidBankDetailsBody, PayeeCodeOutcome } from '../../../contract/bank-details';
import { endpoints } from '../../../contract/endpoints';
import { PlatformFailure, type GatewayClient } from '../../lib/gateway.server';

/** Payments calls whose answers need reading (their 20 s timeout is the table's, docs/behaviour/gateway.md#shared-request-behaviour). */

export type SaveOutcome =
  | { ok: true }
  | { ok: false; fields: InvalidBankDetailsBody['fields'] }
  /** A change of an account already given: it waits for the code e-mailed to the seller, or is held for support. */
  | { ok: 'pending' };

/**
 * Saves and confirms the seller's bank details; the platform checks them again (modulus check).
 * The e-mails about them link to the platform's configured origin, never to this request's.
 */
export async function saveBeneficiary(
  gateway: GatewayClient,
  enquiryId: number,
  details: { accountName: string; sortCode: string; accountNumber: string },
): Promise<SaveOutcome> {
  try {
    const answer = await gateway.call(endpoints.sale.updateBeneficiary, { body: { enquiryId, ...details } });
    if ('pendingChange' in answer && answer.pendingChange) return { ok: 'pending' };
  } catch (error) {
    if (error instanceof PlatformFailure && error.status === 400) {
      return { ok: false, fields: (error.body as InvalidBankDetailsBody | null)?.fields ?? {} };
    }
    throw error;
  }
  await gateway.call(endpoints.sale.confirmBeneficiary, { body: { enquiryId } });
  return { ok: true };
}

export type ChangeOutcome = { ok: true } | { ok: false; message: string; outcome: PayeeCodeOutcome };

/** The code from the e-mail applies the waiting change; a wrong, spent or held one says so. */
export async function confirmPayeeChange(gateway: GatewayClient, enquiryId: number, code: string): Promise<ChangeOutcome> {
  const result = await gateway.attempt(endpoints.sale.confirmPayeeChange, { body: { enquiryId, code } });
  if (!result.ok) {
    if (result.failure.kind !== 'outcome') throw result.failure;
    const message = (result.failure.body as { message?: string } | null)?.message ?? 'That code is not right';
    return { ok: false, message, outcome: (result.failure.outcome as PayeeCodeOutcome | null) ?? 'invalid_code' };
  }
  await gateway.call(endpoints.sale.confirmBeneficiary, { body: { enquiryId } });
  return { ok: true };
}

/** "Cancel it and freeze my payout": the waiting change ends, the payout is held, the other devices signed out. */
export async function cancelPayeeChange(gateway: GatewayClient, enquiryId: number): Promise<void> {
  await gateway.call(endpoints.sale.cancelPayeeChange, { body: { enquiryId } });
}

/** The e-mailed "Not you? Freeze my payout" link: no sign-in needed, the token is the proof. */
export async function freezePayout(gateway: GatewayClient, token: string): Promise<boolean> {
  const result = await gateway.attempt(endpoints.sale.freezePayout, { body: { token } });
  if (!result.ok && result.failure.kind !== 'outcome') throw result.failure;
  return result.ok;
}
