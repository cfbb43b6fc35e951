import { describe, expect, it } from 'vitest';
import { SCRAP_VALUE, valuate, type ValuationInput } from './valuation';

const now = new Date('2026-11-01T00:00:00Z');
const fiesta: ValuationInput = {
  listPrice: 16_500,
  firstRegistration: '2019-03',
  mileage: 60_000,
  fuel: 'PETROL',
  vehicleType: 'car',
  now,
};

describe('the valuation model', () => {
  it('is deterministic and gives a range around the price', () => {
    const a = valuate(fiesta);
    expect(valuate(fiesta)).toEqual(a);
    expect(a.low).toBeLessThan(a.price);
    expect(a.high).toBeGreaterThan(a.price);
    // A 7.7-year-old Fiesta at about the average mileage: a few thousand pounds.
    expect(a.price).toBeGreaterThan(3_500);
    expect(a.price).toBeLessThan(6_500);
  });

  it('pays less for more miles and more for fewer', () => {
    const low = valuate({ ...fiesta, mileage: 20_000 }).price;
    const high = valuate({ ...fiesta, mileage: 120_000 }).price;
    expect(low).toBeGreaterThan(valuate(fiesta).price);
    expect(high).toBeLessThan(valuate(fiesta).price);
  });

  it('pays less for an older car', () => {
    expect(valuate({ ...fiesta, firstRegistration: '2012-03' }).price).toBeLessThan(valuate(fiesta).price);
  });

  it('values a new car close to its list price', () => {
    const price = valuate({ ...fiesta, firstRegistration: '2026-09', mileage: 500 }).price;
    expect(price).toBeGreaterThan(16_500 * 0.9);
  });

  it('stops depreciating an old car below 6% of its price new', () => {
    const old = { ...fiesta, listPrice: 31_000, firstRegistration: '1997-09', mileage: 60_000 };
    expect(valuate(old).price).toBe(valuate({ ...old, firstRegistration: '2001-09' }).price);
  });

  it('never goes below scrap value', () => {
    expect(valuate({ ...fiesta, listPrice: 3_000, firstRegistration: '1999-01', mileage: 300_000 }).price).toBe(SCRAP_VALUE);
  });

  it('prices a classic from its collector value', () => {
    const jaguar = valuate({ listPrice: 85_000, firstRegistration: '1959-06', mileage: 80_000, fuel: 'PETROL', vehicleType: 'car', now });
    expect(jaguar.price).toBeGreaterThan(75_000);
  });
});
