import type { SettlementFigure } from './finance-settlement';

/**
 * Outstanding finance at the sale (docs/behaviour/gateway.md#journey-calls finance-status; the "more funds requested" route):
 * the lender is settled from the price; the seller gets the rest, or sends the shortfall first.
 */
export interface FinanceStatus {
  outstanding: boolean;
  lender: string | null;
  /** The figure the split uses: the lender's own when Kerbside asked for it, else the one the seller typed. */
  settlement: number;
  /**
   * The lender's figure, when the seller chose their lender from the list and consented (issue 35):
   * the masked agreement reference, until when it holds, when it was asked for. Null when the seller
   * typed the figure (`typedBySeller`) or before the lender has answered (`figurePending`).
   */
  lenderFigure: SettlementFigure | null;
  figurePending: boolean;
  /** The figure is the seller's own ("My lender is not listed"): not asked of the lender. */
  typedBySeller: boolean;
  /** When the lender confirmed the finance settled. */
  settledAt: string | null;
  salePrice: number;
  toLender: number;
  toSeller: number;
  /** Negative equity: what the seller must send before collection (0 when the price covers it). */
  shortfall: number;
  /** Where to send it, and the reference that matches it to the sale. */
  clientAccount: { name: string; sortCode: string; accountNumber: string; reference: string } | null;
  fundsDeclaredAt: string | null;
  fundsReceivedAt: string | null;
}

export function financeSplit(salePrice: number, settlement: number) {
  const toLender = settlement;
  return { toLender, toSeller: Math.max(0, salePrice - toLender), shortfall: Math.max(0, toLender - salePrice) };
}
