import { describe, expect, it } from 'vitest';
import { DERIVED_HISTORY_MONTHS, initialValuations, milesPerMonth, monthKey, trackerLimit } from './trackers';
import type { RegisterRow } from '../providers/register';

const fiesta = { list_price: 17_000, first_used_date: '2019-03-15', fuel_type: 'PETROL', vehicle_type: 'car' } as RegisterRow;
const now = new Date('2026-11-23T10:00:00Z');

describe('a newly tracked car’s valuations', () => {
  it('are this month at the mileage given, and five years of past months derived on the first of each', () => {
    const valuations = initialValuations(fiesta, 60_000, now);
    expect(valuations).toHaveLength(DERIVED_HISTORY_MONTHS + 1);
    expect(valuations.at(-1)).toMatchObject({ month: '2026-11', mileage: 60_000, source: 'entered' });
    expect(valuations[0]).toMatchObject({ month: '2021-11', valuedAt: '2021-11-01T00:00:00.000Z', source: 'derived' });
    // One month per valuation, oldest first.
    expect(new Set(valuations.map((v) => v.month)).size).toBe(valuations.length);
  });

  it('scale the mileage back by the car’s own use, and value the car higher the further back', () => {
    const valuations = initialValuations(fiesta, 60_000, now);
    const perMonth = milesPerMonth(60_000, new Date('2019-03-15'), now);
    const yearAgo = valuations.find((v) => v.month === '2025-11')!;
    expect(yearAgo.mileage).toBeCloseTo(60_000 - perMonth * 12.7, -2);
    for (let i = 1; i < valuations.length; i++) {
      expect(valuations[i]!.mileage).toBeGreaterThanOrEqual(valuations[i - 1]!.mileage);
      expect(valuations[i]!.price).toBeLessThanOrEqual(valuations[i - 1]!.price);
    }
  });

  it('never go back before the car was on the road', () => {
    const young = { ...fiesta, first_used_date: '2025-06-10' } as RegisterRow;
    const valuations = initialValuations(young, 9_000, now);
    expect(valuations[0]!.month).toBe('2025-07');
    expect(valuations.every((v) => v.mileage >= 0)).toBe(true);
  });
});

describe('tracker limits', () => {
  it('are 10 for a signed-in seller and 3 for a visitor', () => {
    expect(trackerLimit({ kind: 'anonymous', requesterId: 'r' })).toBe(3);
    expect(trackerLimit({ kind: 'customer', user: {} as never, sessionId: 's', requesterId: null })).toBe(10);
  });

  it('count months in UTC', () => {
    expect(monthKey(new Date('2026-12-01T00:30:00Z'))).toBe('2026-12');
  });
});
