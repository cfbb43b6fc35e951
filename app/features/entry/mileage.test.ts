import { describe, expect, it } from 'vitest';
import { checkMileage, mileageInputError, MILES_PER_DAY_CAP, parseMileage, prefillMileage } from './mileage';

const now = new Date('2026-11-21T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString().slice(0, 10);

describe('parsing the mileage', () => {
  it.each([
    ['52000', 52_000],
    ['52,000', 52_000],
    [' 999,999 ', 999_999],
    ['1234567', 1_234_567],
    ['0', 0],
  ])('reads %j as %d', (input, value) => expect(parseMileage(input)).toBe(value));

  it.each(['', 'abc', '52 000', '52.000', '£5000', '-100', '12345678', '1,234,567', ','])('rejects %j', (input) =>
    expect(parseMileage(input)).toBeNull(),
  );
});

describe('the mileage checks', () => {
  const motAt = (days: number, reading = 50_000) => ({ mileageLastMot: reading, lastMotDate: daysAgo(days), firstRegistration: '2019-03' });

  it('rejects a mileage below the last MOT reading', () => {
    expect(checkMileage(49_999, motAt(100), now)).toEqual({ kind: 'too_low' });
    expect(checkMileage(50_000, motAt(100), now)).toEqual({ kind: 'ok' });
  });

  it('allows exactly the daily limit since the MOT, and no more', () => {
    const days = 100;
    const limit = Math.floor(days * MILES_PER_DAY_CAP); // 8,219 miles in 100 days
    const facts = { mileageLastMot: 50_000, lastMotDate: '2026-08-13', firstRegistration: '2019-03' };
    const at = new Date('2026-11-21T00:00:00Z');
    expect(checkMileage(50_000 + limit, facts, at)).toEqual({ kind: 'ok' });
    expect(checkMileage(50_000 + limit + 1, facts, at)).toEqual({ kind: 'implausible' });
  });

  it('always allows 1,000 miles within 30 days of the MOT', () => {
    expect(checkMileage(51_000, motAt(2), now)).toEqual({ kind: 'ok' });
    expect(checkMileage(51_001, motAt(2), now)).toEqual({ kind: 'implausible' });
    // Past 30 days the daily limit applies again: 31 days allow about 2,548 miles.
    expect(checkMileage(52_500, motAt(31), now)).toEqual({ kind: 'ok' });
    expect(checkMileage(52_600, motAt(31), now)).toEqual({ kind: 'implausible' });
  });

  it('measures a car a year old or less by the miles since 1 January', () => {
    const newCar = { mileageLastMot: null, lastMotDate: null, firstRegistration: '2026-09' };
    // 21 November is day 324.5 of the year: 30,000 × 324.5 / 365 ≈ 26,671 miles.
    expect(checkMileage(26_600, newCar, now)).toEqual({ kind: 'ok' });
    expect(checkMileage(26_700, newCar, now)).toEqual({ kind: 'implausible' });
  });

  it('caps an older car without MOT readings at 30,000 miles a year of age', () => {
    const threeYears = { mileageLastMot: null, lastMotDate: null, firstRegistration: '2023-11-21' };
    // 1,096 days is 3.0027 years of 365 days: up to 90,082 miles.
    expect(checkMileage(90_000, threeYears, now)).toEqual({ kind: 'ok' });
    expect(checkMileage(90_200, threeYears, now)).toEqual({ kind: 'implausible' });
  });
});

describe('prefilling the mileage', () => {
  it('takes the first known of entered, enquiry, tracker, estimate', () => {
    expect(prefillMileage({ entered: 1, enquiry: 2, tracker: 3, estimated: 4 })).toBe(1);
    expect(prefillMileage({ entered: null, enquiry: 2, tracker: 3, estimated: 4 })).toBe(2);
    expect(prefillMileage({ tracker: 3, estimated: 4 })).toBe(3);
    expect(prefillMileage({ estimated: 4 })).toBe(4);
    expect(prefillMileage({})).toBeNull();
    expect(prefillMileage({ entered: 0, estimated: 4 })).toBe(0);
  });

  it("never offers a mileage above the ceiling (an old classic's estimate can be)", () => {
    expect(prefillMileage({ estimated: 515_730 })).toBeNull();
    expect(prefillMileage({ tracker: 600_000, estimated: 40_000 })).toBe(40_000);
  });
});

describe('what the mileage field refuses before any vehicle rule', () => {
  it.each([
    ['', 'Required'],
    ['   ', 'Required'],
    ['abc', 'Enter the mileage without symbols or spaces'],
    ['12 000', 'Enter the mileage without symbols or spaces'],
    ['0', 'Enter a valid mileage'],
    ['000', 'Enter a valid mileage'],
    ['1,2,3', 'Enter a valid mileage'],
    [',500', 'Enter a valid mileage'],
    ['50,00', 'Enter a valid mileage'],
    ['500,001', 'Mileage too high! Enter the correct mileage for your car'],
    ['1234567', 'Mileage too high! Enter the correct mileage for your car'],
  ])('%j → %s', (input, message) => expect(mileageInputError(input)).toBe(message));

  it.each(['1', '52000', '52,000', '500,000', '500000'])('accepts %j', (input) => expect(mileageInputError(input)).toBeNull());
});

describe('the soft low warning', () => {
  it('asks about fewer than 1,000 miles a year on a car of 3 years or more', () => {
    const old = { mileageLastMot: null, lastMotDate: null, firstRegistration: '2016-11-21' }; // 10 years
    expect(checkMileage(9_900, old, now)).toEqual({ kind: 'seems_low' });
    expect(checkMileage(10_100, old, now)).toEqual({ kind: 'ok' });
  });

  it('leaves young cars alone, and never overrides a harder verdict', () => {
    expect(checkMileage(100, { mileageLastMot: null, lastMotDate: null, firstRegistration: '2024-06' }, now)).toEqual({ kind: 'ok' });
    const withMot = { mileageLastMot: 5_000, lastMotDate: daysAgo(100), firstRegistration: '2016-11' };
    expect(checkMileage(4_000, withMot, now)).toEqual({ kind: 'too_low' });
    expect(checkMileage(6_000, withMot, now)).toEqual({ kind: 'seems_low' });
  });
});
