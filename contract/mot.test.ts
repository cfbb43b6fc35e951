import { describe, expect, it } from 'vitest';
import type { MotTest } from './vehicles';
import { analyseMot, groupDefects } from './mot';

const test = (
  date: string,
  result: 'PASSED' | 'FAILED',
  odometer: number | null,
  unit: 'MI' | 'KM' = 'MI',
  expiry: string | null = null,
): MotTest => ({
  motTestNumber: date.replaceAll('-', ''),
  completedDate: `${date}T10:00:00.000Z`,
  testResult: result,
  expiryDate: result === 'PASSED' ? (expiry ?? `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`) : null,
  odometerValue: odometer,
  odometerUnit: odometer === null ? null : unit,
  odometerResultType: odometer === null ? 'UNREADABLE' : 'READ',
  defects: [],
});
const now = new Date('2026-11-23T12:00:00Z');

describe('the MOT check verdict', () => {
  it('is valid until the last pass runs out, with the days left', () => {
    const mot = analyseMot(
      { firstUsedDate: '2019-03-14' },
      [test('2026-03-10', 'PASSED', 57_000, 'MI', '2027-03-13'), test('2025-03-10', 'PASSED', 49_000)],
      now,
    );
    expect(mot).toMatchObject({ status: 'valid', expiryDate: '2027-03-13', dueDate: '2027-03-13', daysLeft: 110, remindable: true });
    expect(mot.warnings).toEqual({ clocking: [], kilometres: false });
  });

  it('has run out after a failed test with no retest', () => {
    const mot = analyseMot(
      { firstUsedDate: '2014-03-20' },
      [test('2025-03-18', 'PASSED', 93_000), test('2026-03-25', 'FAILED', 105_000)],
      now,
    );
    expect(mot).toMatchObject({ status: 'expired', expiryDate: '2026-03-18', remindable: false });
  });

  it('flags a reading lower than an earlier one, against the highest before it', () => {
    const tests = [
      test('2019-03-01', 'PASSED', 50_000),
      test('2020-03-01', 'PASSED', 63_000),
      test('2021-03-01', 'PASSED', 42_000),
      test('2022-03-01', 'PASSED', 55_000),
      test('2023-03-01', 'PASSED', 68_000),
    ];
    const mot = analyseMot({ firstUsedDate: '2016-03-11' }, tests, now);
    expect(mot.warnings.clocking).toEqual([
      { date: '2021-03-01', miles: 42_000, previousDate: '2020-03-01', previousMiles: 63_000 },
      { date: '2022-03-01', miles: 55_000, previousDate: '2020-03-01', previousMiles: 63_000 },
    ]);
    expect(mot.readings.map((r) => r.dropped)).toEqual([false, false, true, true, false]);
  });

  it('converts kilometre readings to miles and says so; unreadable odometers are left out', () => {
    const mot = analyseMot(
      { firstUsedDate: '2018-03-07' },
      [test('2021-03-01', 'PASSED', 47_733, 'KM'), test('2022-03-01', 'PASSED', null)],
      now,
    );
    expect(mot.readings).toEqual([{ date: '2021-03-01', value: 47_733, unit: 'KM', miles: 29_660, dropped: false }]);
    expect(mot.warnings.kilometres).toBe(true);
  });

  it('explains a new car: the first MOT is due on the third anniversary', () => {
    const mot = analyseMot({ firstUsedDate: '2026-09-01' }, [], now);
    expect(mot).toMatchObject({ status: 'not-due-yet', dueDate: '2029-09-01', remindable: true });
  });

  it('treats a vehicle over 40 as exempt, whatever its old tests say', () => {
    const mot = analyseMot({ firstUsedDate: '1966-05-12' }, [test('2017-06-10', 'PASSED', 77_000)], now);
    expect(mot).toMatchObject({ status: 'exempt', dueDate: null, remindable: false });
    expect(analyseMot({ firstUsedDate: '1986-11-24' }, [test('2026-01-10', 'PASSED', 77_000)], now).status).toBe('valid');
    expect(analyseMot({ firstUsedDate: '1986-11-23' }, [], now).status).toBe('exempt');
  });

  it('groups defects most serious first', () => {
    const groups = groupDefects([
      { text: 'Oil leak', type: 'ADVISORY', dangerous: false },
      { text: 'Brake disc seriously weakened', type: 'DANGEROUS', dangerous: true },
      { text: 'Tyre below 1.6mm', type: 'MAJOR', dangerous: false },
      { text: 'Headlamp aim too high', type: 'FAIL', dangerous: false },
      { text: 'Washer', type: 'MINOR', dangerous: false },
    ]);
    expect(groups.map((g) => [g.title, g.items.length])).toEqual([
      ['Dangerous', 1],
      ['Major', 2],
      ['Minor', 1],
      ['Advisory', 1],
    ]);
  });
});
