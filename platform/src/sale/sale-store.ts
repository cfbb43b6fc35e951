import type { ServiceHistory } from '../../../contract/sale';
import type { ProxyBid } from '../providers/bidding';

/**
 * The daily sale's records (docs/decisions/033): each lot (`sales`), the dealers' proxy bids kept
 * with it, and the vehicle profile the lot was entered with. Functions that change a record return
 * its statement, for the caller to batch with the enquiry's new state and the message it owes.
 */

export interface SaleRow {
  id: number;
  enquiry_id: number;
  seed: number;
  valuation: number;
  reserve: number;
  starts_at: number;
  ends_at: number;
  offer_amount: number | null;
  offer_dealer_id: number | null;
  offer_expires_at: number | null;
  outcome: 'accepted' | 'declined' | 'expired' | null;
  accepted_at: string | null;
  confirmed_at: string | null;
  documents_reviewed_at: string | null;
  collection_date: string | null;
  collection_slot: 'morning' | 'afternoon' | null;
  collection_notes: string | null;
  collection_address: string | null;
  collected_at: string | null;
  paid_at: string | null;
  funds_declared_at: string | null;
  funds_received_at: string | null;
  final_amount: number | null;
  inspected_at: string | null;
  ended_at: string | null;
  ended_reason: 'revised_offer_declined' | 'dealer_cancelled' | null;
  dvla_notified_at: string | null;
  dvla_reference_last4: string | null;
  final_confirmation_sent_at: string | null;
  valuation_low: number | null;
  valuation_high: number | null;
}

export interface ProfileRow {
  enquiry_id: number;
  features: string | null;
  service_history: ServiceHistory | null;
  finance: string | null;
  issues: string | null;
  keys: number | null;
}

/* Profiles ------------------------------------------------------------------------------------- */

export async function findProfile(db: D1Database, enquiryId: number): Promise<ProfileRow | null> {
  return db.prepare('SELECT * FROM vehicle_profiles WHERE enquiry_id = ?1').bind(enquiryId).first<ProfileRow>();
}

/** A profile step's answer, as it is kept. */
export type ProfileAnswer =
  | { column: 'features'; features: string; serviceHistory: ServiceHistory }
  | { column: 'finance' | 'issues'; value: string }
  | { column: 'keys'; value: number };

/** The statements that keep one step's answer, making the profile's row when it is the first. */
export function saveProfileAnswer(db: D1Database, enquiryId: number, answer: ProfileAnswer, nowIso: string): D1PreparedStatement[] {
  const [sets, values] =
    answer.column === 'features'
      ? ['features = ?2, service_history = ?3', [answer.features, answer.serviceHistory]]
      : [`${answer.column} = ?2`, [answer.value]];
  const at = `?${values.length + 2}`;
  return [
    db
      .prepare(`INSERT INTO vehicle_profiles (enquiry_id, updated_at) VALUES (?1, ${at}) ON CONFLICT (enquiry_id) DO NOTHING`)
      .bind(enquiryId, ...values, nowIso),
    db.prepare(`UPDATE vehicle_profiles SET ${sets}, updated_at = ${at} WHERE enquiry_id = ?1`).bind(enquiryId, ...values, nowIso),
  ];
}

/* Lots and bids -------------------------------------------------------------------------------- */

/** The enquiry's latest lot, or null before it has entered a sale. */
export async function latestSale(db: D1Database, enquiryId: number): Promise<SaleRow | null> {
  return db.prepare('SELECT * FROM sales WHERE enquiry_id = ?1 ORDER BY id DESC LIMIT 1').bind(enquiryId).first<SaleRow>();
}

/** A lot by its id (the enquiry's dealer-platform enquiry id), or null. */
export async function findSale(db: D1Database, saleId: number | null): Promise<SaleRow | null> {
  if (saleId === null) return null;
  return db.prepare('SELECT * FROM sales WHERE id = ?1').bind(saleId).first<SaleRow>();
}

export async function bidsOf(db: D1Database, saleId: number): Promise<ProxyBid[]> {
  const { results } = await db
    .prepare('SELECT dealer_id AS dealerId, max_amount AS maxAmount, placed_at AS placedAt FROM bids WHERE sale_id = ?1')
    .bind(saleId)
    .all<ProxyBid>();
  return results;
}

/** How many lots the enquiry has had (a relisted car's seed counts them). */
export async function salesCount(db: D1Database, enquiryId: number): Promise<number> {
  return (await db.prepare('SELECT count(*) AS n FROM sales WHERE enquiry_id = ?1').bind(enquiryId).first<number>('n')) ?? 0;
}

export interface NewLot {
  enquiryId: number;
  seed: number;
  valuation: number;
  /** The range shown with the valuation, kept with the lot: the published accuracy counts sales inside it. */
  valuationLow: number | null;
  valuationHigh: number | null;
  reserve: number;
  startsAt: number;
  endsAt: number;
}

/**
 * The statements that write a new lot and its dealers' proxy bids. The lot's id is the database's
 * to give: the bids (and the enquiry, enterEnquiryInSale) find it as the enquiry's newest lot,
 * inside the same batch, so two sellers entering at once never reach for the same id.
 */
