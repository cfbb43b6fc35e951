import type { DealerRecord, ValuationAccuracy } from '../../../contract/published-record';
import { formatNumber, formatPounds } from '~/lib/format';

/**
 * What the sales record's published figures say, in words (the offer page's dealer record and
 * /how-we-value). Pure: the pages and their tests read the same sentences.
 */

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "12 of 14 collections in the last 90 days completed at the agreed price (86%); on average £40 less than agreed." */
export function dealerRecordSentence(record: DealerRecord, brandName: string): string {
  const period = `the last ${record.periodDays} days`;
  if (record.collections === 0) return `No collections by this dealer through ${brandName} in ${period} yet.`;
  const share = Math.round((record.completedAtAgreed / record.collections) * 100);
  const counted = `${formatNumber(record.completedAtAgreed)} of ${plural(record.collections, 'collection', 'collections')} in ${period} completed at the agreed price (${share}%)`;
  const average = record.averageAdjustment;
  if (average === null || (average === 0 && record.completedAtAgreed === record.collections)) return `${counted}.`;
  if (average === 0) return `${counted}; on average within £1 of the agreed price.`;
  return `${counted}; on average ${formatPounds(Math.abs(average))} ${average > 0 ? 'less' : 'more'} than agreed.`;
}

/** Shown instead of the record when it could not be read: the offer stands either way. */
export const DEALER_RECORD_UNAVAILABLE = 'We couldn’t load this dealer’s record just now. Your offer still stands.';

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '2026-11' → 'November 2026'. */
export const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** A percentage to one decimal place: 3.24 → '3.2%'. */
export const formatPercent = (value: number) => `${value.toFixed(1)}%`;

/** The valuation's accuracy as /how-we-value states it: its headline and, with sales, the figures. */
export function accuracyWords(
  accuracy: ValuationAccuracy,
  brandName: string,
): { summary: string; figures: { label: string; value: string }[]; note: string | null } {
  if (accuracy.month === null) {
    return {
      summary: 'We have not counted a month yet. The figures appear here once the first month of sales has been counted.',
      figures: [],
      note: null,
    };
  }
  const month = monthName(accuracy.month);
  if (accuracy.sales === 0 || accuracy.medianAbsPct === null) {
    return {
      summary: `No sales completed through ${brandName} in ${month}, so there are no figures for that month.`,
      figures: [],
      note: null,
    };
  }
  const figures = [
    { label: 'was the median difference between the valuation and the final price.', value: formatPercent(accuracy.medianAbsPct) },
  ];
  if (accuracy.insideRangeShare !== null) {
    figures.push({
      label: 'of the final prices were inside the range shown with the valuation.',
      value: `${Math.round(accuracy.insideRangeShare * 100)}%`,
    });
  }
  return {
    summary: `From ${plural(accuracy.sales, 'sale', 'sales')} completed through ${brandName} in ${month}.`,
    figures,
    note:
      accuracy.insideRangeShare === null
        ? 'We did not keep the range shown for these sales, so we cannot say how many landed inside it.'
        : null,
  };
}
