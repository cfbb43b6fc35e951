import type { DealerRecord, ValuationAccuracy } from '../../../contract/published-record';

/**
 * The figures the sales record publishes (contract/published-record.ts), as pure functions of the
 * rows the store reads (published-store.ts): the buying dealer's record beside the offer, and the
 * valuation's accuracy month by month. Nothing here reads the clock or the database.
 */

/** The median of the values, or null for none; the mean of the middle two for an even count. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A sale that completed in the month counted, as the accuracy needs it. */
export interface CompletedSale {
  /** The instant valuation's price. */
  valuation: number;
  finalAmount: number;
  /** The range shown with the valuation; null for a lot made before it was kept. */
  low: number | null;
  high: number | null;
}

/** How far the valuation was from the final price, as a share of the final price, in per cent. */
export const absolutePercentDifference = (sale: Pick<CompletedSale, 'valuation' | 'finalAmount'>): number =>
  (Math.abs(sale.finalAmount - sale.valuation) / sale.finalAmount) * 100;

/**
 * One month's accuracy: the median absolute percentage difference between the valuation and the
 * final price over every sale, and the share of sales whose final price landed inside the range
 * shown (ends included). The share counts only the sales whose range was kept; with none, it is
 * null rather than a guess. A final price of nothing cannot be a share's base, so such a sale is
 * not counted at all.
 */
export function accuracyOf(sales: readonly CompletedSale[]): Pick<ValuationAccuracy, 'sales' | 'medianAbsPct' | 'insideRangeShare'> {
  const counted = sales.filter((sale) => sale.finalAmount > 0);
  const ranged = counted.filter((sale) => sale.low !== null && sale.high !== null);
  const inside = ranged.filter((sale) => sale.finalAmount >= sale.low! && sale.finalAmount <= sale.high!).length;
  return {
    sales: counted.length,
    medianAbsPct: median(counted.map(absolutePercentDifference)),
    insideRangeShare: ranged.length ? inside / ranged.length : null,
  };
}

/** The calendar month (UTC) before `now`'s, as YYYY-MM, with its first instant and the next month's. */
export function previousMonth(now: Date): { month: string; from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { month: from.toISOString().slice(0, 7), from: from.toISOString(), to: to.toISOString() };
}

/** One of a dealer's collections, as the record needs it. */
export interface Collection {
  /** The price agreed in the sale. */
  agreed: number;
  /** What the sale completed at; null while it has not, or when it ended without the car changing hands. */
  finalAmount: number | null;
  /** The sale ended without the car changing hands (a revised offer declined, or the dealer cancelling). */
  ended: boolean;
  /** The revised offer the dealer proposed after the inspection, if any. */
  proposed: number | null;
}

/**
 * A dealer's record from their collections. Only settled collections count: completed, or ended.
 * The adjustment of a completed one is agreed − final (0 at the agreed price); of an ended one,
 * agreed − the revised offer it ended on; an ended one without a revised offer on record has no
 * known adjustment and counts towards the collections but not the average.
 */
export function dealerRecordOf(dealerId: number, periodDays: number, collections: readonly Collection[]): DealerRecord {
  const settled = collections.filter((c) => c.finalAmount !== null || c.ended);
  const adjustments = settled.flatMap((c) =>
    c.finalAmount !== null ? [c.agreed - c.finalAmount] : c.proposed !== null ? [c.agreed - c.proposed] : [],
  );
  return {
    dealerId,
    periodDays,
    collections: settled.length,
    completedAtAgreed: settled.filter((c) => c.finalAmount !== null && c.finalAmount === c.agreed).length,
    averageAdjustment: adjustments.length ? Math.round(adjustments.reduce((sum, a) => sum + a, 0) / adjustments.length) : null,
  };
}
