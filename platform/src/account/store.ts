import type { CrmTier } from '../../../contract/accounts';
import type { UserRow } from '../records/customers';

/**
 * The account wing's SQL (docs/decisions/033): the customer's own columns as the account pages
 * change them, sign-in links, referral codes, and what a link or an unsubscribe changes. Functions
 * are named for what they do to the records; a `…Statement` is for a caller's batch.
 */

export interface NewCustomer {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  postcode: string;
  tier: CrmTier;
  campaign: string | null;
  signupBrowserKeyHash: string | null;
  at: string;
}

export async function insertCustomer(db: D1Database, c: NewCustomer): Promise<UserRow> {
  return (await db
    .prepare(
      `INSERT INTO users (user_id, email, first_name, last_name, phone, postcode, email_crm_tier, campaign, signup_browser_key_hash, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10) RETURNING *`,
    )
    .bind(c.userId, c.email, c.firstName, c.lastName, c.phone, c.postcode, c.tier, c.campaign, c.signupBrowserKeyHash, c.at)
    .first<UserRow>())!;
}

/** Whether an address belongs to someone other than `customerId`. */
export async function addressTakenByOther(db: D1Database, email: string, customerId: number): Promise<boolean> {
  const owner = await db.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: number }>();
  return !!owner && owner.id !== customerId;
}

export interface CustomerDetails {
  first_name: string;
  last_name: string;
  phone: string;
  postcode: string;
  phone_verified_at: string | null;
  phone_pending: string | null;
}

/** The details of the account's details page; `confirms` clears `details_to_confirm` (ADR 031). */
export async function updateCustomerDetails(
  db: D1Database,
  id: number,
  details: CustomerDetails,
  { confirms, at }: { confirms: boolean; at: string },
): Promise<UserRow> {
  return (await db
    .prepare(
      `UPDATE users SET first_name = ?1, last_name = ?2, phone = ?3, postcode = ?4, phone_verified_at = ?5, phone_pending = ?6,
         details_to_confirm = CASE WHEN ?7 THEN 0 ELSE details_to_confirm END, updated_at = ?8
       WHERE id = ?9 RETURNING *`,
    )
    .bind(
      details.first_name,
      details.last_name,
      details.phone,
      details.postcode,
      details.phone_verified_at,
      details.phone_pending,
      confirms ? 1 : 0,
      at,
      id,
    )
    .first<UserRow>())!;
}

export async function setCrmTier(db: D1Database, id: number, tier: CrmTier, at: string): Promise<UserRow> {
  return (await db
    .prepare('UPDATE users SET email_crm_tier = ?1, updated_at = ?2 WHERE id = ?3 RETURNING *')
    .bind(tier, at, id)
    .first<UserRow>())!;
}

/** Texts on (the stop cleared) or stopped (the first stop's time kept). */
export async function setTexts(db: D1Database, id: number, on: boolean, at: string): Promise<UserRow> {
  return (await db
    .prepare(
      'UPDATE users SET sms_stopped_at = CASE WHEN ?1 THEN NULL ELSE COALESCE(sms_stopped_at, ?2) END, updated_at = ?2 WHERE id = ?3 RETURNING *',
    )
    .bind(on ? 1 : 0, at, id)
    .first<UserRow>())!;
}

/** The number waiting for its code is proven, and becomes the account's: null if it no longer waits. */
export function proveMobile(db: D1Database, id: number, number: string, at: string): Promise<UserRow | null> {
  return db
    .prepare(
      `UPDATE users SET phone = ?2, phone_verified_at = ?3, phone_pending = NULL, updated_at = ?3
        WHERE id = ?1 AND (phone_pending = ?2 OR (phone = ?2 AND phone_verified_at IS NULL)) RETURNING *`,
    )
    .bind(id, number, at)
    .first<UserRow>();
}

/** Removes a car from the account's list: false when it was not there. */
export async function removeCustomerVehicle(db: D1Database, customerId: number, vehicleId: number): Promise<boolean> {
  return !!(await db
    .prepare('DELETE FROM customer_vehicles WHERE customer_id = ?1 AND vehicle_id = ?2 RETURNING vehicle_id')
    .bind(customerId, vehicleId)
    .first());
}

// --- Sign-in links ------------------------------------------------------------------------------

export interface LinkRow {
  token_hash: string;
  user_id: number;
  redirect_to: string;
  expires_at: string;
  used_at: string | null;
  browser_key_hash: string | null;
  purpose: 'sign_in' | 'verify';
}

