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
  /** The Confirmation of Payee check of the details on file (docs/decisions/036); NULL before it existed. */
  cop: CopState | null;
  cop_bank_name: string | null;
  cop_checked_at: string | null;
  cop_confirmed_at: string | null;
  cop_retries: number;
}

export type CopState = 'match' | 'close_match' | 'no_match' | 'no_match_confirmed' | 'unavailable';

/** The check of a payout account's details as it is kept with them (and with a change waiting for its code). */
export interface CopRecord {
  cop: CopState;
  bankName: string | null;
  checkedAt: string;
  /** When the seller kept details their bank could not match. */
  confirmedAt: string | null;
}

export interface PayeeCheckRow {
  id: number;
  enquiry_id: number;
  customer_id: number;
  session_id: string | null;
  details_iv: string;
  details_ciphertext: string;
  last4: string;
  result: 'close_match' | 'no_match';
  bank_name: string | null;
  reason: 'name' | 'account_type' | null;
  state: 'open' | 'used_bank_name' | 'kept' | 'retired';
  checked_at: string;
  expires_at: string;
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
  cop: CopState | null;
  cop_bank_name: string | null;
  cop_checked_at: string | null;
  cop_confirmed_at: string | null;
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
  account: { enquiryId: number; customerId: number; sealed: Sealed; last4: string; confirmedBy: number | null; cop: CopRecord },
  nowIso: string,
) {
  return db
    .prepare(
      `INSERT INTO beneficiaries (enquiry_id, customer_id, details_iv, details_ciphertext, last4, created_at, updated_at, confirmed_at, confirmed_by,
         cop, cop_bank_name, cop_checked_at, cop_confirmed_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
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
      account.cop.cop,
      account.cop.bankName,
      account.cop.checkedAt,
      account.cop.confirmedAt,
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
    cop: CopRecord;
  },
  nowIso: string,
): Promise<void> {
  await db.batch([
    db
      .prepare("UPDATE payee_changes SET state = 'retired', settled_at = ?1 WHERE enquiry_id = ?2 AND state IN ('pending', 'held')")
      .bind(nowIso, change.enquiryId),
    db
      .prepare(
        `INSERT INTO payee_changes (enquiry_id, customer_id, session_id, details_iv, details_ciphertext, last4, code_id, state, created_at, expires_at,
           cop, cop_bank_name, cop_checked_at, cop_confirmed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)`,
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
        change.cop.cop,
        change.cop.bankName,
        change.cop.checkedAt,
        change.cop.confirmedAt,
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
           confirmed_at = ?8, confirmed_by = ?9, cop_retries = 0,
           (cop, cop_bank_name, cop_checked_at, cop_confirmed_at) =
             (SELECT cop, cop_bank_name, cop_checked_at, cop_confirmed_at FROM payee_changes WHERE id = ?7)
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

/* Confirmation of Payee (docs/decisions/036) -------------------------------------------------- */

/** The session's open check (a close match or a no match waiting for the seller), or null. */
export async function openPayeeCheck(db: D1Database, enquiryId: number, sessionId: string, nowIso: string): Promise<PayeeCheckRow | null> {
  return db
    .prepare(
      `SELECT * FROM payee_checks WHERE enquiry_id = ?1 AND session_id = ?2 AND state = 'open' AND expires_at > ?3
        ORDER BY id DESC LIMIT 1`,
    )
    .bind(enquiryId, sessionId, nowIso)
    .first<PayeeCheckRow>();
}

/** The statement that ends the sale's open checks: the seller typed other details, or the account was saved. */
export function retirePayeeChecks(db: D1Database, enquiryId: number, nowIso: string) {
  return db
    .prepare("UPDATE payee_checks SET state = 'retired', settled_at = ?1 WHERE enquiry_id = ?2 AND state = 'open'")
    .bind(nowIso, enquiryId);
}

/** A check that came back a close match or a no match: it waits for the seller, and the older ones end. */
export async function recordPayeeCheck(
  db: D1Database,
  check: Pick<PayeeCheckRow, 'enquiry_id' | 'customer_id' | 'session_id' | 'last4' | 'result' | 'bank_name' | 'reason' | 'expires_at'> & {
    sealed: Sealed;
  },
  nowIso: string,
): Promise<void> {
  await db.batch([
    retirePayeeChecks(db, check.enquiry_id, nowIso),
    db
      .prepare(
        `INSERT INTO payee_checks (enquiry_id, customer_id, session_id, details_iv, details_ciphertext, last4, result, bank_name, reason, state, checked_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', ?10, ?11)`,
      )
      .bind(
        check.enquiry_id,
        check.customer_id,
        check.session_id,
        check.sealed.iv,
        check.sealed.ciphertext,
        check.last4,
        check.result,
        check.bank_name,
        check.reason,
        nowIso,
        check.expires_at,
      ),
  ]);
}

/** The open check is settled as the seller chose: only while still open (the statement changes nothing otherwise). */
export async function settlePayeeCheck(
  db: D1Database,
  checkId: number,
  state: 'used_bank_name' | 'kept',
  nowIso: string,
): Promise<boolean> {
  const row = await db
    .prepare("UPDATE payee_checks SET state = ?2, settled_at = ?3 WHERE id = ?1 AND state = 'open' RETURNING id")
    .bind(checkId, state, nowIso)
    .first();
  return row !== null;
}

/** The payout accounts whose check could not be made, oldest check first, with retries left. */
export async function unavailableChecks(db: D1Database, maxRetries: number, limit: number): Promise<BeneficiaryRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM beneficiaries WHERE cop = 'unavailable' AND cop_retries < ?1 ORDER BY cop_checked_at LIMIT ?2")
    .bind(maxRetries, limit)
    .all<BeneficiaryRow>();
  return results;
}

/**
 * The statements that record a new check of the account on file: only while its details are the
 * ones checked (`updatedAt`) and its check is still `from`. With `guard`, a last statement fails
 * the batch when that did not hold (so a message batched with it is not written); `isLostCheck`
 * tells such a failure. A retry still unavailable counts one more retry.
 */
export function recordCopCheck(
  db: D1Database,
  account: { enquiryId: number; updatedAt: string; from: CopState | null },
  check: CopRecord,
  options: { guard?: boolean } = {},
): D1PreparedStatement[] {
  const statements = [
    db
      .prepare(
        `UPDATE beneficiaries SET cop = ?4, cop_bank_name = ?5, cop_checked_at = ?6, cop_confirmed_at = ?7,
           cop_retries = CASE WHEN ?4 = 'unavailable' AND cop = 'unavailable' THEN cop_retries + 1 ELSE 0 END
         WHERE enquiry_id = ?1 AND updated_at = ?2 AND cop IS ?3`,
      )
      .bind(account.enquiryId, account.updatedAt, account.from, check.cop, check.bankName, check.checkedAt, check.confirmedAt),
  ];
  if (options.guard) {
    statements.push(
      db
        .prepare(
          `INSERT INTO payee_checks (enquiry_id) SELECT NULL
            WHERE NOT EXISTS (SELECT 1 FROM beneficiaries WHERE enquiry_id = ?1 AND cop = ?2 AND cop_checked_at = ?3)`,
        )
        .bind(account.enquiryId, check.cop, check.checkedAt),
    );
  }
  return statements;
}

/** Whether a batch with recordCopCheck's guard failed because the account or its check had changed meanwhile. */
export const isLostCheck = (error: unknown) => /NOT NULL constraint failed: payee_checks\.enquiry_id/.test(String(error));
