import type { TaxState, VehicleTax, VehicleTaxResponse } from '../../../contract/tax';
import { formatVrm } from '../../../contract/vrm';
import type { PlatformEnv } from '../env';
import { json } from '../http';
import { makeOf, type RegisterRow } from '../providers/register';
import { toolRateLimited, toolVehicle } from '../tools';
import { assessVed } from './ved';
import { clockNowMs } from '../clock';

function failure(status: number, code: VehicleTaxResponse['code'], message: string, headers: HeadersInit = {}): Response {
  const body: VehicleTaxResponse = { code, error: { message }, tax: null };
  return json(body, status, headers);
}

const STATES: Record<string, TaxState> = {
  Taxed: 'taxed',
  SORN: 'sorn',
  Untaxed: 'untaxed',
  'Not Taxed for on Road Use': 'not_taxed_for_road_use',
};

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
export async function getVehicleTax(
  request: Request,
  env: PlatformEnv,
  ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const refused = await toolRateLimited(request, env, ctx, 'tax');
  if (refused) return failure(refused.status, refused.code as VehicleTaxResponse['code'], refused.message, refused.headers);
  const found = await toolVehicle(params.vrm ?? '', env, 'vehicle register');
  if ('failure' in found) return failure(found.failure.status, found.failure.code as VehicleTaxResponse['code'], found.failure.message);
  const { registered } = found;
  const now = clockNowMs();
  const body: VehicleTaxResponse = { code: 'ok', error: null, tax: toVehicleTax(registered.row, new Date(now)) };
  return json(body);
}
