import { describe, expect, it } from 'vitest';
import { absolutePercentDifference, accuracyOf, dealerRecordOf, median, previousMonth, type Collection } from './published-figures';

describe('median', () => {
  it('is the middle value, or the mean of the middle two, whatever the order', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([10, -2])).toBe(4);
  });

  it('does not reorder what it was given', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('the valuation’s accuracy', () => {
  it('takes the difference as a share of the final price, either way', () => {
    expect(absolutePercentDifference({ valuation: 9_000, finalAmount: 10_000 })).toBe(10);
    expect(absolutePercentDifference({ valuation: 11_000, finalAmount: 10_000 })).toBe(10);
    expect(absolutePercentDifference({ valuation: 5_000, finalAmount: 5_000 })).toBe(0);
  });

  it('counts the median difference over every sale and the share inside the range shown, ends included', () => {
    const figures = accuracyOf([
      { valuation: 10_000, finalAmount: 10_000, low: 9_400, high: 10_600 }, // 0 %, inside
      { valuation: 9_000, finalAmount: 10_000, low: 8_450, high: 9_550 }, // 10 %, outside
      { valuation: 4_000, finalAmount: 3_760, low: 3_750, high: 4_250 }, // 6.38 %, inside
      { valuation: 2_000, finalAmount: 2_125, low: 1_875, high: 2_125 }, // 5.88 %, on the top end: inside
    ]);
    expect(figures.sales).toBe(4);
    expect(figures.medianAbsPct).toBeCloseTo((6.3829787 + 5.8823529) / 2, 5);
    expect(figures.insideRangeShare).toBe(0.75);
  });

  it('says nothing rather than zero for a month without sales', () => {
    expect(accuracyOf([])).toEqual({ sales: 0, medianAbsPct: null, insideRangeShare: null });
  });

  it('leaves a sale without a kept range out of the share only, and a sale at nothing out altogether', () => {
    const figures = accuracyOf([
      { valuation: 10_000, finalAmount: 8_000, low: null, high: null },
      { valuation: 10_000, finalAmount: 10_000, low: 9_400, high: 10_600 },
      { valuation: 10_000, finalAmount: 0, low: 9_400, high: 10_600 },
    ]);
    expect(figures).toEqual({ sales: 2, medianAbsPct: 12.5, insideRangeShare: 1 });
    expect(accuracyOf([{ valuation: 10_000, finalAmount: 8_000, low: null, high: null }]).insideRangeShare).toBeNull();
  });
});

describe('the month before', () => {
  it('is the calendar month before the clock’s, in UTC, across a year’s end', () => {
    expect(previousMonth(new Date('2026-12-28T22:30:00Z'))).toEqual({
      month: '2026-11',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
    expect(previousMonth(new Date('2027-01-01T00:00:00Z')).month).toBe('2026-12');
    expect(previousMonth(new Date('2026-03-31T23:59:59Z'))).toMatchObject({ month: '2026-02', to: '2026-03-01T00:00:00.000Z' });
  });
});

describe('the buying dealer’s record', () => {
  const atAgreed = (agreed: number): Collection => ({ agreed, finalAmount: agreed, ended: false, proposed: null });

  it('has no collections and no average without history', () => {
    expect(dealerRecordOf(7, 90, [])).toEqual({
      dealerId: 7,
      periodDays: 90,
      collections: 0,
      completedAtAgreed: 0,
      averageAdjustment: null,
    });
  });

  it('counts the share at the agreed price, and averages what was paid or proposed below it', () => {
    const record = dealerRecordOf(7, 90, [
      atAgreed(5_000),
      atAgreed(8_000),
      { agreed: 6_000, finalAmount: 5_880, ended: false, proposed: 5_880 }, // completed at a revised price: £120 less
      { agreed: 4_000, finalAmount: null, ended: true, proposed: 3_640 }, // revised offer declined: £360 less proposed
    ]);
    expect(record).toMatchObject({ collections: 4, completedAtAgreed: 2, averageAdjustment: 120 });
  });

  it('is 0 on average when every collection completed at the agreed price', () => {
    expect(dealerRecordOf(7, 90, [atAgreed(5_000), atAgreed(7_000)])).toMatchObject({
      collections: 2,
      completedAtAgreed: 2,
      averageAdjustment: 0,
    });
  });

  it('does not count a collection still waiting on the seller, nor average one ended without a proposal', () => {
    const record = dealerRecordOf(7, 90, [
      atAgreed(5_000),
      { agreed: 6_000, finalAmount: null, ended: false, proposed: 5_500 }, // the seller has not answered yet
      { agreed: 9_000, finalAmount: null, ended: true, proposed: null }, // the dealer cancelled, nothing proposed
    ]);
    expect(record).toMatchObject({ collections: 2, completedAtAgreed: 1, averageAdjustment: 0 });
  });
});