/** A new link, retiring every older unused one of the account in the same batch. */
export async function insertLink(db: D1Database, link: Omit<LinkRow, 'used_at'> & { created_at: string }): Promise<void> {
  await db.batch([
    db.prepare('UPDATE sign_in_links SET used_at = ?1 WHERE user_id = ?2 AND used_at IS NULL').bind(link.created_at, link.user_id),
    db
      .prepare(
        `INSERT INTO sign_in_links (token_hash, user_id, redirect_to, created_at, expires_at, browser_key_hash, purpose)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
      )
      .bind(link.token_hash, link.user_id, link.redirect_to, link.created_at, link.expires_at, link.browser_key_hash, link.purpose),
  ]);
}

export function findLink(db: D1Database, hash: string): Promise<LinkRow | null> {
  return db.prepare('SELECT * FROM sign_in_links WHERE token_hash = ?1').bind(hash).first<LinkRow>();
}

/** Claims a link: of two clicks racing, one wins. */
export async function claimLink(db: D1Database, hash: string, at: string): Promise<boolean> {
  return !!(await db
    .prepare('UPDATE sign_in_links SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL RETURNING user_id')
    .bind(at, hash)
    .first());
}

/** The statement that clears what was typed at sign-up, for a proof from another browser (ADR 031). */
export function clearTypedDetailsStatement(db: D1Database, id: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET first_name = '', last_name = '', phone = '', phone_verified_at = NULL, phone_pending = NULL, postcode = '',
         email_crm_tier = 'service', sms_stopped_at = NULL, details_to_confirm = 1 WHERE id = ?1`,
    )
    .bind(id);
}

/** The statement that marks the address proven, with its referral (only ever set here); it answers the row. */
export function proveAddressStatement(db: D1Database, id: number, referredBy: number | null, at: string): D1PreparedStatement {
  return db
    .prepare('UPDATE users SET email_verified_at = ?1, referred_by = ?3, updated_at = ?1 WHERE id = ?2 RETURNING *')
    .bind(at, id, referredBy);
}

/** The statements that give an anonymous browser's cars and enquiries to the account. */
export function adoptEnquiriesStatements(db: D1Database, userId: number, requesterId: string, at: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT OR IGNORE INTO customer_vehicles (customer_id, vehicle_id, added_at)
         SELECT ?1, vehicle_id, ?3 FROM enquiries WHERE owner_key = ?2`,
      )
      .bind(userId, `requester:${requesterId}`, at),
    db
      .prepare('UPDATE enquiries SET owner_key = ?1, customer_id = ?2 WHERE owner_key = ?3')
      .bind(`customer:${userId}`, userId, `requester:${requesterId}`),
  ];
}

// --- Referrals ----------------------------------------------------------------------------------

export async function referralCodeOf(db: D1Database, id: number): Promise<string | null> {
  return (
    (await db.prepare('SELECT referral_code FROM users WHERE id = ?1').bind(id).first<{ referral_code: string | null }>())?.referral_code ??
    null
  );
}

/** Gives the account a code if it has none: false when the code is another's (the unique index) or one was set meanwhile. */
export async function claimReferralCode(db: D1Database, id: number, code: string): Promise<boolean> {
  const result = await db
    .prepare('UPDATE users SET referral_code = ?1 WHERE id = ?2 AND referral_code IS NULL')
    .bind(code, id)
    .run()
    .catch(() => null);
  return !!result?.meta.changes;
}

export async function customerByReferralCode(db: D1Database, code: string): Promise<number | null> {
  return (await db.prepare('SELECT id FROM users WHERE referral_code = ?1').bind(code).first<{ id: number }>())?.id ?? null;
}

/** A sale of the seller's own that the dealer collected and paid, into an account they confirmed. */
export async function hasPaidSale(db: D1Database, userId: number): Promise<boolean> {
  return !!(await db
    .prepare(
      `SELECT 1 AS yes FROM beneficiaries b JOIN enquiries e ON e.id = b.enquiry_id
        WHERE b.customer_id = ?1 AND b.confirmed_at IS NOT NULL AND e.status = 'sold_invoice_paid' LIMIT 1`,
    )
    .bind(userId)
    .first());
}

// --- Unsubscribing ------------------------------------------------------------------------------

/** What a signed unsubscribe link stops: false when there is nothing left for it to stop. */
export async function unsubscribeByLink(db: D1Database, list: 'email' | 'sms' | 'mot', id: number, at: string): Promise<boolean> {
  const statement =
    list === 'mot'
      ? db.prepare('UPDATE mot_reminders SET unsubscribed_at = coalesce(unsubscribed_at, ?2) WHERE id = ?1')
      : list === 'sms'
        ? // A text's STOP stops every text at once, messages about the sale included (PECR); e-mails go on.
          db.prepare('UPDATE users SET sms_marketing = 0, sms_stopped_at = coalesce(sms_stopped_at, ?2), updated_at = ?2 WHERE id = ?1')
        : db.prepare("UPDATE users SET email_crm_tier = 'service', updated_at = ?2 WHERE id = ?1");
  return !!(await statement.bind(id, at).run()).meta.changes;
}
