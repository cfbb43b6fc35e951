import type { OutcomeCodeOf } from '../../../contract/endpoint';
import { endpoints } from '../../../contract/endpoints';
import type { GatewayClient } from '../../lib/gateway.server';

/** Payments calls whose answers need reading (their 20 s timeout is the table's, docs/behaviour/gateway.md#shared-request-behaviour). */

export type SaveOutcome =
  | { ok: true }
  /** The platform's own check of the details (its modulus check too) refused them: its words by each field. */
  | { ok: false; fields: Record<string, string> }
  /** A change of an account already given: it waits for the code e-mailed to the seller, or is held for support. */
  | { ok: 'pending' }
  /** The bank did not quite match the name (or not at all): nothing is saved until the seller answers (docs/decisions/036). */
  | { ok: 'check' };

/**
 * Saves and confirms the seller's bank details in one call (`confirm`); the platform checks them
 * again (modulus check). The e-mails about them link to the platform's configured origin, never
 * to this request's.
 */
export async function saveBeneficiary(
  gateway: GatewayClient,
  enquiryId: number,
  details: { accountName: string; sortCode: string; accountNumber: string },
): Promise<SaveOutcome> {
  const saved = await gateway.attempt(endpoints.sale.updateBeneficiary, { body: { enquiryId, ...details, confirm: true } });
  if (!saved.ok) {
    const fields = saved.failure.body?.fields;
    if (fields) return { ok: false, fields };
    throw saved.failure;
  }
  const answer = saved.value;
  if (answer.pendingChange) return { ok: 'pending' };
  if ('payeeCheck' in answer && answer.payeeCheck) return { ok: 'check' };
  // A platform deployed before it took `confirm` saves the details unconfirmed: then they are
  // confirmed as before, so the app and the platform may be deployed in either order.
  if (!('beneficiary' in answer && answer.beneficiary?.confirmed)) {
    await gateway.call(endpoints.sale.confirmBeneficiary, { body: { enquiryId } });
  }
  return { ok: true };
}

export type ChangeOutcome =
  { ok: true } | { ok: false; message: string; outcome: OutcomeCodeOf<typeof endpoints.sale.confirmPayeeChange> | 'invalid_code' };

/** The code from the e-mail applies the waiting change; a wrong, spent or held one says so. */
export async function confirmPayeeChange(gateway: GatewayClient, enquiryId: number, code: string): Promise<ChangeOutcome> {
  const result = await gateway.attempt(endpoints.sale.confirmPayeeChange, { body: { enquiryId, code } });
  if (!result.ok) {
    const { failure } = result;
    if (failure.kind !== 'outcome') throw failure;
    return { ok: false, message: failure.body?.message ?? 'That code is not right', outcome: failure.outcome ?? 'invalid_code' };
  }
  await gateway.call(endpoints.sale.confirmBeneficiary, { body: { enquiryId } });
  return { ok: true };
}

export type PayeeCheckAnswer =
  { ok: true } | { ok: 'pending' } | { ok: false; message: string; outcome: OutcomeCodeOf<typeof endpoints.sale.resolvePayeeCheck> | null };

/**
 * The seller's answer to the bank's check of the details they typed: "Use this name", or keep
 * details the bank could not match (`understood`). A change of an account already given still
 * waits for its code.
 */
export async function resolvePayeeCheck(
  gateway: GatewayClient,
  enquiryId: number,
  answer: { checkId: number; choice: 'use_bank_name' | 'keep'; understood?: boolean },
): Promise<PayeeCheckAnswer> {
  const result = await gateway.attempt(endpoints.sale.resolvePayeeCheck, { body: { enquiryId, ...answer } });
  if (!result.ok) {
    const { failure } = result;
    if (failure.kind !== 'outcome') throw failure;
    return { ok: false, message: failure.body?.message ?? 'Enter your bank details again', outcome: failure.outcome ?? null };
  }
  return result.value.pendingChange ? { ok: 'pending' } : { ok: true };
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
