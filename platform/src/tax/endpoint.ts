import type { TaxState, VehicleTax, VehicleTaxResponse } from '../../../contract/tax';
import { formatVrm } from '../../../contract/vrm';
import type { endpoints } from '../../../contract/endpoints';
import { makeOf, type RegisterRow } from '../providers/register';
import type { TypedHandler } from '../router';
import { toolRateLimited, toolVehicle, type ToolFailure } from '../tools';
import { assessVed } from './ved';
import { clockNowMs } from '../clock';

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
 * sandbox registrations that make the register fail. A failure's body is the tax answer's own
 * shape (`{code, error, tax: null}`), which the page reads.
 */
export const getVehicleTax: TypedHandler<typeof endpoints.tax.check> = async ({ params }, ctx) => {
  const failed = (failure: ToolFailure) =>
    ctx.outcome({ ...failure, extra: { error: { message: failure.message }, tax: null } satisfies Omit<VehicleTaxResponse, 'code'> });
  const refused = await toolRateLimited(ctx.request, ctx.env, ctx.exec, 'tax');
  if (refused) return failed(refused);
  const found = await toolVehicle(params.vrm, ctx.env, 'vehicle register');
  if ('failure' in found) return failed(found.failure);
  return { code: 'ok', error: null, tax: toVehicleTax(found.registered.row, new Date(clockNowMs())) } satisfies VehicleTaxResponse;
};
