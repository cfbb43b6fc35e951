import { describe, expect, it } from 'vitest';
import { estimateMileage, makeOf, toMiles, type MotRow } from './register';

const test = (completed: string, miles: number, unit: 'MI' | 'KM' = 'MI'): MotRow => ({
  mot_test_number: completed,
  vrm: 'KE19FTA',
  completed_date: `${completed}T10:00:00.000Z`,
  test_result: 'PASSED',
  expiry_date: null,
  odometer_value: miles,
  odometer_unit: unit,
  odometer_result_type: 'READ',
  defects: '[]',
});

describe('register helpers', () => {
  it('names makes as sellers write them', () => {
    expect(makeOf('FORD')).toEqual({ display_name: 'Ford', slug: 'ford' });
    expect(makeOf('MERCEDES-BENZ')).toEqual({ display_name: 'Mercedes-Benz', slug: 'mercedes-benz' });
    expect(makeOf('LAND ROVER')).toEqual({ display_name: 'Land Rover', slug: 'land-rover' });
    expect(makeOf('ROLLS ROYCE').display_name).toBe('Rolls Royce');
  });

  it('converts kilometre readings', () => {
    expect(toMiles(16_093, 'KM')).toBe(10_000);
    expect(toMiles(10_000, 'MI')).toBe(10_000);
  });

  it('carries the last MOT reading forward at the vehicle’s own rate', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const estimate = estimateMileage({ first_used_date: '2019-03-01' }, [test('2022-03-01', 24_000), test('2025-03-01', 48_000)], now);
    expect(estimate.mileageLastMot).toBe(48_000);
    expect(estimate.lastMotDate).toBe('2025-03-01');
    // 48,000 over six years is 8,000 a year; one more year since the MOT.
    expect(estimate.mileageEst).toBeGreaterThan(55_900);
    expect(estimate.mileageEst).toBeLessThan(56_100);
  });

  it('uses the UK average for a vehicle with no readings', () => {
    const estimate = estimateMileage({ first_used_date: '2025-03-01' }, [], new Date('2026-03-01T00:00:00Z'));
    expect(estimate).toEqual({ mileageEst: 7_395, mileageLastMot: null, lastMotDate: null });
  });
});
