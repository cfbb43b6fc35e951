/** The simulated Faster Payments provider's own book (faster-payments.ts): a real provider keeps it on its side. */

export interface KeptPayment {
  idempotencyKey: string;
  paymentId: string;
  sortCode: string;
  last4: string;
  amountPence: number;
  submittedAt: number;
  outcome: 'credited' | 'returned';
  settlesAt: number;
}

/** Keeps a payment once per idempotency key; the id of the payment that key names. */
export async function keepPayment(db: D1Database, p: KeptPayment): Promise<string> {
  const row = await db
    .prepare(
      `INSERT INTO sim_fps_payments (idempotency_key, payment_id, sort_code, account_last4, amount_pence, submitted_at, outcome, settles_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = excluded.idempotency_key
       RETURNING payment_id`,
    )
    .bind(p.idempotencyKey, p.paymentId, p.sortCode, p.last4, p.amountPence, p.submittedAt, p.outcome, p.settlesAt)
    .first<{ payment_id: string }>();
  return row!.payment_id;
}

export async function findPayment(db: D1Database, paymentId: string) {
  return db
    .prepare('SELECT payment_id, outcome, settles_at FROM sim_fps_payments WHERE payment_id = ?1')
    .bind(paymentId)
    .first<{ payment_id: string; outcome: 'credited' | 'returned'; settles_at: number }>();
}
