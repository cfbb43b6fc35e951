import { clockNowIso, clockNowMs } from '../clock';
import type { PlatformEnv } from '../env';
import { outgoing } from '../notify/messages';
import { checkPayeeName, holdsPayout, unseal } from './payments';
import { findBeneficiary, isLostCheck, recordCopCheck, unavailableChecks, type BeneficiaryRow, type CopRecord } from './payments-store';

export { confirmPayee } from '../providers/confirmation-of-payee';
export type { PayeeCheckRequest, PayeeCheckResponse } from '../providers/confirmation-of-payee';

/**
 * Confirmation of Payee as the payout reads it (docs/decisions/036). The seller's bank details
 * are checked as they are saved (payments.ts); this module says what that check means for paying
 * them, checks again before a payout, and retries the checks that could not be made.
 *
 * For the lender's account (outstanding finance), call `confirmPayee({ sortCode, accountNumber,
 * name, accountType: 'business' })`, re-exported here from the provider.
 */

export interface PayeeCheck {
  result: 'match' | 'close_match' | 'no_match' | 'unavailable' | null;
  /** The name the account's bank holds, when it said one (a close match, or the name the seller chose to use). */
  bankName: string | null;
  sellerConfirmedNoMatch: boolean;
  checkedAt: string | null;
  /** Pay nothing until someone has checked: a no match kept or found by a retry, a close match found by a retry, a check not yet made. */
  holdPayout: boolean;
  reason: string | null;
}

const REASONS: Record<NonNullable<BeneficiaryRow['cop']>, string | null> = {
  match: null,
  close_match: "The name given is close to, but not, the name the account's bank holds",
  no_match: "The account's bank did not match the name given to the account",
  no_match_confirmed: "The account's bank did not match the name given, and the seller chose to keep the details",
  unavailable: "The account's bank has not yet answered the check of the name",
};

function toPayeeCheck(row: BeneficiaryRow | null): PayeeCheck {
  const cop = row?.cop ?? null;
  return {
    result: cop === 'no_match_confirmed' ? 'no_match' : cop,
    bankName: row?.cop_bank_name ?? null,
    sellerConfirmedNoMatch: cop === 'no_match_confirmed',
    checkedAt: row?.cop_checked_at ?? null,
    holdPayout: holdsPayout(cop),
    reason: cop ? REASONS[cop] : null,
  };
}

/**
 * The check of the sale's payout account as it stands. `result` null: no account, or one given
 * before the check existed (recheckPayee checks it).
 */
export async function payeeCheckFor(env: PlatformEnv, enquiryId: number): Promise<PayeeCheck> {
  return toPayeeCheck(await findBeneficiary(env.DB, enquiryId));
}

/**
 * Checks the sale's payout account again, right before it is paid, and records the answer. A
 * no match the seller already kept stays kept (and held for a check); a close match or a no match
 * newly found holds the payout and tells the seller.
 */
export async function recheckPayee(env: PlatformEnv, enquiryId: number): Promise<PayeeCheck> {
  const row = await findBeneficiary(env.DB, enquiryId);
  if (!row) return toPayeeCheck(null);
  if (row.cop === 'no_match_confirmed') return toPayeeCheck(row);
  await checkAgain(env, row);
  return toPayeeCheck(await findBeneficiary(env.DB, enquiryId));
}

/** How many times an unavailable check is tried again (every Cron run: 10 minutes apart) before it waits for support. */
export const MAX_PAYEE_RETRIES = 36;
/** Checks retried in one run. */
const RETRIES_PER_RUN = 25;

/**
 * The Cron Trigger's job: every payout account whose check could not be made is checked again,
 * until its bank answers or its retries run out (then it stays held for support).
 */
export async function retryUnavailablePayeeChecks(
  env: PlatformEnv,
  _now: Date,
): Promise<{ retried: number; answered: number; held: number }> {
  const rows = await unavailableChecks(env.DB, MAX_PAYEE_RETRIES, RETRIES_PER_RUN);
  let answered = 0;
  let held = 0;
  for (const row of rows) {
    const outcome = await checkAgain(env, row);
    if (outcome !== 'unavailable') answered += 1;
    if (outcome === 'close_match' || outcome === 'no_match') held += 1;
  }
  return { retried: rows.length, answered, held };
}

/**
 * One check of the account on file, recorded only if the account is still as it was read. A close
 * match or a no match (that the seller had not already seen) holds the payout, and the seller is
 * told in the same batch.
 */
async function checkAgain(env: PlatformEnv, row: BeneficiaryRow): Promise<CopRecord['cop'] | 'lost'> {
  const details = await unseal(env, row);
  const answer = await checkPayeeName(env, details);
  const check: CopRecord = {
    cop: answer.result,
    bankName: answer.result === 'close_match' ? answer.bankName : null,
    checkedAt: clockNowIso(),
    confirmedAt: null,
  };
  const account = { enquiryId: row.enquiry_id, updatedAt: row.updated_at, from: row.cop };
  const failed = (answer.result === 'close_match' || answer.result === 'no_match') && row.cop !== answer.result;
  if (!failed) {
    await env.DB.batch(recordCopCheck(env.DB, account, check));
    return answer.result;
  }
  const message = outgoing(env, row.enquiry_id, `payee_check_failed#${clockNowMs()}`, {
    kind: 'payee_check_failed',
    accountEnding: row.last4,
  });
  try {
    await env.DB.batch([...recordCopCheck(env.DB, account, check, { guard: true }), message.statement]);
  } catch (error) {
    if (isLostCheck(error)) return 'lost';
    throw error;
  }
  console.warn(JSON.stringify({ event: 'payments.payout_held_for_check', enquiryId: row.enquiry_id, cop: answer.result, via: 'retry' }));
  await message.send();
  return answer.result;
}
