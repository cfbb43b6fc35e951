import type { Valuation } from '../../../contract/vehicles';
import type { RegisterRow } from './register';

/**
 * The instant valuation: a deterministic, documented model (docs/valuation.md). The price the
 * dealer sale is likely to reach, from the list price when new, age, mileage, fuel and type.
 */

export const UK_AVERAGE_MILES_PER_YEAR = 7_400;
export const SCRAP_VALUE = 150;
/** Vehicles this old are priced as classics: list_price is their collector value today. */
export const CLASSIC_AGE_YEARS = 40;
/** Past about 18 years a car's value stops falling as a share of its price new. */
export const OLD_CAR_FLOOR = 0.06;

const FUEL_FACTOR: Record<string, number> = {
  PETROL: 1,
  DIESEL: 0.96, // clean-air zones have cooled the diesel market
  'HYBRID ELECTRIC': 1.03,
  ELECTRICITY: 0.95, // battery-health doubts at auction
};

export interface ValuationInput {
  listPrice: number;
  firstRegistration: string; // YYYY-MM or YYYY-MM-DD
  mileage: number;
  fuel: string;
  vehicleType: 'car' | 'van' | 'motorcycle';
  now: Date;
}

export function ageInYears(firstRegistration: string, now: Date): number {
  const start = Date.parse(firstRegistration.length === 7 ? `${firstRegistration}-01` : firstRegistration);
  return Math.max(0, (now.getTime() - start) / (365.25 * 86_400_000));
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

export function valuate(input: ValuationInput): Valuation {
  const age = ageInYears(input.firstRegistration, input.now);
  const fuel = FUEL_FACTOR[input.fuel] ?? 1;
  let value: number;
  if (age >= CLASSIC_AGE_YEARS) {
    // Classics hold their value; mileage matters little once a car is this old.
    value = input.listPrice * Math.max(0.8, 1 - input.mileage / 1_000_000);
  } else {
    // First-year drop, then a yearly rate; vans and motorcycles lose value more slowly.
    const yearly = input.vehicleType === 'car' ? 0.86 : 0.88;
    const aged = age < 1 ? 1 - 0.2 * age : Math.max(OLD_CAR_FLOOR, 0.8 * Math.pow(yearly, age - 1));
    const expected = Math.max(age, 0.25) * UK_AVERAGE_MILES_PER_YEAR;
    const excessTenThousands = (input.mileage - expected) / 10_000;
    // 5% off per 10,000 miles above the average for the age, 3% on per 10,000 below; capped.
    const mileageFactor = Math.min(1.15, Math.max(0.6, 1 - (excessTenThousands > 0 ? 0.05 : 0.03) * excessTenThousands));
    value = input.listPrice * aged * mileageFactor * fuel;
  }
  const price = Math.max(SCRAP_VALUE, roundTo(value, 5));
  return {
    price,
    low: Math.max(SCRAP_VALUE, roundTo(price * 0.94, 25)),
    high: Math.max(SCRAP_VALUE, roundTo(price * 1.06, 25)),
    mileage: input.mileage,
    ageYears: Math.round(age * 10) / 10,
    valuedAt: input.now.toISOString(),
  };
}

/** A register vehicle's valuation at a mileage and a moment: the one mapping from the register's columns. */
export function valuateRegistered(
  row: Pick<RegisterRow, 'list_price' | 'first_used_date' | 'fuel_type' | 'vehicle_type'>,
  mileage: number,
  now: Date,
): Valuation {
  return valuate({
    listPrice: row.list_price,
    firstRegistration: row.first_used_date,
    mileage,
    fuel: row.fuel_type,
    vehicleType: row.vehicle_type,
    now,
  });
}
