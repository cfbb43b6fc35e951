/**
 * The records of where a seller is paid (docs/decisions/033): the payout account of each sale
 * (`beneficiaries`, sealed: only the last four digits are in clear) and the changes to it that wait
 * for the code e-mailed to the seller (`payee_changes`).
 */

export interface BeneficiaryRow {
  enquiry_id: number;
  customer_id: number;
  details_iv: string;
  details_ciphertext: string;
  last4: string;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  confirmed_by: number | null;
  frozen_at: string | null;
}

export interface PayeeChangeRow {
  id: number;
  enquiry_id: number;
  session_id: string | null;
  details_iv: string;
  details_ciphertext: string;
  last4: string;
  code_id: number | null;
  state: 'pending' | 'held' | 'applied' | 'cancelled' | 'retired';
  created_at: string;
  expires_at: string | null;
}

/** Sealed details: an IV and a ciphertext, bound to the enquiry they were sealed for. */
export interface Sealed {
  iv: string;
  ciphertext: string;
}

/* Payout accounts ------------------------------------------------------------------------------ */

export async function findBeneficiary(db: D1Database, enquiryId: number): Promise<BeneficiaryRow | null> {
  return db.prepare('SELECT * FROM beneficiaries WHERE enquiry_id = ?1').bind(enquiryId).first<BeneficiaryRow>();
}

/** The sealed payout accounts of every enquiry of one customer, whatever became of each sale. */
export async function sealedAccountsOf(
  db: D1Database,
  customerId: number,
): Promise<Pick<BeneficiaryRow, 'enquiry_id' | 'details_iv' | 'details_ciphertext'>[]> {
  const { results } = await db
    .prepare(
      `SELECT b.enquiry_id, b.details_iv, b.details_ciphertext FROM beneficiaries b LEFT JOIN enquiries e ON e.id = b.enquiry_id
        WHERE b.customer_id = ?1 OR e.customer_id = ?1`,
    )
    .bind(customerId)
    .all<Pick<BeneficiaryRow, 'enquiry_id' | 'details_iv' | 'details_ciphertext'>>();
  return results;
}

/** A sale's first payout account; `confirmedBy` confirms it as it is given (the seller confirmed it in the same step). */
export function insertBeneficiary(
  db: D1Database,
  account: { enquiryId: number; customerId: number; sealed: Sealed; last4: string; confirmedBy: number | null },
  nowIso: string,
) {
  return db
    .prepare(
      `INSERT INTO beneficiaries (enquiry_id, customer_id, details_iv, details_ciphertext, last4, created_at, updated_at, confirmed_at, confirmed_by)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8)`,
    )
    .bind(
      account.enquiryId,
      account.customerId,
      account.sealed.iv,
      account.sealed.ciphertext,
      account.last4,
      nowIso,
      account.confirmedBy === null ? null : nowIso,
      account.confirmedBy,
    );
}

/** Confirms the sale's payout account (a second confirmation keeps the first); null when it has none. */
export async function confirmBeneficiary(
  db: D1Database,
  enquiryId: number,
  userId: number,
  nowIso: string,
): Promise<BeneficiaryRow | null> {
  return db
    .prepare(
      `UPDATE beneficiaries SET confirmed_by = CASE WHEN confirmed_at IS NULL THEN ?3 ELSE confirmed_by END,
         confirmed_at = COALESCE(confirmed_at, ?2)
       WHERE enquiry_id = ?1 RETURNING *`,
    )
    .bind(enquiryId, nowIso, userId)
    .first<BeneficiaryRow>();
}

/* Changes waiting for their code --------------------------------------------------------------- */

/** The enquiry's change still to happen: pending with a live code, or held. */
export async function openPayeeChange(db: D1Database, enquiryId: number, nowIso: string): Promise<PayeeChangeRow | null> {
  return db
    .prepare(
      `SELECT * FROM payee_changes WHERE enquiry_id = ?1 AND (state = 'held' OR (state = 'pending' AND expires_at > ?2))
        ORDER BY id DESC LIMIT 1`,
    )
    .bind(enquiryId, nowIso)
    .first<PayeeChangeRow>();
}

