/**
 * The mileage step's rules (spec 1 §5). Pure, so the server and the browser apply the same ones.
 */

export const MILEAGE_MAX_LENGTH = 7;
export const MILES_PER_YEAR_CAP = 30_000;
export const MILES_PER_DAY_CAP = MILES_PER_YEAR_CAP / 365;
/** A recent MOT: within this many days, up to this many miles more is always believable. */
export const SHORT_PERIOD_DAYS = 30;
export const SHORT_PERIOD_MILES = 1_000;

export const MILEAGE_MESSAGES = {
  invalid: 'Enter the mileage without symbols or spaces',
  tooLow: "Mileage too low! The value you entered is less than your car's last MOT reading",
  confirmTitle: 'This mileage seems a little high, are you sure?',
  confirmText: 'seems high for the age of your car. Did you enter the correct value?',
} as const;

const DAY_MS = 86_400_000;

/** Digits and commas only (what the field accepts); the value is the digits. */
export function parseMileage(input: string): number | null {
  const value = input.trim();
  if (!/^[\d,]+$/.test(value) || value.length > MILEAGE_MAX_LENGTH) return null;
  const digits = value.replace(/\D/g, '');
  return digits ? Number(digits) : null;
}

export interface MileageFacts {
  /** Last MOT odometer reading in miles, and when it was taken (YYYY-MM-DD). */
  mileageLastMot: number | null;
  lastMotDate: string | null;
  /** First registration, YYYY-MM or YYYY-MM-DD. */
  firstRegistration: string;
}

export type MileageVerdict = { kind: 'ok' } | { kind: 'too_low' } | { kind: 'implausible' };

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

/** The first known of: what the seller typed, the enquiry's, the tracker's latest, the estimate. */
export function prefillMileage(sources: {
  entered?: number | null;
  enquiry?: number | null;
  tracker?: number | null;
  estimated?: number | null;
}): number | null {
  for (const value of [sources.entered, sources.enquiry, sources.tracker, sources.estimated]) {
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

export function formatMileageInput(value: number | null): string {
  return value === null ? '' : new Intl.NumberFormat('en-GB').format(value);
}
