import type { PlatformEnv } from '../env';
import { DEALERS } from '../providers/dealers';
import { reserveFor, simulateBids, type ProxyBid, type SaleLot } from '../providers/bidding';
import { makeOf } from '../providers/register';
import { spreadHash } from '../util';
import { seededHistory, type SeededSale } from './recent-sales';
import { recordOfModel } from './store';

/**
 * The sales record: every car the daily sale sold, the evidence beside a valuation and the source
 * of every "dealers bought" figure (docs/behaviour/entry.md#the-sales-record). Two sources, read
 * one way:
 * - the seeded history of the simulated dealer network (recent-sales.ts), replayed through the
 *   bidding simulation that runs live sales to learn which dealer bought each car;
 * - every sale completed here (paid: sale/post-sale.ts), bought by the dealer whose offer the seller
 *   accepted.
 * Nothing in it names a seller or a registration.
 */
export interface RecordedSale {
  /** The register's make and model, e.g. FORD / Fiesta. */
  make: string;
  model: string;
  /** YYYY-MM-DD, the register's date of first use. */
  firstRegistration: string;
  mileage: number;
  soldPrice: number;
  /** Epoch ms. */
  soldAt: number;
  /** Who bought it; only when asked for (`withBuyers`), since the seeded part replays the bidding to know. */
  dealerId: number | null;
}

const DAY_MS = 86_400_000;
/** The seeded history's lots ran for a day, closing when the sale completed. */
const SEEDED_WINDOW_MS = DAY_MS;

/** A seeded sale as the lot the daily sale ran, so the live simulation can replay its bidding. */
export function seededLot(entry: SeededSale): SaleLot {
  return {
    enquiryId: spreadHash(entry.sale.id),
    vrm: entry.vehicle.vrm,
    make: makeOf(entry.vehicle.make).display_name,
    model: entry.vehicle.model,
    fuel: entry.vehicle.fuel_type,
    vehicleType: entry.vehicle.vehicle_type as SaleLot['vehicleType'],
    ageYears: entry.ageYears,
    mileage: entry.mileage,
    valuation: entry.valuation,
    reserve: reserveFor(entry.valuation),
    startsAt: entry.at - SEEDED_WINDOW_MS,
    endsAt: entry.at,
    declaredIssues: 0,
  };
}

/** The bids a seeded sale drew: the same for every caller, so counts agree across pages. */
export function seededBids(entry: SeededSale): ProxyBid[] {
  return simulateBids(seededLot(entry), DEALERS, spreadHash(`seed:${entry.sale.id}`));
}

/** The dealer who bought a seeded car: the highest proxy bid, the first placed on a tie. */
function seededBuyer(entry: SeededSale): number | null {
  const bids = seededBids(entry);
  let best: ProxyBid | null = null;
  for (const bid of bids)
    if (!best || bid.maxAmount > best.maxAmount || (bid.maxAmount === best.maxAmount && bid.placedAt < best.placedAt)) best = bid;
  return best?.dealerId ?? null;
}

/**
 * The record's sales of one make and model in the last `days` days, newest first. The named sandbox
 * cars are left out of the seeded part, as everywhere the history is read: they tell their own stories.
 */
export async function recordedSalesOf(
  env: PlatformEnv,
  make: string,
  model: string,
  now: Date,
  days: number,
  { withBuyers = false }: { withBuyers?: boolean } = {},
): Promise<RecordedSale[]> {
  const since = now.getTime() - days * DAY_MS;
  const { vehicles, paid } = await recordOfModel(env.DB, make, model, new Date(since).toISOString(), now.toISOString());
  const seeded = seededHistory(vehicles, now, days).map((entry): RecordedSale => ({
    make,
    model,
    firstRegistration: entry.vehicle.first_used_date,
    mileage: entry.mileage,
    soldPrice: entry.sale.sale.soldPrice,
    soldAt: entry.at,
    dealerId: withBuyers ? seededBuyer(entry) : null,
  }));
  const live = paid.map((row): RecordedSale => ({
    make,
    model,
    firstRegistration: row.first_used_date,
    mileage: row.mileage ?? 0,
    soldPrice: row.offer_amount,
    soldAt: Date.parse(row.paid_at),
    dealerId: row.offer_dealer_id,
  }));
  return [...seeded, ...live].sort((a, b) => b.soldAt - a.soldAt);
}
