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