export function insertLot(db: D1Database, lot: NewLot, bids: ProxyBid[], nowIso: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO sales (enquiry_id, seed, valuation, valuation_low, valuation_high, reserve, starts_at, ends_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
      )
      .bind(lot.enquiryId, lot.seed, lot.valuation, lot.valuationLow, lot.valuationHigh, lot.reserve, lot.startsAt, lot.endsAt, nowIso),
    ...bids.map((bid) =>
      db
        .prepare(
          'INSERT INTO bids (sale_id, dealer_id, max_amount, placed_at) VALUES ((SELECT max(id) FROM sales WHERE enquiry_id = ?1), ?2, ?3, ?4)',
        )
        .bind(lot.enquiryId, bid.dealerId, bid.maxAmount, bid.placedAt),
    ),
  ];
}

/** The offer the sale ended with, and until when the seller may take it. */
export function recordOffer(db: D1Database, saleId: number, offer: { amount: number; dealerId: number; expiresAt: number }) {
  return db
    .prepare('UPDATE sales SET offer_amount = ?1, offer_dealer_id = ?2, offer_expires_at = ?3 WHERE id = ?4')
    .bind(offer.amount, offer.dealerId, offer.expiresAt, saleId);
}

/** The offer lapsed undecided. */
export function expireOffer(db: D1Database, saleId: number) {
  return db.prepare("UPDATE sales SET outcome = 'expired' WHERE id = ?1 AND outcome IS NULL").bind(saleId);
}

/** The seller's decision on the offer. */
export function decideOffer(db: D1Database, saleId: number, decision: 'accepted' | 'declined', nowIso: string) {
  return db
    .prepare('UPDATE sales SET outcome = ?1, accepted_at = ?2 WHERE id = ?3')
    .bind(decision, decision === 'accepted' ? nowIso : null, saleId);
}

export function confirmLot(db: D1Database, saleId: number | null, nowIso: string) {
  return db.prepare('UPDATE sales SET confirmed_at = ?1 WHERE id = ?2').bind(nowIso, saleId);
}

export function markDocumentsReviewed(db: D1Database, saleId: number | null, nowIso: string) {
  return db.prepare('UPDATE sales SET documents_reviewed_at = ?1 WHERE id = ?2').bind(nowIso, saleId);
}

/* After the sale ------------------------------------------------------------------------------- */

export interface CollectionChoice {
  date: string;
  slot: 'morning' | 'afternoon';
  notes: string | null;
  address: string | null;
}

export function bookLotCollection(db: D1Database, saleId: number | null, choice: CollectionChoice) {
  return db
    .prepare('UPDATE sales SET collection_date = ?1, collection_slot = ?2, collection_notes = ?3, collection_address = ?4 WHERE id = ?5')
    .bind(choice.date, choice.slot, choice.notes, choice.address, saleId);
}

/** The seller was e-mailed the dealer's final confirmation. */
export function markFinalConfirmationSent(db: D1Database, saleId: number, nowIso: string) {
  return db
    .prepare('UPDATE sales SET final_confirmation_sent_at = ?1 WHERE id = ?2 AND final_confirmation_sent_at IS NULL')
    .bind(nowIso, saleId);
}

/** The seller says they sent the shortfall (the first time counts). */
export function declareFundsSent(db: D1Database, saleId: number | null, nowIso: string) {
  return db.prepare('UPDATE sales SET funds_declared_at = ?1 WHERE id = ?2 AND funds_declared_at IS NULL').bind(nowIso, saleId);
}

/** The shortfall arrived: only once the seller said they sent it. */
export function recordFundsReceived(db: D1Database, saleId: number | null, nowIso: string) {
  return db.prepare('UPDATE sales SET funds_received_at = ?1 WHERE id = ?2 AND funds_declared_at IS NOT NULL').bind(nowIso, saleId);
}

/* What the Cron Trigger looks for -------------------------------------------------------------- */

export interface LapsingOffer {
  id: number;
  enquiry_id: number;
  offer_amount: number;
  offer_expires_at: number;
}

/** Offers undecided that lapse after `fromMs` and by `toMs`. */
export async function offersLapsingBetween(db: D1Database, fromMs: number, toMs: number): Promise<LapsingOffer[]> {
  const { results } = await db
    .prepare(
      `SELECT id, enquiry_id, offer_amount, offer_expires_at FROM sales
       WHERE outcome IS NULL AND offer_amount IS NOT NULL AND offer_expires_at > ?1 AND offer_expires_at <= ?2`,
    )
    .bind(fromMs, toMs)
    .all<LapsingOffer>();
  return results;
}

export interface DueCollection {
  id: number;
  enquiry_id: number;
  collection_date: string;
  collection_slot: 'morning' | 'afternoon';
  collection_address: string | null;
}

/** Collections booked for the day (YYYY-MM-DD) that have not happened. */
export async function collectionsDueOn(db: D1Database, date: string): Promise<DueCollection[]> {
  const { results } = await db
    .prepare(
      'SELECT id, enquiry_id, collection_date, collection_slot, collection_address FROM sales WHERE collection_date = ?1 AND collected_at IS NULL',
    )
    .bind(date)
    .all<DueCollection>();
  return results;
}
