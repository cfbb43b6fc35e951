import type { ValuationAccuracy } from '../../../contract/published-record';
import type { Collection, CompletedSale } from './published-figures';

/**
 * The records behind what the sales record publishes (published-figures.ts counts them): a
 * dealer's collections, the sales that completed in a month, and the valuation's accuracy as the
 * Cron Trigger last counted it (`valuation_accuracy`, one row a month).
 */

/** The dealer's sales inspected at the handover from `fromIso` to `toIso`, with any revised offer. */
export async function collectionsOfDealer(db: D1Database, dealerId: number, fromIso: string, toIso: string): Promise<Collection[]> {
  const { results } = await db
    .prepare(
      `SELECT s.offer_amount AS agreed, s.final_amount AS finalAmount, s.ended_at IS NOT NULL AS ended, p.proposed_amount AS proposed
         FROM sales s LEFT JOIN post_sale_offers p ON p.sale_id = s.id
        WHERE s.offer_dealer_id = ?1 AND s.offer_amount IS NOT NULL AND s.inspected_at >= ?2 AND s.inspected_at <= ?3`,
    )
    .bind(dealerId, fromIso, toIso)
    .all<Omit<Collection, 'ended'> & { ended: number }>();
  return results.map((row) => ({ ...row, ended: row.ended === 1 }));
}

/** The sales collected from `fromIso` up to (not including) `toIso` that have a final price. */
export async function salesCompletedBetween(db: D1Database, fromIso: string, toIso: string): Promise<CompletedSale[]> {
  const { results } = await db
    .prepare(
      `SELECT valuation, final_amount AS finalAmount, valuation_low AS low, valuation_high AS high FROM sales
        WHERE final_amount IS NOT NULL AND collected_at >= ?1 AND collected_at < ?2`,
    )
    .bind(fromIso, toIso)
    .all<CompletedSale>();
  return results;
}

/** Keeps a month's accuracy, replacing what an earlier run counted for it. */
export async function keepMonthsAccuracy(db: D1Database, figures: ValuationAccuracy & { month: string; computedAt: string }) {
  await db
    .prepare(
      `INSERT INTO valuation_accuracy (month, sales, median_abs_pct, inside_range_share, computed_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (month) DO UPDATE SET sales = excluded.sales, median_abs_pct = excluded.median_abs_pct,
         inside_range_share = excluded.inside_range_share, computed_at = excluded.computed_at`,
    )
    .bind(figures.month, figures.sales, figures.medianAbsPct, figures.insideRangeShare, figures.computedAt)
    .run();
}

/** The latest month counted, or null before the first count. */
export async function latestAccuracy(db: D1Database): Promise<ValuationAccuracy | null> {
  return db
    .prepare(
      `SELECT month, sales, median_abs_pct AS medianAbsPct, inside_range_share AS insideRangeShare, computed_at AS computedAt
         FROM valuation_accuracy ORDER BY month DESC LIMIT 1`,
    )
    .first<ValuationAccuracy>();
}
