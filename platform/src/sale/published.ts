import type { endpoints } from '../../../contract/endpoints';
import { DEALER_RECORD_DAYS, type ValuationAccuracy } from '../../../contract/published-record';
import { clockNow } from '../clock';
import type { PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { accuracyOf, dealerRecordOf, previousMonth } from './published-figures';
import { collectionsOfDealer, keepMonthsAccuracy, latestAccuracy, salesCompletedBetween } from './published-store';

/**
 * What the sales record publishes (contract/published-record.ts): the buying dealer's record,
 * counted when asked (one dealer's 90 days is a handful of rows), and the valuation's accuracy,
 * counted by the daily Cron Trigger for the month before and kept, so the public page reads one row.
 */

const DAY_MS = 86_400_000;

/** GET /platform/dealership/dealers/{id}/record: the dealer's collections in the last 90 days. */
export const dealerRecord: TypedHandler<typeof endpoints.sale.dealerRecord> = async ({ params }, ctx) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1)
    return ctx.outcome({ status: 400, code: 'bad_request', message: 'The dealer id is a whole number' });
  const now = clockNow();
  const from = new Date(now.getTime() - DEALER_RECORD_DAYS * DAY_MS).toISOString();
  return dealerRecordOf(id, DEALER_RECORD_DAYS, await collectionsOfDealer(ctx.env.DB, id, from, now.toISOString()));
};

/** GET /platform/valuation/accuracy: the latest month counted, or a month of none before the first count. */
export const valuationAccuracy: TypedHandler<typeof endpoints.sale.valuationAccuracy> = async (_input, ctx) =>
  (await latestAccuracy(ctx.env.DB)) ?? { month: null, sales: 0, medianAbsPct: null, insideRangeShare: null, computedAt: null };

/**
 * The Cron Trigger's job (platform/src/index.ts, daily): counts the month before `now`'s from the
 * sales collected in it with a final price, and keeps it. Every run counts it again, so a sale
 * completed late, or a run missed, is taken in by the next.
 */
export async function countValuationAccuracy(env: PlatformEnv, now: Date): Promise<ValuationAccuracy> {
  const { month, from, to } = previousMonth(now);
  const figures = { month, ...accuracyOf(await salesCompletedBetween(env.DB, from, to)), computedAt: now.toISOString() };
  await keepMonthsAccuracy(env.DB, figures);
  return figures;
}
