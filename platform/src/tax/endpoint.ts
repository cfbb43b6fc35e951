import type { TaxState, VehicleTax, VehicleTaxResponse } from '../../../contract/tax';
import { formatVrm, isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { intVar, type PlatformEnv } from '../env';
import { json } from '../http';
import { issuedMarkProblem } from '../plates';
import { hitRateLimit, pruneRateLimits } from '../rate-limit';
import { findRegistered, makeOf, PROVIDER_FAILURES, SLOW_PROVIDER_DELAY_MS, SLOW_PROVIDER_VRM, type RegisterRow } from '../register';
import { sleep } from '../util';
import { clientKey, DEFAULT_LOOKUP_RATE_LIMIT } from '../vehicles';
import { assessVed } from './ved';

const MINUTE_MS = 60_000;

function failure(status: number, code: VehicleTaxResponse['code'], message: string, headers: HeadersInit = {}): Response {
  const body: VehicleTaxResponse = { code, error: { message }, tax: null };
  return json(body, status, headers);
}

const STATES: Record<string, TaxState> = { Taxed: 'taxed', SORN: 'sorn', Untaxed: 'untaxed', 'Not Taxed for on Road Use': 'not_taxed_for_road_use' };

export function toVehicleTax(row: RegisterRow, now: Date): VehicleTax {
  const { assessment, rates } = assessVed(
    {
      vehicleType: row.vehicle_type,
      fuel: row.fuel_type,
      firstRegistered: row.first_used_date,
      yearOfManufacture: row.year_of_manufacture,
      engineCapacity: row.engine_capacity,
      co2Emissions: row.co2_emissions,
      revenueWeight: row.revenue_weight,
    },
    now,
  );
  return {
    vrm: row.vrm,
    vrmPretty: formatVrm(row.vrm),
    make: makeOf(row.make).display_name,
    model: row.model,
    colour: row.colour,
    fuel: row.fuel_type,
    vehicleType: row.vehicle_type,
    firstRegistered: row.first_used_date,
    yearOfManufacture: row.year_of_manufacture,
    engineCapacity: row.engine_capacity,
    co2Emissions: row.co2_emissions,
    status: { state: STATES[row.tax_status] ?? 'unknown', dueDate: row.tax_due_date },
    mot: { status: row.mot_status, expiryDate: row.mot_expiry_date },
    assessment,
    rates,
  };
}

/**
 * GET /platform/vehicle-checker/tax/{vrm}: the car tax check. Rate-limited like the lookup (the
 * same limit per client, its own count), and failing like it, with the lookup's codes, for the
 * sandbox registrations that make the register fail.
 */
export async function getVehicleTax(request: Request, env: PlatformEnv, ctx: ExecutionContext, params: Record<string, string>): Promise<Response> {
  const now = Date.now();
  const limit = intVar(env.LOOKUP_RATE_LIMIT, DEFAULT_LOOKUP_RATE_LIMIT);
  const rate = await hitRateLimit(env.DB, `tax:${clientKey(request)}`, limit, MINUTE_MS, now);
  if (!rate.allowed) {
    ctx.waitUntil(pruneRateLimits(env.DB, now - 10 * MINUTE_MS));
    return failure(429, 'too_many_requests', 'Too many tax checks; try again in a minute', { 'retry-after': String(rate.retryAfterSeconds) });
  }

  const vrm = normaliseVrm(params.vrm ?? '');
  if (!isValidVrm(vrm)) return failure(400, 'invalid_vrm', 'Not a UK registration mark');
  const problem = issuedMarkProblem(vrm, new Date(now));
  if (problem) return failure(400, 'invalid_vrm', `Not a registration DVLA issues: ${problem}`);

  const provider = PROVIDER_FAILURES[vrm];
  if (provider) return failure(provider.status, provider.code as VehicleTaxResponse['code'], provider.message);
  if (vrm === SLOW_PROVIDER_VRM) {
    await sleep(SLOW_PROVIDER_DELAY_MS);
    return failure(504, 'vehicle_generation_failure', 'The vehicle register did not answer in time');
  }

  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return failure(404, 'vehicle_lookup_failed', 'No vehicle found with that registration');
  const body: VehicleTaxResponse = { code: 'ok', error: null, tax: toVehicleTax(registered.row, new Date(now)) };
  return json(body);
}
