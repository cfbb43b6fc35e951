import { describe, expect, it } from 'vitest';
import { financeSplit } from './finance';

describe('the finance split', () => {
  it('settles the lender from the price and pays the seller the rest', () => {
    expect(financeSplit(9_000, 6_500)).toEqual({ toLender: 6_500, toSeller: 2_500, shortfall: 0 });
  });

  it('asks the seller for the shortfall when the settlement is more than the price', () => {
    expect(financeSplit(4_700, 6_000)).toEqual({ toLender: 6_000, toSeller: 0, shortfall: 1_300 });
  });

  it('pays everything to the seller without finance', () => {
    expect(financeSplit(4_700, 0)).toEqual({ toLender: 0, toSeller: 4_700, shortfall: 0 });
  });
});
