import type { SimilarSoldVehicles, SoldVehicle, VehicleInsights } from '../../../contract/vehicles';
import type { endpoints } from '../../../contract/endpoints';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { makeOf } from '../providers/register';
import type { TypedHandler } from '../router';
import { ageInYears, UK_AVERAGE_MILES_PER_YEAR } from '../providers/valuation';
import { recordedSalesOf, type RecordedSale } from '../shell/sales-record';
import { clockNow } from '../clock';
import { registeredModelOf, registeredModelOfVehicle } from './store';

/** How far back the evidence beside a valuation reaches: a year of the same model. */
export const SIMILAR_SOLD_DAYS = 365;
/** How far back "dealers bought a car like this" counts. */
export const INSIGHTS_DAYS = 90;
export const MAX_SIMILAR_SOLD = 6;

/**
 * How unlike this car a sold one is: a year of age weighs as much as a year of average driving, so
 * a car a year older with a year's fewer miles is as near as one the same age with the same miles.
 */
export function distance(car: { ageYears: number; mileage: number }, sold: { ageYears: number; mileage: number }): number {
  return Math.abs(car.ageYears - sold.ageYears) + Math.abs(car.mileage - sold.mileage) / UK_AVERAGE_MILES_PER_YEAR;
}

/** The nearest sold cars to this one, nearest first; on a tie, the newer sale. */
export function nearestSold(car: { ageYears: number; mileage: number }, sales: readonly RecordedSale[], limit: number): RecordedSale[] {
  return sales
    .map((sale) => ({
      sale,
      d: distance(car, { ageYears: ageInYears(sale.firstRegistration, new Date(sale.soldAt)), mileage: sale.mileage }),
    }))
    .sort((a, b) => a.d - b.d || b.sale.soldAt - a.sale.soldAt)
    .slice(0, limit)
    .map(({ sale }) => sale);
}

const toSoldVehicle = (sale: RecordedSale): SoldVehicle => ({
  year: Number(sale.firstRegistration.slice(0, 4)),
  mileage: sale.mileage,
  soldPrice: sale.soldPrice,
  soldMonth: new Date(sale.soldAt).toISOString().slice(0, 7),
});

/** POST /platform/premium-v3/enquiries/similarSoldVehicles {vrm, mileage} */
export const similarSoldVehicles: TypedHandler<typeof endpoints.entry.similarSold> = async ({ body }, ctx) => {
  const vrm = normaliseVrm(body.vrm);
  if (!isValidVrm(vrm)) return ctx.outcome({ status: 400, code: 'invalid_vrm', message: 'Not a UK registration mark' });
  const row = await registeredModelOf(ctx.env.DB, vrm);
  if (!row) return ctx.outcome({ status: 404, code: 'vehicle_not_found', message: 'No vehicle found with that registration' });
  const now = clockNow();
  const sales = await recordedSalesOf(ctx.env, row.make, row.model, now, SIMILAR_SOLD_DAYS);
  const nearest = nearestSold({ ageYears: ageInYears(row.first_used_date, now), mileage: body.mileage }, sales, MAX_SIMILAR_SOLD);
  return {
    make: makeOf(row.make).display_name,
    model: row.model,
    periodDays: SIMILAR_SOLD_DAYS,
    salesOfModel: sales.length,
    vehicles: nearest.map(toSoldVehicle),
  } satisfies SimilarSoldVehicles;
};

/** GET /platform/vehicles/vehicles/{id}/insights: the id is the platform's vehicle id (Vehicle.id). */
export const vehicleInsights: TypedHandler<typeof endpoints.entry.insights> = async ({ params }, ctx) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1)
    return ctx.outcome({ status: 400, code: 'bad_request', message: 'The vehicle id is a whole number' });
  const row = await registeredModelOfVehicle(ctx.env.DB, id);
  if (!row) return ctx.outcome({ status: 404, code: 'vehicle_not_found', message: 'No vehicle with that id' });
  const sales = await recordedSalesOf(ctx.env, row.make, row.model, clockNow(), INSIGHTS_DAYS, { withBuyers: true });
  return {
    vehicleId: id,
    make: makeOf(row.make).display_name,
    model: row.model,
    periodDays: INSIGHTS_DAYS,
    sales: sales.length,
    dealers: new Set(sales.flatMap((sale) => (sale.dealerId === null ? [] : [sale.dealerId]))).size,
  } satisfies VehicleInsights;
};
