import type { AcceptedItem, RefusedItem } from '../../../contract/price-rules';
import type { Check } from '../providers/inspection';

/**
 * Collection day's records (docs/decisions/035): the handover inspection's checks, the dealer's
 * revised offer and the items the rules refused, the inspector's photos, the sale's completion at
 * its final price, its end without a handover, and the trader telling DVLA. Functions that change
 * a record return its statement, for the caller to batch with the state change and its message;
 * each is written so that running it twice (two readers noticing the same slot) changes nothing.
 */

export interface VerificationRow {
  check_id: string;
  result: 'as_described' | 'differs';
  detail: string;
  recorded_at: string;
}

export function insertVerifications(db: D1Database, saleId: number, enquiryId: number, checks: Check[], nowIso: string) {
  return checks.map((c) =>
    db
      .prepare(
        'INSERT OR IGNORE INTO verifications (sale_id, enquiry_id, check_id, result, detail, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
      )
      .bind(saleId, enquiryId, c.check, c.result, c.detail, nowIso),
  );
}

export async function verificationsOf(db: D1Database, saleId: number): Promise<VerificationRow[]> {
  const { results } = await db
    .prepare('SELECT check_id, result, detail, recorded_at FROM verifications WHERE sale_id = ?1 ORDER BY rowid')
    .bind(saleId)
    .all<VerificationRow>();
  return results;
}

export function markInspected(db: D1Database, saleId: number, nowIso: string) {
  return db.prepare('UPDATE sales SET inspected_at = ?1 WHERE id = ?2 AND inspected_at IS NULL').bind(nowIso, saleId);
}

/* The revised offer ---------------------------------------------------------------------------- */

export type PostSaleOfferStatus = 'proposed' | 'approved' | 'declined' | 'refused' | 'cancelled';

export interface PostSaleOfferRow {
  id: number;
  sale_id: number;
  enquiry_id: number;
  dealer_id: number;
  agreed_amount: number;
  proposed_amount: number;
  items: string;
  refused: string;
  status: PostSaleOfferStatus;
  created_at: string;
  decided_at: string | null;
}

export interface NewPostSaleOffer {
  saleId: number;
  enquiryId: number;
  dealerId: number;
  agreed: number;
  proposed: number;
  items: AcceptedItem[];
  refused: RefusedItem[];
  status: PostSaleOfferStatus;
}

export function insertPostSaleOffer(db: D1Database, offer: NewPostSaleOffer, nowIso: string) {
  return db
    .prepare(
      `INSERT OR IGNORE INTO post_sale_offers (sale_id, enquiry_id, dealer_id, agreed_amount, proposed_amount, items, refused, status, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    )
    .bind(
      offer.saleId,
      offer.enquiryId,
      offer.dealerId,
      offer.agreed,
      offer.proposed,
      JSON.stringify(offer.items),
      JSON.stringify(offer.refused),
      offer.status,
      nowIso,
    );
}

export async function latestPostSaleOffer(db: D1Database, enquiryId: number): Promise<PostSaleOfferRow | null> {
  return db
    .prepare('SELECT * FROM post_sale_offers WHERE enquiry_id = ?1 ORDER BY id DESC LIMIT 1')
    .bind(enquiryId)
    .first<PostSaleOfferRow>();
}

/** The seller's answer: only a proposal still open takes one. */
export function decidePostSaleOffer(db: D1Database, offerId: number, status: 'approved' | 'declined', nowIso: string) {
  return db
    .prepare("UPDATE post_sale_offers SET status = ?1, decided_at = ?2 WHERE id = ?3 AND status = 'proposed'")
    .bind(status, nowIso, offerId);
}

/* The inspector's photos ----------------------------------------------------------------------- */

export function recordCollectionPhoto(db: D1Database, saleId: number, slot: string, key: string, contentType: string, nowIso: string) {
  return db
    .prepare('INSERT OR IGNORE INTO collection_photos (sale_id, slot, key, content_type, taken_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind(saleId, slot, key, contentType, nowIso);
}

export async function collectionPhotoOf(db: D1Database, saleId: number, slot: string) {
  return db
    .prepare('SELECT key, content_type FROM collection_photos WHERE sale_id = ?1 AND slot = ?2')
    .bind(saleId, slot)
    .first<{ key: string; content_type: string }>();
}

export async function collectionPhotoSlots(db: D1Database, saleId: number): Promise<string[]> {
  const { results } = await db.prepare('SELECT slot FROM collection_photos WHERE sale_id = ?1').bind(saleId).all<{ slot: string }>();
  return results.map((r) => r.slot);
}

/* The sale's end ------------------------------------------------------------------------------- */

/** The car changed hands at `finalAmount`; `paid` when the payment went with it (a frozen payout waits). */
export function completeLot(db: D1Database, saleId: number, finalAmount: number, nowIso: string, { paid }: { paid: boolean }) {
  return db
    .prepare(
      `UPDATE sales SET collected_at = coalesce(collected_at, ?1), final_amount = ?2, paid_at = CASE WHEN ?3 THEN coalesce(paid_at, ?1) ELSE paid_at END
       WHERE id = ?4`,
    )
    .bind(nowIso, finalAmount, paid ? 1 : 0, saleId);
}

/** The sale ended at the handover without the car changing hands. */
export function endLot(db: D1Database, saleId: number, reason: 'revised_offer_declined' | 'dealer_cancelled', nowIso: string) {
  return db.prepare('UPDATE sales SET ended_at = ?1, ended_reason = ?2 WHERE id = ?3 AND ended_at IS NULL').bind(nowIso, reason, saleId);
}

export function recordDvlaTold(db: D1Database, saleId: number, referenceLast4: string, nowIso: string) {
  return db
    .prepare('UPDATE sales SET dvla_notified_at = ?1, dvla_reference_last4 = ?2 WHERE id = ?3 AND dvla_notified_at IS NULL')
    .bind(nowIso, referenceLast4, saleId);
}

/* What the Cron Trigger looks for -------------------------------------------------------------- */

/**
 * Enquiries whose sale the clock moves on after acceptance: a collection booked up to `today` and
 * not yet inspected, or a car handed over on collection day whose DVLA step is still to come.
 */
export async function collectionStepsDue(db: D1Database, today: string, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT enquiry_id FROM sales
       WHERE outcome = 'accepted' AND ended_at IS NULL
         AND ((collection_date IS NOT NULL AND collection_date <= ?1 AND inspected_at IS NULL) OR (inspected_at IS NOT NULL AND collected_at IS NOT NULL AND dvla_notified_at IS NULL))
       ORDER BY id LIMIT ?2`,
    )
    .bind(today, limit)
    .all<{ enquiry_id: number }>();
  return results.map((r) => r.enquiry_id);
}
