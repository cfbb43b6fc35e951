/**
 * Faster Payments, simulated: the payment provider Kerbside would send payouts through (an
 * authorised payment institution holding the dealers' funds), with a real provider's shape. A
 * payment is submitted with an idempotency key (the same key twice is the same payment); the
 * provider answers with its id, and the payment is then `sent` until the receiving bank credits it
 * or returns it. Its status is asked for (`paymentStatus`, the reconciliation job) or pushed to
 * `POST /platform/payments/fps/callbacks`, signed (Standard Webhooks), as a real provider does.
 *
 * The sandbox (docs/sandbox.md#payouts): every payment is credited 10 minutes after it is sent on
 * the product's clock, except to the account below, which the receiving bank returns (account
 * closed). The scheme's own limit is £1,000,000 a payment; banks set lower ones of their own.
 */

import { findPayment, keepPayment } from './faster-payments-store';

export const CREDIT_AFTER_MS = 10 * 60_000;
/** Passes the modulus check (a Vocalink test case), and is returned by its bank: the sandbox's closed account. */
export const RETURNED_ACCOUNT = { sortCode: '11-87-65', accountNumber: '64371389' } as const;
export const SCHEME_LIMIT_PENCE = 100_000_000;

export interface PaymentRequest {
  idempotencyKey: string;
  amountPence: number;
  sortCode: string;
  accountNumber: string;
  accountName: string;
  reference: string;
}

export type Submitted = { accepted: true; paymentId: string } | { accepted: false; reason: 'over_limit' | 'invalid_account' };
export type ProviderStatus =
  | { state: 'sent'; paymentId: string }
  | { state: 'credited'; paymentId: string; at: number }
  | { state: 'returned'; paymentId: string; at: number; reason: 'account_closed' };

const digits = (value: string) => value.replace(/\D/g, '');

/** Submits a payment (the same idempotency key again answers with the same payment). */
export async function submitPayment(db: D1Database, request: PaymentRequest, nowMs: number): Promise<Submitted> {
  if (request.amountPence <= 0 || request.amountPence > SCHEME_LIMIT_PENCE) return { accepted: false, reason: 'over_limit' };
  const sortCode = digits(request.sortCode);
  const account = digits(request.accountNumber);
  if (sortCode.length !== 6 || account.length !== 8) return { accepted: false, reason: 'invalid_account' };
  const returned = sortCode === digits(RETURNED_ACCOUNT.sortCode) && account === RETURNED_ACCOUNT.accountNumber;
  const paymentId = `fps_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const kept = await keepPayment(db, {
    idempotencyKey: request.idempotencyKey,
    paymentId,
    sortCode,
    last4: account.slice(-4),
    amountPence: request.amountPence,
    submittedAt: nowMs,
    outcome: returned ? 'returned' : 'credited',
    settlesAt: nowMs + CREDIT_AFTER_MS,
  });
  return { accepted: true, paymentId: kept };
}

/** Where the payment is now, on the product's clock. Null for a payment this provider never took. */
export async function paymentStatus(db: D1Database, paymentId: string, nowMs: number): Promise<ProviderStatus | null> {
  const row = await findPayment(db, paymentId);
  if (!row) return null;
  if (nowMs < row.settles_at) return { state: 'sent', paymentId };
  return row.outcome === 'returned'
    ? { state: 'returned', paymentId, at: row.settles_at, reason: 'account_closed' }
    : { state: 'credited', paymentId, at: row.settles_at };
}
