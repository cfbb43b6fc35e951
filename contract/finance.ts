/**
 * Outstanding finance at the sale (docs/behaviour/gateway.md#journey-calls finance-status; the "more funds requested" route):
 * the lender is settled from the price; the seller gets the rest, or sends the shortfall first.
 */
export interface FinanceStatus {
  outstanding: boolean;
  lender: string | null;
  settlement: number;
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
