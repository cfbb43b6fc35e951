import type { endpoints } from '../../../contract/endpoints';
import type { RecentSale, RecentSalesResponse } from '../../../contract/shell';
import { marketplaceEligibility } from '../../../contract/marketplace';
import { limitParam } from '../http';
import { makeOf } from '../providers/register';
import { DEALERS } from '../providers/dealers';
import { spreadHash } from '../util';
import { ageInYears, UK_AVERAGE_MILES_PER_YEAR, valuateRegistered } from '../providers/valuation';
import { vehicleImagePath } from './vehicle-images';
import { clockNow } from '../clock';
import type { TypedHandler } from '../router';
import { historyVehicles, paidSalesSince, type HistoryVehicle } from './store';

/**
 * Recent sales (docs/behaviour/entry.md#entities "Recent sale"): the sellers' completed sales on this platform, and a
 * seeded history of past sales so that a fresh database has a carousel to show.
 *
 * The history is computed when asked rather than stored by a migration or the seed: its dates are
 * relative to the clock (the last 60 days), so stored rows would age until the next reseed, and a
 * function of the register and the day needs no table, no cleanup and no clock in the seed step.
 * Each register vehicle sells once every 60 days, on a day fixed by its registration, so any
 * 60-day window holds each vehicle once and a past day's sales never change.
 */

export const RECENT_SALES_DAYS = 60;
export const DEFAULT_RECENT_SALES = 12;
export const MAX_RECENT_SALES = 24;
const DAY_MS = 86_400_000;

export type SaleVehicle = HistoryVehicle;

const FIRST_NAMES = [
  'Aisha',
  'Alan',
  'Amy',
  'Andrew',
  'Bethan',
  'Callum',
  'Chloe',
  'Chris',
  'Claire',
  'Daniel',
  'David',
  'Deepa',
  'Eilidh',
  'Emma',
  'Fiona',
  'Gareth',
  'Grace',
  'Hannah',
  'Imran',
  'Jack',
  'James',
  'Jo',
  'John',
  'Karen',
  'Kieran',
  'Laura',
  'Liam',
  'Lucy',
  'Mark',
  'Megan',
  'Mohammed',
  'Niamh',
  'Oliver',
  'Paul',
  'Priya',
  'Rachel',
  'Rhys',
  'Sam',
  'Sarah',
  'Sean',
  'Sophie',
  'Tom',
  'Wei',
  'Zara',
];
// Sellers live where the dealers buy: one area per dealer town.
const POSTCODE_AREAS = [...new Set(DEALERS.map((d) => d.postcodeArea))].sort();

const pick = <T>(list: readonly T[], key: string): T => list[spreadHash(key) % list.length]!;
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Within the last 60 days, newest first. Deterministic: the same vehicles and clock give the same sales. */
export function seededSales(vehicles: readonly SaleVehicle[], now: Date): RecentSale[] {
  return seededHistory(vehicles, now).map((entry) => entry.sale);
}

/** A seeded sale with what the daily sale saw: the lot's age, mileage and instant valuation. */
export interface SeededSale {
  at: number;
  sale: RecentSale;
  vehicle: SaleVehicle;
  ageYears: number;
  mileage: number;
  valuation: number;
}

/**
 * The seeded sales of {@link seededSales}, newest first, with the inputs each lot was sold from.
 * `days` reaches further back for the sales record (sales-record.ts): the cycle repeats every 60
 * days, so the last 60 days are the same sales whatever the window.
 */
export function seededHistory(vehicles: readonly SaleVehicle[], now: Date, days = RECENT_SALES_DAYS): SeededSale[] {
  const nowMs = now.getTime();
  const today = Math.floor(nowMs / DAY_MS);
  const sales: SeededSale[] = [];
  for (const vehicle of vehicles) {
    const offset = spreadHash(`sale-day:${vehicle.vrm}`) % RECENT_SALES_DAYS;
    const latest = today - ((today + offset) % RECENT_SALES_DAYS);
    for (let day = latest; day > today - days - 1; day -= RECENT_SALES_DAYS) {
      const sale = seededSale(vehicle, day, nowMs, days);
      if (sale) sales.push(sale);
    }
  }
  return sales.sort((a, b) => b.at - a.at || a.sale.id.localeCompare(b.sale.id));
}

