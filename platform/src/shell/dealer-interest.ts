import type { DealerInterestCounts } from '../../../contract/shell';
import type { PlatformEnv } from '../env';
import { errorResponse, json } from '../http';
import { RECENT_SALES_DAYS, seededHistory, type SaleVehicle } from './recent-sales';
import { makeOf } from '../providers/register';
import { clockNow } from '../clock';
import { seededBids } from './sales-record';

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
export async function dealerInterestCounts(request: Request, env: PlatformEnv): Promise<Response> {
  const makeSlug = new URL(request.url).searchParams.get('makeSlug') ?? '';
  if (!/^[a-z0-9-]{1,40}$/.test(makeSlug)) return errorResponse(400, 'bad_request', 'makeSlug must be a make slug, e.g. land-rover');
  const now = clockNow();
  const since = now.getTime() - RECENT_SALES_DAYS * DAY_MS;

  const { results: vehicles } = await env.DB.prepare(
    `SELECT vrm, make, model, body, colour, fuel_type, vehicle_type, first_used_date, list_price, sandbox_note
       FROM register_vehicles ORDER BY vrm`,
  ).all<SaleVehicle & { sandbox_note: string | null }>();
  const ofMake = vehicles.filter((v) => makeOf(v.make).slug === makeSlug);
  const makes = [...new Set(ofMake.map((v) => v.make))];
  // The same vehicles the recent-sales history uses: named sandbox cars tell their own stories.
  const seeded = seededInterest(
    ofMake.filter((v) => v.sandbox_note === null),
    now,
  );

  const { results: live } = makes.length
    ? await env.DB.prepare(
        `SELECT s.id AS sale_id, b.dealer_id
           FROM sales s
           JOIN enquiries e ON e.id = s.enquiry_id
           JOIN register_vehicles r ON r.vrm = e.vrm
           LEFT JOIN bids b ON b.sale_id = s.id AND b.placed_at < ?2
          WHERE s.starts_at <= ?2 AND s.ends_at > ?1 AND r.make IN (SELECT value FROM json_each(?3))`,
      )
        .bind(since, now.getTime(), JSON.stringify(makes))
        .all<{ sale_id: number; dealer_id: number | null }>()
    : { results: [] };
  const liveBids = live.filter((row) => row.dealer_id !== null);

  const dealers = new Set([...seeded.bids.map((b) => b.dealerId), ...liveBids.map((b) => b.dealer_id!)]);
  const body: DealerInterestCounts = {
    makeSlug,
    periodDays: RECENT_SALES_DAYS,
    lots: seeded.lots + new Set(live.map((row) => row.sale_id)).size,
    dealers: dealers.size,
    bids: seeded.bids.length + liveBids.length,
  };
  return json(body);
}
