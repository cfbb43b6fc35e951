import { describe, expect, it } from 'vitest';
import { generateRegister } from '../../seed/generate.mjs';
import { seededHistory, seededSales, type SaleVehicle } from '../shell/recent-sales';
import type { RecordedSale } from '../shell/sales-record';
import { distance, nearestSold } from './insights';

const DAY = 86_400_000;
const { vehicles } = generateRegister({ asOf: '2026-11-01' }) as { vehicles: (SaleVehicle & { sandbox_note: string | null })[] };
const fleet = vehicles.filter((v) => v.sandbox_note === null);
const now = new Date('2026-11-20T13:45:00Z');

const sold = (firstRegistration: string, mileage: number, soldAt: string, soldPrice = 5000): RecordedSale => ({
  make: 'FORD',
  model: 'Fiesta',
  firstRegistration,
  mileage,
  soldPrice,
  soldAt: Date.parse(soldAt),
  dealerId: 1,
});

describe('the seeded part of the sales record', () => {
  it('reaches back a year with the same last 60 days the recent sales show', () => {
    const year = seededHistory(fleet, now, 365);
    const recent = seededSales(fleet, now).map((s) => s.id);
    expect(year.filter((e) => e.at > now.getTime() - 60 * DAY).map((e) => e.sale.id)).toEqual(recent);
    expect(Math.min(...year.map((e) => e.at))).toBeGreaterThan(now.getTime() - 365 * DAY);
    // Each car of the fleet sells about once every 60 days: about six times in a year.
    expect(year.length).toBeGreaterThan(recent.length * 5);
    expect(new Set(year.map((e) => e.sale.id)).size).toBe(year.length);
  });
});

describe('the cars nearest to a seller’s', () => {
  it('weighs a year of age as a year of average miles', () => {
    expect(distance({ ageYears: 5, mileage: 40_000 }, { ageYears: 6, mileage: 40_000 })).toBeCloseTo(1);
    expect(distance({ ageYears: 5, mileage: 40_000 }, { ageYears: 5, mileage: 47_400 })).toBeCloseTo(1);
  });

  it('puts the nearest in age and mileage first and keeps at most the limit', () => {
    const car = { ageYears: 7.7, mileage: 50_000 }; // a 2019 car in November 2026
    const sales = [
      sold('2015-03-01', 90_000, '2026-10-01T10:00:00Z'),
      sold('2019-03-01', 52_000, '2026-06-01T10:00:00Z'),
      sold('2019-05-01', 49_000, '2026-11-01T10:00:00Z'),
      sold('2022-01-01', 12_000, '2026-11-10T10:00:00Z'),
    ];
    const nearest = nearestSold(car, sales, 2);
    expect(nearest.map((s) => s.mileage)).toEqual([49_000, 52_000]);
  });

  it('never pads a short list with anything else', () => {
    expect(nearestSold({ ageYears: 3, mileage: 20_000 }, [sold('2023-01-01', 21_000, '2026-09-01T10:00:00Z')], 6)).toHaveLength(1);
    expect(nearestSold({ ageYears: 3, mileage: 20_000 }, [], 6)).toEqual([]);
  });
});
