import type { InvalidBankDetailsBody } from '../../../contract/bank-details';
import { endpoints } from '../../../contract/endpoints';
import { PlatformFailure, type GatewayClient } from '../../lib/gateway.server';

/** Payments calls whose answers need reading (their 20 s timeout is the table's, docs/behaviour/gateway.md#shared-request-behaviour). */

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
    const answer = await gateway.call(endpoints.sale.updateBeneficiary, { body: { enquiryId, ...details, linkBase } });
    if ('pendingChange' in answer) return { ok: 'pending', accountNumberLast4: answer.pendingChange.accountNumberLast4 };
  } catch (error) {
    if (error instanceof PlatformFailure && error.status === 400) {
      return { ok: false, fields: (error.body as InvalidBankDetailsBody | null)?.fields ?? {} };
    }
    throw error;
  }
  await gateway.call(endpoints.sale.confirmBeneficiary, { body: { enquiryId } });
  return { ok: true };
}

export type ChangeOutcome = { ok: true } | { ok: false; message: string; expired: boolean };

/** The code from the e-mail applies the waiting change; a wrong or spent code says so. */
export async function confirmPayeeChange(
  gateway: GatewayClient,
  enquiryId: number,
  code: string,
  linkBase: string,
): Promise<ChangeOutcome> {
  const result = await gateway.attempt(endpoints.sale.confirmPayeeChange, { body: { enquiryId, code, linkBase } });
  if (!result.ok) {
    if (result.failure.kind !== 'outcome') throw result.failure;
    const message = (result.failure.body as { message?: string } | null)?.message ?? 'That code is not right';
    return { ok: false, message, expired: result.failure.status === 410 };
  }
  await gateway.call(endpoints.sale.confirmBeneficiary, { body: { enquiryId } });
  return { ok: true };
}

/** The e-mailed "Not you? Freeze my payout" link: no sign-in needed, the token is the proof. */
export async function freezePayout(gateway: GatewayClient, token: string): Promise<boolean> {
  const result = await gateway.attempt(endpoints.sale.freezePayout, { body: { token } });
  if (!result.ok && result.failure.kind !== 'outcome') throw result.failure;
  return result.ok;
}
