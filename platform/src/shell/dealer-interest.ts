import type { endpoints } from '../../../contract/endpoints';
import type { DealerInterestCounts } from '../../../contract/shell';
import type { TypedHandler } from '../router';
import { RECENT_SALES_DAYS, seededHistory, type SaleVehicle } from './recent-sales';
import { makeOf } from '../providers/register';
import { clockNow } from '../clock';
import { seededBids } from './sales-record';
import { historyVehicles, liveBidsOnMakes } from './store';

const DAY_MS = 86_400_000;

/**
 * Dealer interest in a make (brand pages): every bid placed on a lot of that make in the last 60
 * days, from two sources that together make the sale's book. Lots sold on this platform keep their
 * bids in the `bids` table; the seeded history of recent sales (recent-sales.ts) is replayed
 * through the same simulation that runs live sales, so the counts agree with what the
 * recent-sales carousel shows for the make.
 */
export function seededInterest(vehicles: readonly SaleVehicle[], now: Date): { lots: number; bids: { dealerId: number }[] } {
  const history = seededHistory(vehicles, now);
  return { lots: history.length, bids: history.flatMap(seededBids) };
}

/** GET /platform/bidding/bids/dealer-interest-counts?makeSlug={slug}. An unknown make has no interest. */
export const dealerInterestCounts: TypedHandler<typeof endpoints.shell.dealerInterest> = async ({ query }, ctx) => {
  const { makeSlug } = query;
  const now = clockNow();
  const since = now.getTime() - RECENT_SALES_DAYS * DAY_MS;

  const vehicles = await historyVehicles(ctx.env.DB);
  const ofMake = vehicles.filter((v) => makeOf(v.make).slug === makeSlug);
  const makes = [...new Set(ofMake.map((v) => v.make))];
  // The same vehicles the recent-sales history uses: named sandbox cars tell their own stories.
  const seeded = seededInterest(
    ofMake.filter((v) => v.sandbox_note === null),
    now,
  );

  const live = makes.length ? await liveBidsOnMakes(ctx.env.DB, makes, since, now.getTime()) : [];
  const liveBids = live.filter((row) => row.dealer_id !== null);

  const dealers = new Set([...seeded.bids.map((b) => b.dealerId), ...liveBids.map((b) => b.dealer_id!)]);
  return {
    makeSlug,
    periodDays: RECENT_SALES_DAYS,
    lots: seeded.lots + new Set(live.map((row) => row.sale_id)).size,
    dealers: dealers.size,
    bids: seeded.bids.length + liveBids.length,
  } satisfies DealerInterestCounts;
};
