/**
 * What the sales record publishes about itself (issue 34): the buying dealer's record, shown on the
 * offer before the seller accepts, and the valuation's accuracy, shown on /how-we-value. Both are
 * counted by the platform from the sales it completed (platform/src/sale/published-figures.ts).
 */

/** How far back a dealer's record reaches. */
export const DEALER_RECORD_DAYS = 90;

/**
 * GET /platform/dealership/dealers/{id}/record: the dealer's collections in the last
 * DEALER_RECORD_DAYS days. A collection is a sale the dealer inspected at the handover in that time
 * and that has since settled: completed (at the agreed price or a revised one), or ended without the
 * car changing hands. One still waiting on the seller's answer to a revised offer is not counted yet.
 */
export interface DealerRecord {
  dealerId: number;
  periodDays: number;
  collections: number;
  /** Completed at the price agreed in the sale. */
  completedAtAgreed: number;
  /**
   * The mean of (agreed − what the dealer paid or proposed) over the collections whose adjustment is
   * known, in whole pounds; 0 when every one completed at the agreed price, null with none.
   */
  averageAdjustment: number | null;
}

/**
 * GET /platform/valuation/accuracy: the latest month the Cron Trigger counted. `month` is null
 * before it has counted one; `sales` 0 (and the figures null) when no sale completed that month.
 */
export interface ValuationAccuracy {
  /** YYYY-MM: the calendar month (UTC) the sales were collected in. */
  month: string | null;
  sales: number;
  /** The median of |final − valuation| / final, in per cent. */
  medianAbsPct: number | null;
  /** Share (0..1) of the sales whose final price was inside the range shown with the valuation. */
  insideRangeShare: number | null;
  /** When the Cron Trigger counted it (ISO). */
  computedAt: string | null;
}
