// A module of its own, not in sale.ts: the offer pages show these rules, and the profile's lists in
// sale.ts would otherwise travel with them into every sale step's scripts (docs/performance.md).

/** What a dealer may and may not change at collection: published next to every offer. */
export const PRICE_RULES = {
  can: [
    'Damage you did not declare, beyond a £150 preparation allowance, checked against your photos',
    'A mileage more than 200 miles above the one you gave',
    'Outstanding finance you did not tell us about',
  ],
  cannot: [
    'Normal wear and tear for the age and mileage',
    'Anything you declared in your profile or showed in your photos',
    'A mileage within 200 miles of the one you gave',
    'The dealer changing their mind: the offer is binding once you accept it',
  ],
} as const;
