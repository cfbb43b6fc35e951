/**
 * Finance settled for the seller, as kept (docs/decisions/033): the seller's consents to Kerbside
 * asking their lender for a settlement figure, and each figure (letter) the lender gave.
 * Functions that change a record return its statement, for the caller to batch with its message.
 */

export interface ConsentRow {
  id: number;
  enquiry_id: number;
  user_id: number;
  lender_id: string;
  wording: string;
  consented_at: string;
}

export interface LetterRow {
  id: number;
  enquiry_id: number;
  consent_id: number;
  lender_id: string;
  amount: number;
  agreement_reference: string;
  expires_at: string;
  account_name: string;
  sort_code: string;
  account_number: string;
  requested_at: string;
  settled_at: string | null;
}

export function recordConsent(
  db: D1Database,
  consent: { enquiryId: number; userId: number; lenderId: string; wording: string; at: string },
): D1PreparedStatement {
  return db
    .prepare(
      'INSERT INTO finance_settlement_consents (enquiry_id, user_id, lender_id, wording, consented_at) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING *',
    )
    .bind(consent.enquiryId, consent.userId, consent.lenderId, consent.wording, consent.at);
}

/** The seller's latest consent for the enquiry, for this lender. */
export async function findLatestConsent(db: D1Database, enquiryId: number, lenderId: string): Promise<ConsentRow | null> {
  return db
    .prepare('SELECT * FROM finance_settlement_consents WHERE enquiry_id = ?1 AND lender_id = ?2 ORDER BY id DESC LIMIT 1')
    .bind(enquiryId, lenderId)
    .first<ConsentRow>();
}

export function insertLetter(db: D1Database, letter: Omit<LetterRow, 'id' | 'settled_at'>): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO finance_settlement_letters
         (enquiry_id, consent_id, lender_id, amount, agreement_reference, expires_at, account_name, sort_code, account_number, requested_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    )
    .bind(
      letter.enquiry_id,
      letter.consent_id,
      letter.lender_id,
      letter.amount,
      letter.agreement_reference,
      letter.expires_at,
      letter.account_name,
      letter.sort_code,
      letter.account_number,
      letter.requested_at,
    );
}

/** The lender's latest letter for the enquiry. */
export async function findLatestLetter(db: D1Database, enquiryId: number, lenderId: string): Promise<LetterRow | null> {
  return db
    .prepare('SELECT * FROM finance_settlement_letters WHERE enquiry_id = ?1 AND lender_id = ?2 ORDER BY id DESC LIMIT 1')
    .bind(enquiryId, lenderId)
    .first<LetterRow>();
}

/**
 * The figures the Cron Trigger looks after: for each enquiry's latest consent given since
 * `consentedSince`, its lender's latest letter when it is unsettled and ends before
 * `expiringBefore`, or no letter yet (`letter_id` null).
 */
export async function findLettersToRenew(
  db: D1Database,
  consentedSince: string,
  expiringBefore: string,
  limit: number,
): Promise<{ consent_id: number; enquiry_id: number; lender_id: string; letter_id: number | null; expires_at: string | null }[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id AS consent_id, c.enquiry_id, c.lender_id, l.id AS letter_id, l.expires_at
         FROM finance_settlement_consents c
         LEFT JOIN finance_settlement_letters l ON l.id =
           (SELECT max(id) FROM finance_settlement_letters WHERE enquiry_id = c.enquiry_id AND lender_id = c.lender_id)
        WHERE c.id = (SELECT max(id) FROM finance_settlement_consents WHERE enquiry_id = c.enquiry_id)
          AND c.consented_at >= ?1
          AND (l.id IS NULL OR (l.settled_at IS NULL AND l.expires_at < ?2))
        ORDER BY c.enquiry_id
        LIMIT ?3`,
    )
    .bind(consentedSince, expiringBefore, limit)
    .all<{ consent_id: number; enquiry_id: number; lender_id: string; letter_id: number | null; expires_at: string | null }>();
  return results;
}

/** The lender confirms the agreement is settled: its latest letter for the enquiry, once. */
export function markLatestLetterSettled(db: D1Database, enquiryId: number, settledAt: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE finance_settlement_letters SET settled_at = ?2
        WHERE id = (SELECT max(id) FROM finance_settlement_letters WHERE enquiry_id = ?1) AND settled_at IS NULL`,
    )
    .bind(enquiryId, settledAt);
}
