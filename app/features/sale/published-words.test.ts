import { describe, expect, it } from 'vitest';
import type { DealerRecord } from '../../../contract/published-record';
import { accuracyWords, dealerRecordSentence, formatPercent, monthName } from './published-words';

const record = (over: Partial<DealerRecord>): DealerRecord => ({
  dealerId: 3,
  periodDays: 90,
  collections: 0,
  completedAtAgreed: 0,
  averageAdjustment: null,
  ...over,
});

describe('the dealer’s record in words', () => {
  it('says so plainly when the dealer has no collections', () => {
    expect(dealerRecordSentence(record({}), 'Kerbside')).toBe('No collections by this dealer through Kerbside in the last 90 days yet.');
  });

  it('gives the share at the agreed price and the average adjustment in pounds', () => {
    expect(dealerRecordSentence(record({ collections: 14, completedAtAgreed: 12, averageAdjustment: 40 }), 'Kerbside')).toBe(
      '12 of 14 collections in the last 90 days completed at the agreed price (86%); on average £40 less than agreed.',
    );
    expect(dealerRecordSentence(record({ collections: 1, completedAtAgreed: 0, averageAdjustment: 1_250 }), 'Kerbside')).toBe(
      '0 of 1 collection in the last 90 days completed at the agreed price (0%); on average £1,250 less than agreed.',
    );
  });

  it('adds no average when every collection completed at the agreed price', () => {
    expect(dealerRecordSentence(record({ collections: 3, completedAtAgreed: 3, averageAdjustment: 0 }), 'Kerbside')).toBe(
      '3 of 3 collections in the last 90 days completed at the agreed price (100%).',
    );
  });

  it('says which way an average went that is not below the agreed price', () => {
    expect(dealerRecordSentence(record({ collections: 2, completedAtAgreed: 1, averageAdjustment: -25 }), 'Kerbside')).toContain(
      'on average £25 more than agreed.',
    );
    expect(dealerRecordSentence(record({ collections: 3, completedAtAgreed: 2, averageAdjustment: 0 }), 'Kerbside')).toContain(
      'on average within £1 of the agreed price.',
    );
  });
});

describe('the valuation’s accuracy in words', () => {
  it('names the month, the number of sales and each figure', () => {
    const words = accuracyWords({ month: '2026-11', sales: 23, medianAbsPct: 3.249, insideRangeShare: 0.739, computedAt: '' }, 'Kerbside');
    expect(words.summary).toBe('From 23 sales completed through Kerbside in November 2026.');
    expect(words.figures).toEqual([
      { label: 'was the median difference between the valuation and the final price.', value: '3.2%' },
      { label: 'of the final prices were inside the range shown with the valuation.', value: '74%' },
    ]);
    expect(words.note).toBeNull();
  });

  it('invents no figures for a month without sales, or before the first count', () => {
    const none = accuracyWords({ month: '2026-11', sales: 0, medianAbsPct: null, insideRangeShare: null, computedAt: '' }, 'Kerbside');
    expect(none).toEqual({
      summary: 'No sales completed through Kerbside in November 2026, so there are no figures for that month.',
      figures: [],
      note: null,
    });
    const uncounted = accuracyWords({ month: null, sales: 0, medianAbsPct: null, insideRangeShare: null, computedAt: null }, 'Kerbside');
    expect(uncounted.figures).toEqual([]);
    expect(uncounted.summary).toMatch(/not counted a month yet/);
  });

  it('says why there is no share inside the range when no range was kept', () => {
    const words = accuracyWords({ month: '2026-11', sales: 1, medianAbsPct: 0, insideRangeShare: null, computedAt: '' }, 'Kerbside');
    expect(words.figures.map((f) => f.value)).toEqual(['0.0%']);
    expect(words.note).toMatch(/did not keep the range/);
  });

  it('formats months and percentages as the page shows them', () => {
    expect(monthName('2026-01')).toBe('January 2026');
    expect(formatPercent(12)).toBe('12.0%');
  });
});