/** A new change, waiting for its code (or held when no code could be sent); the older ones end with it. */
export async function recordPayeeChange(
  db: D1Database,
  change: {
    enquiryId: number;
    customerId: number;
    sessionId: string;
    sealed: Sealed;
    last4: string;
    codeId: number | null;
    expiresAt: string | null;
  },
  nowIso: string,
): Promise<void> {
  await db.batch([
    db
      .prepare("UPDATE payee_changes SET state = 'retired', settled_at = ?1 WHERE enquiry_id = ?2 AND state IN ('pending', 'held')")
      .bind(nowIso, change.enquiryId),
    db
      .prepare(
        `INSERT INTO payee_changes (enquiry_id, customer_id, session_id, details_iv, details_ciphertext, last4, code_id, state, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
      )
      .bind(
        change.enquiryId,
        change.customerId,
        change.sessionId,
        change.sealed.iv,
        change.sealed.ciphertext,
        change.last4,
        change.codeId,
        change.codeId === null ? 'held' : 'pending',
        nowIso,
        change.expiresAt,
      ),
  ]);
}

/** The change waits for support (its code's guesses ran out). */
export async function holdPayeeChange(db: D1Database, changeId: number): Promise<void> {
  await db.prepare("UPDATE payee_changes SET state = 'held', expires_at = NULL WHERE id = ?1 AND state = 'pending'").bind(changeId).run();
}

/** The seller said it was not them: every change still to happen ends. */
export async function cancelPayeeChanges(db: D1Database, enquiryId: number, nowIso: string): Promise<void> {
  await db
    .prepare("UPDATE payee_changes SET state = 'cancelled', settled_at = ?1 WHERE enquiry_id = ?2 AND state IN ('pending', 'held')")
    .bind(nowIso, enquiryId)
    .run();
}

/**
 * The statements that apply a pending change to the payout account: the change is claimed (only
 * while still pending), the account takes its details, and the last statement fails the whole
 * batch when the claim did not hold (cancelled or replaced meanwhile), so that the rows batched
 * with these (the notice of the change) are never written for a change that did not happen. A
 * batch that fails so is told by `isLostClaim`. `confirmedBy` confirms the new account at once.
 */
export function applyPayeeChange(
  db: D1Database,
  change: Pick<PayeeChangeRow, 'id' | 'enquiry_id' | 'details_iv' | 'details_ciphertext' | 'last4'>,
  customerId: number,
  confirmedBy: number | null,
  nowIso: string,
): D1PreparedStatement[] {
  return [
    db.prepare("UPDATE payee_changes SET state = 'applied', settled_at = ?1 WHERE id = ?2 AND state = 'pending'").bind(nowIso, change.id),
    db
      .prepare(
        `UPDATE beneficiaries SET customer_id = ?2, details_iv = ?3, details_ciphertext = ?4, last4 = ?5, updated_at = ?6,
           confirmed_at = ?8, confirmed_by = ?9
         WHERE enquiry_id = ?1 AND EXISTS (SELECT 1 FROM payee_changes WHERE id = ?7 AND state = 'applied' AND settled_at = ?6)`,
      )
      .bind(
        change.enquiry_id,
        customerId,
        change.details_iv,
        change.details_ciphertext,
        change.last4,
        nowIso,
        change.id,
        confirmedBy === null ? null : nowIso,
        confirmedBy,
      ),
    // Inserts nothing when the claim held; otherwise a row without its enquiry, which the table refuses.
    db
      .prepare(
        `INSERT INTO payee_changes (enquiry_id) SELECT NULL
          WHERE NOT EXISTS (SELECT 1 FROM payee_changes WHERE id = ?1 AND state = 'applied' AND settled_at = ?2)`,
      )
      .bind(change.id, nowIso),
  ];
}

/** Whether a batch with applyPayeeChange's statements failed because the change was no longer pending. */
export const isLostClaim = (error: unknown) => /NOT NULL constraint failed: payee_changes\.enquiry_id/.test(String(error));
