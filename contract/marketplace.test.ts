import { describe, expect, it } from 'vitest';
import { marketplaceEligibility, partnerFor } from './marketplace';

describe('marketplace eligibility', () => {
  it('takes an ordinary car', () => {
    expect(marketplaceEligibility({ valuation: 9_000, ageYears: 7, mileage: 60_000 })).toEqual({ eligible: true, ineligibleBy: null });
  });

  it('turns away a car below the minimum price, at the boundary', () => {
    expect(marketplaceEligibility({ valuation: 999, ageYears: 12, mileage: 120_000 }).ineligibleBy).toBe('price');
    expect(marketplaceEligibility({ valuation: 1_000, ageYears: 12, mileage: 120_000 }).eligible).toBe(true);
  });

  it('turns away a car 28 or more years old with more than 280,000 miles', () => {
    expect(marketplaceEligibility({ valuation: 2_000, ageYears: 28, mileage: 280_001 }).ineligibleBy).toBe('age_and_mileage');
    expect(marketplaceEligibility({ valuation: 2_000, ageYears: 28, mileage: 280_000 }).eligible).toBe(true);
    expect(marketplaceEligibility({ valuation: 2_000, ageYears: 27.9, mileage: 400_000 }).eligible).toBe(true);
  });
});

describe('partner selection', () => {
  it('sends eligible cars to the marketplace, cheap ones to scrap, old high-milers to the buying group', () => {
    expect(partnerFor({ eligible: true, ineligibleBy: null })).toBe('kerbside');
    expect(partnerFor({ eligible: false, ineligibleBy: 'price' })).toBe('ctb');
    expect(partnerFor({ eligible: false, ineligibleBy: 'age_and_mileage' })).toBe('tcbg');
  });
});
