/**
 * The mileage step's rules (docs/behaviour/entry.md#validation). Pure, so the server and the browser apply the same ones.
 */
import { formatNumber } from '../../lib/format';

export const MILEAGE_MAX_LENGTH = 7;
export const MILES_PER_YEAR_CAP = 30_000;
export const MILES_PER_DAY_CAP = MILES_PER_YEAR_CAP / 365;
/** A recent MOT: within this many days, up to this many miles more is always believable. */
export const SHORT_PERIOD_DAYS = 30;
export const SHORT_PERIOD_MILES = 1_000;

/**
 * Above this the mileage is refused outright: it is almost always a slip (an extra digit), and
 * nearly every car's odometer has rolled over long before. Documented in docs/valuation.md.
 */
export const MILEAGE_CEILING = 500_000;
/** A car this old or older that has averaged fewer miles a year than this gets the soft 'low' warning. */
export const LOW_MILES_PER_YEAR = 1_000;
export const LOW_CHECK_MIN_AGE_YEARS = 3;

export const MILEAGE_MESSAGES = {
  required: 'Required',
  invalid: 'Enter the mileage without symbols or spaces',
  notAMileage: 'Enter a valid mileage',
  tooLow: "Mileage too low! The value you entered is less than your car's last MOT reading",
  tooHigh: 'Mileage too high! Enter the correct mileage for your car',
  confirmTitle: 'This mileage seems a little high, are you sure?',
  confirmText: 'seems high for the age of your car. Did you enter the correct value?',
  confirmLowTitle: 'This mileage seems a little low, are you sure?',
  confirmLowText: 'seems low for the age of your car. Did you enter the correct value?',
} as const;

const DAY_MS = 86_400_000;

/** Digits and commas only (what the field accepts); the value is the digits. */
export function parseMileage(input: string): number | null {
  const value = input.trim();
  if (!/^[\d,]+$/.test(value) || value.length > MILEAGE_MAX_LENGTH) return null;
  const digits = value.replace(/\D/g, '');
  return digits ? Number(digits) : null;
}

/**
 * What is wrong with the typed mileage as a number, before any vehicle rule, or null when it is a
 * mileage: empty is 'Required', symbols or spaces are 'without symbols or spaces', and digits that
 * are not a mileage (nothing but zeros, commas in the wrong places) are 'Enter a valid mileage'.
 */
export function mileageInputError(input: string | null | undefined): string | null {
  const value = (input ?? '').trim();
  if (!value) return MILEAGE_MESSAGES.required;
  const mileage = parseMileage(value);
  if (mileage === null) return MILEAGE_MESSAGES.invalid;
  if (value.includes(',') && !/^\d{1,3}(,\d{3})*$/.test(value)) return MILEAGE_MESSAGES.notAMileage;
  if (mileage === 0) return MILEAGE_MESSAGES.notAMileage;
  if (mileage > MILEAGE_CEILING) return MILEAGE_MESSAGES.tooHigh;
  return null;
}

export interface MileageFacts {
  /** Last MOT odometer reading in miles, and when it was taken (YYYY-MM-DD). */
  mileageLastMot: number | null;
  lastMotDate: string | null;
  /** First registration, YYYY-MM or YYYY-MM-DD. */
  firstRegistration: string;
}

export type MileageVerdict = { kind: 'ok' } | { kind: 'too_low' } | { kind: 'implausible' } | { kind: 'seems_low' };

function daysBetween(from: number, to: number): number {
  return Math.max(0, (to - from) / DAY_MS);
}

function startOf(date: string): number {
  return Date.parse(date.length === 7 ? `${date}-01T00:00:00Z` : `${date}T00:00:00Z`);
}

/**
 * Below the last MOT reading is wrong. Otherwise the mileage must be believable: since the last MOT
 * at most 30,000 miles a year (about 82 a day), with up to 1,000 miles always fine within 30 days;
 * without an MOT, a car of a year or less may have done 30,000 a year since 1 January, an older one
 * 30,000 for each year of its age.
 */
export function checkMileage(mileage: number, facts: MileageFacts, now: Date): MileageVerdict {
  const verdict = checkAgainstHistory(mileage, facts, now);
  if (verdict.kind !== 'ok') return verdict;
  // Believable so far; but very few miles for an older car is usually a missing digit.
  const ageYears = daysBetween(startOf(facts.firstRegistration), now.getTime()) / 365;
  return ageYears >= LOW_CHECK_MIN_AGE_YEARS && mileage / ageYears < LOW_MILES_PER_YEAR ? { kind: 'seems_low' } : verdict;
}

function checkAgainstHistory(mileage: number, facts: MileageFacts, now: Date): MileageVerdict {
  const today = now.getTime();
  if (facts.mileageLastMot !== null && facts.lastMotDate) {
    if (mileage < facts.mileageLastMot) return { kind: 'too_low' };
    const days = daysBetween(startOf(facts.lastMotDate), today);
    const driven = mileage - facts.mileageLastMot;
    if (days <= SHORT_PERIOD_DAYS && driven <= SHORT_PERIOD_MILES) return { kind: 'ok' };
    return driven <= days * MILES_PER_DAY_CAP ? { kind: 'ok' } : { kind: 'implausible' };
  }
  const ageDays = daysBetween(startOf(facts.firstRegistration), today);
  if (ageDays <= 365) {
    const sinceNewYear = Math.max(1, daysBetween(Date.UTC(now.getUTCFullYear(), 0, 1), today));
    return mileage <= sinceNewYear * MILES_PER_DAY_CAP ? { kind: 'ok' } : { kind: 'implausible' };
  }
  return mileage / (ageDays / 365) <= MILES_PER_YEAR_CAP ? { kind: 'ok' } : { kind: 'implausible' };
}

/**
 * The first known of: what the seller typed, the enquiry's, the tracker's latest, the estimate.
 * A figure above the ceiling is skipped (an old car's estimate can be): offering a mileage the
 * step would refuse helps nobody.
 */
export function prefillMileage(sources: {
  entered?: number | null;
  enquiry?: number | null;
  tracker?: number | null;
  estimated?: number | null;
}): number | null {
  for (const value of [sources.entered, sources.enquiry, sources.tracker, sources.estimated]) {
    if (typeof value === 'number' && Number.isFinite(value) && value <= MILEAGE_CEILING) return value;
  }
  return null;
}

export function formatMileageInput(value: number | null): string {
  return value === null ? '' : formatNumber(value);
}
