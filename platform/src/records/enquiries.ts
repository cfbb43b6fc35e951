import type { Enquiry } from '../../../contract/vehicles';

/**
 * The enquiry: a seller's one vehicle and how far its sale has gone. The record every wing reads
 * (the lookup makes it, the sale moves it on, the account lists it), so it lives below them all.
 */

export interface EnquiryRow {
  id: number;
  vehicle_id: number;
  vrm: string;
  owner_key: string;
  customer_id: number | null;
  mileage: number | null;
  status: string;
  dp_enquiry_id: number | null;
  dp_state_slug: string | null;
  marketplace_eligible: number | null;
  ineligible_by: string | null;
  partner_id: Enquiry['partnerId'];
  valuation: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

export function toEnquiry(row: EnquiryRow, now: Date): Enquiry {
  return {
    id: row.id,
    vrm: row.vrm,
    mileage: row.mileage,
    status: row.status,
    expired: Date.parse(row.expires_at) <= now.getTime(),
    expiresAt: row.expires_at,
    dpEnquiryId: row.dp_enquiry_id,
    dpStateSlug: row.dp_state_slug,
    updatedAt: row.updated_at,
    customerId: row.customer_id,
    marketplaceEligible:
      row.marketplace_eligible === null ? null : { eligible: row.marketplace_eligible === 1, ineligibleBy: row.ineligible_by },
    partnerId: row.partner_id,
  };
}

/** The seller's own latest enquiry for a vehicle, else a sandbox example for it. */
export async function findEnquiry(db: D1Database, ownerKey: string | null, vrm: string): Promise<EnquiryRow | null> {
  return db
    .prepare(
      `SELECT * FROM enquiries WHERE vrm = ?1 AND (owner_key = ?2 OR owner_key = 'sandbox')
       ORDER BY owner_key = 'sandbox', updated_at DESC, id DESC LIMIT 1`,
    )
    .bind(vrm, ownerKey ?? '')
    .first<EnquiryRow>();
}

/** The signed-in seller's own enquiry by its id, or null: a seller never learns that someone else's exists. */
export async function findOwnEnquiry(db: D1Database, customerId: number, enquiryId: number): Promise<EnquiryRow | null> {
  return db
    .prepare('SELECT * FROM enquiries WHERE id = ?1 AND owner_key = ?2')
    .bind(enquiryId, `customer:${customerId}`)
    .first<EnquiryRow>();
}

/** An enquiry by its id, whoever owns it (for the platform's own work: a sweep, a provider's callback). */
export async function findEnquiryById(db: D1Database, enquiryId: number): Promise<EnquiryRow | null> {
  return db.prepare('SELECT * FROM enquiries WHERE id = ?1').bind(enquiryId).first<EnquiryRow>();
}

/** The signed-in seller's own latest enquiry for a vehicle, or null (no sandbox example). */
export async function findOwnLatestEnquiry(db: D1Database, customerId: number, vrm: string): Promise<EnquiryRow | null> {
  return db
    .prepare('SELECT * FROM enquiries WHERE owner_key = ?1 AND vrm = ?2 ORDER BY updated_at DESC, id DESC LIMIT 1')
    .bind(`customer:${customerId}`, vrm)
    .first<EnquiryRow>();
}

/** An enquiry by its id, if it is the given owner's (a customer's or an anonymous requester's key). */
export async function findEnquiryOfOwner(db: D1Database, ownerKey: string, enquiryId: number): Promise<EnquiryRow | null> {
  return db.prepare('SELECT * FROM enquiries WHERE id = ?1 AND owner_key = ?2').bind(enquiryId, ownerKey).first<EnquiryRow>();
}

/** The enquiries in any of the given states, oldest first, at most `limit` of them. */
export async function findEnquiriesInStates(db: D1Database, slugs: readonly string[], limit: number): Promise<EnquiryRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM enquiries WHERE dp_state_slug IN (SELECT value FROM json_each(?1)) ORDER BY id LIMIT ?2`)
    .bind(JSON.stringify(slugs), limit)
    .all<EnquiryRow>();
  return results;
}

/**
 * The statements that move an enquiry on (docs/decisions/033): each is for the batch of the change
 * it is part of, so the enquiry's state never runs ahead of, or behind, the rows that go with it.
 */

/** A new state: its dealer-platform slug and its status. */
export function moveEnquiry(db: D1Database, enquiryId: number, state: { slug: string | null; status: string }, nowIso: string) {
  return db
    .prepare('UPDATE enquiries SET dp_state_slug = ?1, status = ?2, updated_at = ?3 WHERE id = ?4')
    .bind(state.slug, state.status, nowIso, enquiryId);
}

/** A new status alone, the slug as it is (a partner buyer took the car). */
export function setEnquiryStatus(db: D1Database, enquiryId: number, status: string, nowIso: string) {
  return db.prepare('UPDATE enquiries SET status = ?1, updated_at = ?2 WHERE id = ?3').bind(status, nowIso, enquiryId);
}

/** Its profile begun: only an enquiry not yet in any state of the sale's. */
export function startEnquiryProfile(db: D1Database, enquiryId: number, nowIso: string) {
  return db
    .prepare(
      "UPDATE enquiries SET dp_state_slug = 'profile-in-progress', status = 'full_details', updated_at = ?2 WHERE id = ?1 AND dp_state_slug IS NULL",
    )
    .bind(enquiryId, nowIso);
}

/** Into a sale: the sale's id is its dealer-platform enquiry id from now on. */
export function enterEnquiryInSale(db: D1Database, enquiryId: number, nowIso: string) {
  // The lot written in the same batch is the enquiry's newest.
  return db
    .prepare(
      `UPDATE enquiries SET dp_enquiry_id = (SELECT max(id) FROM sales WHERE enquiry_id = ?1), dp_state_slug = 'ready-for-sale',
         status = 'ready_for_sale', updated_at = ?2 WHERE id = ?1`,
    )
    .bind(enquiryId, nowIso);
}
