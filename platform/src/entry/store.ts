import type { RegisterRow } from '../providers/register';
import type { EnquiryRow } from '../records/enquiries';

/**
 * The entry wing's storage (docs/decisions/033): the vehicles in a seller's account, the enquiry a
 * valuation makes or refreshes, and what the register says of a car beside its valuation.
 */

/** The platform's vehicle ids in a customer's account. */
export async function accountVehicleIds(db: D1Database, customerId: number): Promise<number[]> {
  const { results } = await db
    .prepare('SELECT vehicle_id FROM customer_vehicles WHERE customer_id = ?1')
    .bind(customerId)
    .all<{ vehicle_id: number }>();
  return results.map((row) => row.vehicle_id);
}

/** Puts a vehicle in a customer's account; one already there stays as it was added. */
export async function addAccountVehicle(db: D1Database, customerId: number, vehicleId: number, addedAt: string): Promise<void> {
  await db
    .prepare('INSERT OR IGNORE INTO customer_vehicles (customer_id, vehicle_id, added_at) VALUES (?1, ?2, ?3)')
    .bind(customerId, vehicleId, addedAt)
    .run();
}

/** A vehicle of a customer's account, with the register's words for it. */
export interface AccountVehicleRow {
  vehicle_id: number;
  vrm: string;
  make: string;
  model: string;
  month_of_first_registration: string;
  added_at: string;
}

/** The vehicles in a customer's account and the customer's enquiries, newest first, read together. */
export async function accountVehiclesAndEnquiries(
  db: D1Database,
  customerId: number,
): Promise<{ vehicles: AccountVehicleRow[]; enquiries: EnquiryRow[] }> {
  const [vehicles, enquiries] = await db.batch([
    db
      .prepare(
        `SELECT v.id AS vehicle_id, v.vrm, r.make, r.model, r.month_of_first_registration, cv.added_at
           FROM customer_vehicles cv JOIN vehicles v ON v.id = cv.vehicle_id JOIN register_vehicles r ON r.vrm = v.vrm
          WHERE cv.customer_id = ?1`,
      )
      .bind(customerId),
    db.prepare('SELECT * FROM enquiries WHERE owner_key = ?1 ORDER BY updated_at DESC, id DESC').bind(`customer:${customerId}`),
  ]);
  return {
    vehicles: (vehicles?.results ?? []) as AccountVehicleRow[],
    enquiries: (enquiries?.results ?? []) as EnquiryRow[],
  };
}

/** What a fresh valuation sets on the enquiry it makes or refreshes. */
export interface Quote {
  mileage: number;
  eligible: boolean;
  ineligibleBy: string | null;
  partnerId: EnquiryRow['partner_id'];
  /** The valuation, as JSON. */
  valuation: string;
  at: string;
  expiresAt: string;
  /** The campaign and affiliate the owner came with, as the enquiry keeps them; null keeps what it has. */
  campaign: string | null;
  affiliate: string | null;
}

/** The owner's enquiry for a vehicle that has not gone to the dealer sale yet (the one a new valuation refreshes). */
export async function findQuotedEnquiryId(db: D1Database, owner: string, vrm: string): Promise<number | null> {
  const row = await db
    .prepare('SELECT id FROM enquiries WHERE owner_key = ?1 AND vrm = ?2 AND dp_state_slug IS NULL ORDER BY id DESC LIMIT 1')
    .bind(owner, vrm)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Quotes the enquiry again, with a fresh valuation: its week starts again. */
export async function requoteEnquiry(db: D1Database, id: number, quote: Quote): Promise<EnquiryRow> {
  const row = await db
    .prepare(
      `UPDATE enquiries SET mileage = ?1, marketplace_eligible = ?2, ineligible_by = ?3, partner_id = ?4, valuation = ?5,
         status = 'quoted', updated_at = ?6, expires_at = ?7, campaign = coalesce(?9, campaign), affiliate = coalesce(?10, affiliate)
       WHERE id = ?8 RETURNING *`,
    )
    .bind(...quoteValues(quote), id, quote.campaign, quote.affiliate)
    .first<EnquiryRow>();
  return row!;
}

/** A new quoted enquiry for the owner's vehicle (a customer's, or a visitor's by their requester). */
export async function createQuotedEnquiry(
  db: D1Database,
  owner: { key: string; customerId: number | null },
  vehicle: { id: number; vrm: string },
  quote: Quote,
): Promise<EnquiryRow> {
  const row = await db
    .prepare(
      `INSERT INTO enquiries (vehicle_id, vrm, owner_key, customer_id, mileage, marketplace_eligible, ineligible_by, partner_id, valuation,
         status, created_at, updated_at, expires_at, campaign, affiliate)
       VALUES (?8, ?9, ?10, ?11, ?1, ?2, ?3, ?4, ?5, 'quoted', ?6, ?6, ?7, ?12, ?13) RETURNING *`,
    )
    .bind(...quoteValues(quote), vehicle.id, vehicle.vrm, owner.key, owner.customerId, quote.campaign, quote.affiliate)
    .first<EnquiryRow>();
  return row!;
}

const quoteValues = (quote: Quote) =>
  [quote.mileage, quote.eligible ? 1 : 0, quote.ineligibleBy, quote.partnerId, quote.valuation, quote.at, quote.expiresAt] as const;

/** The enquiry a premium offer refers to: the owner's own, or a sandbox example, for that vehicle. */
export async function findValuedEnquiry(db: D1Database, id: number, vrm: string, owner: string | null): Promise<EnquiryRow | null> {
  return db
    .prepare('SELECT * FROM enquiries WHERE id = ?1 AND vrm = ?2 AND (owner_key = ?3 OR owner_key = ?4)')
    .bind(id, vrm, owner ?? '', 'sandbox')
    .first<EnquiryRow>();
}

/** What the sales record is looked up by: a registered car's make, model and first use. */
export type RegisteredModel = Pick<RegisterRow, 'make' | 'model' | 'first_used_date'>;

/** The make, model and first use of a registration, or null for one the register lacks. */
export async function registeredModelOf(db: D1Database, vrm: string): Promise<RegisteredModel | null> {
  return db.prepare('SELECT make, model, first_used_date FROM register_vehicles WHERE vrm = ?1').bind(vrm).first<RegisteredModel>();
}

/** The same, for the platform's vehicle id (Vehicle.id). */
export async function registeredModelOfVehicle(db: D1Database, vehicleId: number): Promise<RegisteredModel | null> {
  return db
    .prepare('SELECT r.make, r.model, r.first_used_date FROM vehicles v JOIN register_vehicles r ON r.vrm = v.vrm WHERE v.id = ?1')
    .bind(vehicleId)
    .first<RegisteredModel>();
}
