import type { Make, MotHistory, MotTest, Vehicle, VehicleType } from '../../../contract/vehicles';
import { formatVrm } from '../../../contract/vrm';

/** A row of register_vehicles (platform/migrations/0001_register.sql). */
export interface RegisterRow {
  vrm: string;
  make: string;
  model: string;
  body: string;
  transmission: string;
  colour: string;
  fuel_type: string;
  vehicle_type: VehicleType;
  type_approval: string | null;
  wheelplan: string;
  revenue_weight: number | null;
  year_of_manufacture: number;
  month_of_first_registration: string;
  engine_capacity: number | null;
  co2_emissions: number | null;
  euro_status: string | null;
  tax_status: string;
  tax_due_date: string | null;
  mot_status: string;
  mot_expiry_date: string | null;
  marked_for_export: number;
  date_of_last_v5c_issued: string;
  first_used_date: string;
  has_outstanding_recall: string;
  list_price: number;
  sandbox_note: string | null;
}

export interface MotRow {
  mot_test_number: string;
  vrm: string;
  completed_date: string;
  test_result: 'PASSED' | 'FAILED';
  expiry_date: string | null;
  odometer_value: number | null;
  odometer_unit: 'MI' | 'KM' | null;
  odometer_result_type: MotTest['odometerResultType'];
  defects: string;
}

/**
 * Sandbox registrations that make the simulated providers fail, after DVLA's own test-environment
 * convention (docs/sandbox.md). Everything else is answered from the seeded register.
 */
export const PROVIDER_FAILURES: Record<string, { status: number; code: string; message: string }> = {
  ER19BAD: { status: 400, code: 'bad_request', message: 'The vehicle register rejected the request' },
  ER19NFD: { status: 404, code: 'vehicle_lookup_failed', message: 'No vehicle found with that registration' },
  ER19THR: { status: 429, code: 'too_many_requests', message: 'The vehicle register is throttling requests' },
  ER19ERR: { status: 500, code: 'vehicle_generation_failure', message: 'The vehicle record could not be generated' },
  ER19MNT: { status: 503, code: 'not_available', message: 'The vehicle register is down for maintenance' },
  ER19ULZ: { status: 503, code: 'compliance_service_error', message: 'The compliance service is not answering' },
  ER19LMT: { status: 409, code: 'exceeded', message: 'The account has reached its vehicle limit with the provider' },
};

/** A sandbox registration whose provider answers more slowly than the app waits. */
export const SLOW_PROVIDER_VRM = 'ER19SLW';
export const SLOW_PROVIDER_DELAY_MS = 6_000;

const MAKE_NAMES: Record<string, string> = {
  BMW: 'BMW',
  MG: 'MG',
  'MERCEDES-BENZ': 'Mercedes-Benz',
  'LAND ROVER': 'Land Rover',
  'ALFA ROMEO': 'Alfa Romeo',
  'AUSTIN-HEALEY': 'Austin-Healey',
  DS: 'DS',
};

export function makeOf(dvlaMake: string): Make {
  const display_name =
    MAKE_NAMES[dvlaMake] ??
    dvlaMake
      .toLowerCase()
      .split(/([ -])/)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('');
  return { display_name, slug: dvlaMake.toLowerCase().replace(/[^a-z0-9]+/g, '-') };
}

const KM_PER_MILE = 1.609344;
/** The UK average when a vehicle's own history says nothing (DfT: about 7,400 miles a year). */
export const DEFAULT_MILES_PER_YEAR = 7_400;
const DAY_MS = 86_400_000;

export function toMiles(value: number, unit: string | null): number {
  return unit === 'KM' ? Math.round(value / KM_PER_MILE) : value;
}

/**
 * The mileage today, estimated: the last MOT reading carried forward at the vehicle's own rate
 * (first to last reading), or at the UK average for a car without readings.
 */
export function estimateMileage(
  row: Pick<RegisterRow, 'first_used_date'>,
  tests: readonly MotRow[],
  now: Date,
): {
  mileageEst: number;
  mileageLastMot: number | null;
  lastMotDate: string | null;
} {
  const readings = tests
    .filter((t) => t.odometer_result_type === 'READ' && t.odometer_value !== null)
    .map((t) => ({ at: Date.parse(t.completed_date), miles: toMiles(t.odometer_value!, t.odometer_unit) }))
    .sort((a, b) => a.at - b.at);
  const firstUsed = Date.parse(row.first_used_date);
  const last = readings.at(-1);
  if (!last) {
    const years = Math.max(0, (now.getTime() - firstUsed) / (365.25 * DAY_MS));
    return { mileageEst: Math.round(years * DEFAULT_MILES_PER_YEAR), mileageLastMot: null, lastMotDate: null };
  }
  const yearsOfHistory = (last.at - firstUsed) / (365.25 * DAY_MS);
  const rate = yearsOfHistory > 0.5 ? last.miles / yearsOfHistory : DEFAULT_MILES_PER_YEAR;
  const yearsSince = Math.max(0, (now.getTime() - last.at) / (365.25 * DAY_MS));
  return {
    mileageEst: Math.round(last.miles + rate * yearsSince),
    mileageLastMot: last.miles,
    lastMotDate: new Date(last.at).toISOString().slice(0, 10),
  };
}

export function toVehicle(id: number, row: RegisterRow, tests: readonly MotRow[], now: Date): Vehicle {
  const mileage = estimateMileage(row, tests, now);
  return {
    id,
    vrm: row.vrm,
    vrm_pretty: formatVrm(row.vrm),
    make: makeOf(row.make),
    model: row.model,
    body: row.body,
    transmission: row.transmission,
    colour: row.colour,
    fuel: row.fuel_type,
    vehicleType: row.vehicle_type,
    year: Number(row.month_of_first_registration.slice(0, 4)),
    manufactureYear: row.year_of_manufacture,
    monthOfFirstRegistration: row.month_of_first_registration,
    engineCapacity: row.engine_capacity,
    co2Emissions: row.co2_emissions,
    euroStatus: row.euro_status,
    taxStatus: row.tax_status,
    taxDueDate: row.tax_due_date,
    motStatus: row.mot_status,
    motExpiryDate: row.mot_expiry_date,
    mileageEst: mileage.mileageEst,
    mileageLastMot: mileage.mileageLastMot,
    last_mot_date: mileage.lastMotDate,
  };
}

export function toMotHistory(row: RegisterRow, tests: readonly MotRow[]): MotHistory {
  return {
    registration: row.vrm,
    make: row.make,
    model: row.model,
    firstUsedDate: row.first_used_date,
    fuelType: row.fuel_type,
    primaryColour: row.colour,
    engineSize: row.engine_capacity,
    hasOutstandingRecall: row.has_outstanding_recall,
    motTests: [...tests]
      .sort((a, b) => b.completed_date.localeCompare(a.completed_date))
      .map((t) => ({
        motTestNumber: t.mot_test_number,
        completedDate: t.completed_date,
        testResult: t.test_result,
        expiryDate: t.expiry_date,
        odometerValue: t.odometer_value,
        odometerUnit: t.odometer_unit,
        odometerResultType: t.odometer_result_type,
        defects: JSON.parse(t.defects) as MotTest['defects'],
      })),
  };
}

// The register's reads live in its store; the wings that read the register by these names keep them.
export { findRegistered, vehicleId } from './register-store';
