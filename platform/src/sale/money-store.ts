import type { PayoutView } from '../../../contract/bank-details';

/**
 * The money's records (docs/decisions/037): each payout with its state, and the ledger of every
 * money movement in pence. Functions that change a record return its statement, for the caller to
 * batch with the state change it goes with; each is guarded so that applying the same event twice
 * (a callback delivered again, the reconciliation job meeting a callback) changes nothing.
 */

export type PayoutState = 'requested' | 'held' | 'sent' | 'credited' | 'returned';
export type Payee = 'seller' | 'lender';
export type LedgerEntry = 'dealer_funds_in' | 'shortfall_in' | 'lender_paid' | 'seller_paid' | 'payout_returned' | 'referral_reward';

export interface PayoutRow {
  id: number;
  sale_id: number;
  enquiry_id: number;
  payee: Payee;
  amount_pence: number;
  account_name: string;
  account_last4: string;
  reference: string;
  state: PayoutState;
  hold_reason: string | null;
  provider_payment_id: string | null;
  attempts: number;
  last_error: string | null;
  requested_at: string;
  sent_at: string | null;
  credited_at: string | null;
  returned_at: string | null;
  return_reason: string | null;
}

export interface NewPayout {
  saleId: number;
  enquiryId: number;
  payee: Payee;
  amountPence: number;
  accountName: string;
  last4: string;
  reference: string;
}

export function requestPayout(db: D1Database, p: NewPayout, nowIso: string) {
  return db
    .prepare(
      `INSERT INTO payouts (sale_id, enquiry_id, payee, amount_pence, account_name, account_last4, reference, state, requested_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'requested', ?8)`,
    )
    .bind(p.saleId, p.enquiryId, p.payee, p.amountPence, p.accountName, p.last4, p.reference, nowIso);
}

export async function payoutsOfSale(db: D1Database, saleId: number): Promise<PayoutRow[]> {
  const { results } = await db.prepare('SELECT * FROM payouts WHERE sale_id = ?1 ORDER BY id').bind(saleId).all<PayoutRow>();
  return results;
}

export async function findPayoutByProviderId(db: D1Database, paymentId: string): Promise<PayoutRow | null> {
  return db.prepare('SELECT * FROM payouts WHERE provider_payment_id = ?1').bind(paymentId).first<PayoutRow>();
}

/** Payouts in these states, oldest first: what the reconciliation job works through. */
export async function payoutsInStates(db: D1Database, states: PayoutState[], limit: number): Promise<PayoutRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM payouts WHERE state IN (${states.map((_, i) => `?${i + 2}`).join(', ')}) ORDER BY id LIMIT ?1`)
    .bind(limit, ...states)
    .all<PayoutRow>();
  return results;
}

export function markPayoutSent(db: D1Database, id: number, paymentId: string, nowIso: string) {
  return db
    .prepare(
      "UPDATE payouts SET state = 'sent', provider_payment_id = ?1, sent_at = ?2, hold_reason = NULL, attempts = attempts + 1 WHERE id = ?3 AND state IN ('requested', 'held')",
    )
    .bind(paymentId, nowIso, id);
}

export function markPayoutHeld(db: D1Database, id: number, reason: string) {
  return db
    .prepare("UPDATE payouts SET state = 'held', hold_reason = ?1 WHERE id = ?2 AND state IN ('requested', 'held')")
    .bind(reason, id);
}

export function markPayoutAttemptFailed(db: D1Database, id: number, error: string) {
  return db.prepare("UPDATE payouts SET attempts = attempts + 1, last_error = ?1 WHERE id = ?2 AND state = 'requested'").bind(error, id);
}

export function markPayoutCredited(db: D1Database, id: number, atIso: string) {
  return db.prepare("UPDATE payouts SET state = 'credited', credited_at = ?1 WHERE id = ?2 AND state = 'sent'").bind(atIso, id);
}

export function markPayoutReturned(db: D1Database, id: number, atIso: string, reason: string) {
  return db
    .prepare("UPDATE payouts SET state = 'returned', returned_at = ?1, return_reason = ?2 WHERE id = ?3 AND state = 'sent'")
    .bind(atIso, reason, id);
}

/* The ledger ----------------------------------------------------------------------------------- */

export interface LedgerRow {
  sale_id: number;
  entry: LedgerEntry;
  amount_pence: number;
  payout_id: number | null;
  event_key: string;
  created_at: string;
}

/** A money movement, once: its event key names it, and a second write of the same key does nothing. */
export function ledgerEntry(
  db: D1Database,
  row: { saleId: number; enquiryId: number; entry: LedgerEntry; amountPence: number; payoutId?: number | null; eventKey: string },
  nowIso: string,
) {
  return db
    .prepare(
      'INSERT OR IGNORE INTO ledger (sale_id, enquiry_id, entry, amount_pence, payout_id, event_key, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)',
    )
    .bind(row.saleId, row.enquiryId, row.entry, row.amountPence, row.payoutId ?? null, row.eventKey, nowIso);
}

export async function ledgerOfSale(db: D1Database, saleId: number): Promise<LedgerRow[]> {
  const { results } = await db
    .prepare('SELECT sale_id, entry, amount_pence, payout_id, event_key, created_at FROM ledger WHERE sale_id = ?1 ORDER BY id')
    .bind(saleId)
    .all<LedgerRow>();
  return results;
}

/* Callbacks ------------------------------------------------------------------------------------ */

export async function callbackSeen(db: D1Database, webhookId: string): Promise<boolean> {
  return !!(await db.prepare('SELECT 1 AS seen FROM payment_callbacks WHERE webhook_id = ?1').bind(webhookId).first('seen'));
}

export function recordCallback(db: D1Database, webhookId: string, nowIso: string) {
  return db.prepare('INSERT OR IGNORE INTO payment_callbacks (webhook_id, received_at) VALUES (?1, ?2)').bind(webhookId, nowIso);
}

/* The sale's side ------------------------------------------------------------------------------ */

/** The seller's money has left for their bank: the sale reads as paid from the time it was sent. */
export function markLotPaid(db: D1Database, saleId: number, nowIso: string) {
  return db.prepare('UPDATE sales SET paid_at = coalesce(paid_at, ?1) WHERE id = ?2').bind(nowIso, saleId);
}

/** The seller's payment came back: the sale is not paid until a new one is sent. */
export function markLotUnpaid(db: D1Database, saleId: number) {
  return db.prepare('UPDATE sales SET paid_at = NULL WHERE id = ?1').bind(saleId);
}

/** The seller's view of their money: each payout and where it is. */
export async function payoutViews(db: D1Database, saleId: number): Promise<PayoutView[]> {
  return (await payoutsOfSale(db, saleId)).map((p) => ({
    id: p.id,
    payee: p.payee,
    amount: p.amount_pence / 100,
    accountName: p.account_name,
    accountEnding: p.account_last4,
    state: p.state,
    holdReason: p.hold_reason,
    requestedAt: p.requested_at,
    sentAt: p.sent_at,
    creditedAt: p.credited_at,
    returnedAt: p.returned_at,
  }));
}