function seededSale(vehicle: SaleVehicle, day: number, nowMs: number, days: number): SeededSale | null {
  const key = `${vehicle.vrm}:${day}`;
  // Sales complete in working hours, 08:00 to 20:00 UTC.
  const at = day * DAY_MS + (8 * 60 + (spreadHash(`${key}:time`) % (12 * 60))) * 60_000;
  if (at > nowMs || at <= nowMs - days * DAY_MS) return null;
  const soldAt = new Date(at);
  // Nobody sells a car in its first month.
  if (Date.parse(vehicle.first_used_date) > at - 30 * DAY_MS) return null;

  const ageYears = ageInYears(vehicle.first_used_date, soldAt);
  const usage = 0.5 + (spreadHash(`${key}:miles`) % 100) / 100; // half to one and a half times the average
  const perYear = UK_AVERAGE_MILES_PER_YEAR * (vehicle.vehicle_type === 'motorcycle' ? 0.4 : vehicle.vehicle_type === 'van' ? 2 : 1);
  const mileage = roundTo(Math.max(ageYears, 0.25) * perYear * usage, 10);
  const valuation = valuateRegistered(vehicle, mileage, soldAt);
  if (!marketplaceEligibility({ valuation: valuation.price, ageYears, mileage }).eligible) return null;
  // The dealers' competition lands between 2% under and 6% over the instant valuation.
  const spread = ((spreadHash(`${key}:price`) % 81) - 20) / 1000;
  const make = makeOf(vehicle.make);
  return {
    at,
    vehicle,
    ageYears,
    mileage,
    valuation: valuation.price,
    sale: {
      id: `seeded-${day}-${spreadHash(vehicle.vrm).toString(36)}`,
      sale: { soldPrice: roundTo(valuation.price * (1 + spread), 5), soldDate: soldAt.toISOString() },
      seller: { firstName: pick(FIRST_NAMES, `${key}:name`) },
      vehicle: {
        make: make.display_name,
        makeSlug: make.slug,
        model: vehicle.model,
        postcodeArea: pick(POSTCODE_AREAS, `${key}:area`),
        leadPhoto: { url: vehicleImagePath(vehicle.body, vehicle.colour, vehicle.vehicle_type) },
      },
    },
  };
}

/** 'LS1 4DY' → 'LS'; the area is all a public list may say about where a seller lives. */
export const postcodeAreaOf = (postcode: string) => /^[A-Z]{1,2}/.exec(postcode.trim().toUpperCase())?.[0] ?? '';

/** Sales on this platform that reached the end: the dealer collected and paid (sale/post-sale.ts sets paid_at). */
async function paidSales(db: D1Database, makes: string[] | null, since: Date, limit: number): Promise<RecentSale[]> {
  return (await paidSalesSince(db, makes, since.toISOString(), limit)).map((row) => {
    const make = makeOf(row.make);
    return {
      id: `sale-${row.id}`,
      sale: { soldPrice: row.offer_amount, soldDate: row.paid_at },
      seller: { firstName: row.first_name },
      vehicle: {
        make: make.display_name,
        makeSlug: make.slug,
        model: row.model,
        postcodeArea: postcodeAreaOf(row.postcode),
        leadPhoto: { url: vehicleImagePath(row.body, row.colour, row.vehicle_type) },
      },
    };
  });
}

/**
 * The `areas` parameter: postcode areas (e.g. `B` or `E,EC,N`), for "sold near {city}"; null
 * when absent, 'invalid' when it is not a list of areas.
 */
export function areasParam(value: string | null): string[] | null | 'invalid' {
  if (value === null || value === '') return null;
  const areas = value.split(',').map((a) => a.trim().toUpperCase());
  // Greater London alone spans 19 areas.
  return areas.length <= 24 && areas.every((a) => /^[A-Z]{1,2}$/.test(a)) ? areas : 'invalid';
}

/** GET /platform/recent-sales?make={slug}&areas={A,B}&limit={n}: newest first. An unknown make has no sales. */
export const listRecentSales: TypedHandler<typeof endpoints.shell.recentSales> = async ({ query }, ctx) => {
  const limit = limitParam(query.limit === undefined ? null : String(query.limit), DEFAULT_RECENT_SALES, MAX_RECENT_SALES);
  if (limit === null)
    return ctx.outcome({ status: 400, code: 'bad_request', message: `limit must be a whole number from 1 to ${MAX_RECENT_SALES}` });
  const makeSlug = query.make || null;
  if (makeSlug !== null && !/^[a-z0-9-]{1,40}$/.test(makeSlug))
    return ctx.outcome({ status: 400, code: 'bad_request', message: 'make must be a make slug, e.g. land-rover' });
  const areas = areasParam(query.areas ?? null);
  if (areas === 'invalid')
    return ctx.outcome({ status: 400, code: 'bad_request', message: 'areas must be postcode areas separated by commas, e.g. B or E,EC,N' });

  const now = clockNow();
  const results = await historyVehicles(ctx.env.DB);
  const ofMake = makeSlug ? results.filter((v) => makeOf(v.make).slug === makeSlug) : results;
  const seeded = seededSales(
    ofMake.filter((v) => v.sandbox_note === null),
    now,
  );
  const makes = makeSlug ? [...new Set(ofMake.map((v) => v.make))] : null;
  const real = await paidSales(
    ctx.env.DB,
    makes,
    new Date(now.getTime() - RECENT_SALES_DAYS * DAY_MS),
    areas ? MAX_RECENT_SALES * 4 : limit,
  );
  const sales = [...real, ...seeded]
    .filter((sale) => !areas || areas.includes(sale.vehicle.postcodeArea))
    .sort((a, b) => b.sale.soldDate.localeCompare(a.sale.soldDate) || a.id.localeCompare(b.id))
    .slice(0, limit);
  return { sales } satisfies RecentSalesResponse;
};
