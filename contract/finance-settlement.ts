/**
 * Finance settled for the seller (docs/behaviour/sale.md#finance): the seller finds their lender
 * in Kerbside's list, consents to Kerbside asking that lender for a settlement figure on their
 * behalf, and the lender answers with the figure, the agreement's reference and the account the
 * settlement is paid to. A lender not in the list keeps the seller's own typed figure.
 */

/** A lender as the provider search answers it (GET /platform/finance-settlement/v1/provider). */
export interface LenderSummary {
  id: string;
  name: string;
}

export interface LenderSearchResponse {
  lenders: LenderSummary[];
}

/**
 * The consent the seller gives, word for word as the profile's finance step shows it beside its
 * checkbox. The platform records this text with who gave it and when; it refuses a consent sent
 * with any other words, so the record is always what the seller read.
 */
export const FINANCE_CONSENT_WORDING =
  'I agree that Kerbside may ask my finance lender, on my behalf, for a settlement figure for the finance on this car, ' +
  'and may receive from them the figure, my agreement reference and the account the settlement is paid to. ' +
  'Kerbside pays the lender from the sale price only once the car is sold and collected.';

/** POST /platform/finance-settlement/v1/consent: the consent as recorded. */
export interface FinanceConsentRecorded {
  lender: LenderSummary;
  wording: string;
  consentedAt: string;
}

/** The lender's settlement figure as the seller sees it: the agreement's reference only by its last four characters. */
export interface SettlementFigure {
  lender: LenderSummary;
  amount: number;
  agreementLast4: string;
  /** When the lender's letter stops being valid (a new figure is asked for before then). */
  expiresAt: string;
  /** When Kerbside last asked the lender. */
  requestedAt: string;
  /** When the lender confirmed the agreement was settled, once it has. */
  settledAt: string | null;
}

/** An agreement reference as the seller is shown it: its last four characters. */
export function lastFour(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, '').slice(-4);
}
