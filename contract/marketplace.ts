/**
 * Marketplace eligibility and partner selection (docs/behaviour/entry.md#states, docs/behaviour/states.md). Shared: the platform
 * decides when it creates an enquiry, the app shows why.
 */

/** Buyers (docs/behaviour/data.md#entities): the marketplace is Kerbside's own dealer sale. */
export const BUYERS = {
  kerbside: { id: 9, name: 'Kerbside dealer marketplace' },
  ctb: { id: 7, name: 'scrap and recycling service' },
  tcbg: { id: 1, name: 'car buying group' },
} as const;
export type PartnerId = keyof typeof BUYERS;

/** Cars worth less than this do not enter the dealer sale (docs/behaviour/entry.md#partner-selection). */
export const MARKETPLACE_MIN_PRICE = 1_000;
export const MARKETPLACE_MAX_AGE_YEARS = 28;
export const MARKETPLACE_MAX_MILEAGE_AT_AGE = 280_000;

export type IneligibleBy = 'price' | 'age_and_mileage';
export interface MarketplaceEligibility {
  eligible: boolean;
  ineligibleBy: IneligibleBy | null;
}

export function marketplaceEligibility(input: { valuation: number; ageYears: number; mileage: number }): MarketplaceEligibility {
  if (input.valuation < MARKETPLACE_MIN_PRICE) return { eligible: false, ineligibleBy: 'price' };
  if (input.ageYears >= MARKETPLACE_MAX_AGE_YEARS && input.mileage > MARKETPLACE_MAX_MILEAGE_AT_AGE) {
    return { eligible: false, ineligibleBy: 'age_and_mileage' };
  }
  return { eligible: true, ineligibleBy: null };
}

/**
 * The partner for an enquiry with a mileage. Eligible cars go to the marketplace. A car below the
 * minimum price is worth most as scrap: the recycling service (ctb). A car that is worth something
 * but too old and worn for dealers goes to the phone-based car buying group (tcbg).
 */
export function partnerFor(eligibility: MarketplaceEligibility): PartnerId {
  if (eligibility.eligible) return 'kerbside';
  return eligibility.ineligibleBy === 'price' ? 'ctb' : 'tcbg';
}
