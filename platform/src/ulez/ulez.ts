import type { UlezCheckResponse } from '../../../contract/ulez';
import { meetsStandard, zoneVerdicts, type ZoneVehicleType } from '../../../contract/zones';
import { formatVrm } from '../../../contract/vrm';
import type { endpoints } from '../../../contract/endpoints';
import { makeOf } from '../providers/register';
import type { TypedHandler } from '../router';
import { toolRateLimited, toolVehicle } from '../tools';
import { clockNowIso } from '../clock';

/**
 * POST /platform/v3/ulez/check {vrm} → {isCompliant, euroStatus, …} (docs/behaviour/entry.md#calls, docs/behaviour/entry.md#constants): whether the
 * vehicle meets the standard London's ULEZ shares with the clean air zones and Scotland's low
 * emission zones, and what each zone means for it (contract/zones.ts).
 *
 * `isCompliant` is null when the standard can't be decided (a fuel it doesn't cover, a motorcycle
 * without a Euro status): the app shows 'Compliance status unavailable' rather than guess.
 * `euroStatus` is the Euro number as the register gives it ('3' means Euro 3), or null when the
 * register holds none and the answer is an estimate from the first registration date.
 */
export const ulezCheck: TypedHandler<typeof endpoints.ulez.check> = async ({ body }, ctx) => {
  const refused = await toolRateLimited(ctx.request, ctx.env, ctx.exec, 'ulez-check');
  if (refused) return ctx.outcome(refused);
  const found = await toolVehicle(body.vrm, ctx.env, 'compliance');
  if ('failure' in found) return ctx.outcome(found.failure);
  const { row } = found.registered;
  const vehicleType = row.vehicle_type as ZoneVehicleType;
  const standard = meetsStandard({
    vehicleType,
    fuel: row.fuel_type,
    euroStatus: row.euro_status,
    firstRegistered: row.month_of_first_registration,
  });
  const response: UlezCheckResponse = {
    isCompliant: standard.meets,
    euroStatus: standard.euro === null ? null : String(standard.euro),
    basis: standard.basis,
    vehicle: {
      vrm: row.vrm,
      vrmPretty: formatVrm(row.vrm),
      make: makeOf(row.make).display_name,
      model: row.model,
      fuel: row.fuel_type,
      vehicleType,
      firstRegistered: row.month_of_first_registration,
    },
    zones: zoneVerdicts(vehicleType, standard.meets),
    checkedAt: clockNowIso(),
  };
  return response;
};
