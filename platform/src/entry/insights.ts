import type { SimilarSoldVehicles, SoldVehicle, VehicleInsights } from '../../../contract/vehicles';
import { MAX_MILEAGE } from '../../../contract/vehicles';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import type { PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { makeOf, type RegisterRow } from '../providers/register';
import { ageInYears, UK_AVERAGE_MILES_PER_YEAR } from '../providers/valuation';
import { recordedSalesOf, type RecordedSale } from '../shell/sales-record';
import { clockNow } from '../clock';

/** How far back the evidence beside a valuation reaches: a year of the same model. */
export const SIMILAR_SOLD_DAYS = 365;
/** How far back "dealers bought a car like this" counts. */
export const INSIGHTS_DAYS = 90;
export const MAX_SIMILAR_SOLD = 6;

type Registered = Pick<RegisterRow, 'make' | 'model' | 'first_used_date'>;

const registered = (env: PlatformEnv, vrm: string) =>
  env.DB.prepare('SELECT make, model, first_used_date FROM register_vehicles WHERE vrm = ?1').bind(vrm).first<Registered>();

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
export async function similarSoldVehicles(request: Request, env: PlatformEnv): Promise<Response> {
  const body = await readJsonObject(request);
  const vrm = normaliseVrm(typeof body?.vrm === 'string' ? body.vrm : '');
  if (!isValidVrm(vrm)) return errorResponse(400, 'invalid_vrm', 'Not a UK registration mark');
  const mileage = body?.mileage;
  if (typeof mileage !== 'number' || !Number.isInteger(mileage) || mileage < 0 || mileage > MAX_MILEAGE) {
    return errorResponse(400, 'invalid_mileage', 'mileage must be a whole number of miles');
  }
  const row = await registered(env, vrm);
  if (!row) return errorResponse(404, 'vehicle_not_found', 'No vehicle found with that registration');
  const now = clockNow();
  const sales = await recordedSalesOf(env, row.make, row.model, now, SIMILAR_SOLD_DAYS);
  const nearest = nearestSold({ ageYears: ageInYears(row.first_used_date, now), mileage }, sales, MAX_SIMILAR_SOLD);
  const answer: SimilarSoldVehicles = {
    make: makeOf(row.make).display_name,
    model: row.model,
    periodDays: SIMILAR_SOLD_DAYS,
    salesOfModel: sales.length,
    vehicles: nearest.map(toSoldVehicle),
  };
  return json(answer);
}

/** GET /platform/vehicles/vehicles/{id}/insights: the id is the platform's vehicle id (Vehicle.id). */
export async function vehicleInsights(_request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) return errorResponse(400, 'bad_request', 'The vehicle id is a whole number');
  const row = await env.DB.prepare(
    `SELECT r.make, r.model, r.first_used_date FROM vehicles v JOIN register_vehicles r ON r.vrm = v.vrm WHERE v.id = ?1`,
  )
    .bind(id)
    .first<Registered>();
  if (!row) return errorResponse(404, 'vehicle_not_found', 'No vehicle with that id');
  const sales = await recordedSalesOf(env, row.make, row.model, clockNow(), INSIGHTS_DAYS, { withBuyers: true });
  const answer: VehicleInsights = {
    vehicleId: id,
    make: makeOf(row.make).display_name,
    model: row.model,
    periodDays: INSIGHTS_DAYS,
    sales: sales.length,
    dealers: new Set(sales.flatMap((sale) => (sale.dealerId === null ? [] : [sale.dealerId]))).size,
  };
  return json(answer);
}
