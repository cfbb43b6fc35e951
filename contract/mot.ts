import type { MotTest } from './vehicles';

/**
 * The MOT check (docs/behaviour/entry.md#calls, docs/behaviour/gateway.md#journey-calls):
 *   GET  /platform/vehicle-checker/{vrm}/mot/checker/history → MotCheck
 *   POST /platform/vehicle-checker/{vrm}/mot/notifications {email, mobile?} → 202 MotReminderResponse
 *   POST /platform/vehicle-checker/{vrm}/mot/notifications/confirm {token} → MotReminderConfirmed
 * The observed service left the two path parameters unexplained. Here {x} is the registration, the thing both
 * calls are about, and {y} names what the checker returns: `history`, the status with every test
 * (the only view the product needs; any other name is a 404).
 */
export const MOT_CHECKER_VIEW = 'history';

/** The rules the check applies, with where they come from. */
export const MOT_RULES = {
  /** A car, van or motorcycle needs its first MOT by the third anniversary of its registration. */
  firstTestYears: 3,
  /** Vehicles built or first registered more than 40 years ago need no MOT (unless substantially changed). */
  exemptAfterYears: 40,
  /** An MOT can be done up to a month (minus a day) before it runs out and keep the renewal date. */
  earlyTestNote: 'You can get an MOT up to a month (minus a day) before it runs out and keep the same renewal date.',
  sources: [
    { title: 'GOV.UK: Getting an MOT', url: 'https://www.gov.uk/getting-an-mot', checked: 'November 2026' },
    {
      title: 'GOV.UK: Historic (classic) vehicles: MOT and vehicle tax',
      url: 'https://www.gov.uk/historic-vehicles',
      checked: 'November 2026',
    },
  ],
} as const;

export type MotStatus =
  /** A pass whose certificate has not run out. */
  | 'valid'
  /** The last certificate has run out (or the only tests failed). */
  | 'expired'
  /** Under three years old, never tested: the first MOT is due on the third anniversary. */
  | 'not-due-yet'
  /** Over 40 years old: no MOT needed. */
  | 'exempt'
  /** Old enough to need one, but no test on record (e.g. tested in Northern Ireland). */
  | 'no-record';

export interface MileageReading {
  /** YYYY-MM-DD of the test. */
  date: string;
  /** As the tester recorded it. */
  value: number;
  unit: 'MI' | 'KM';
  /** In miles, for comparing and charting. */
  miles: number;
  /** Lower than an earlier reading: a clocking signal. */
  dropped: boolean;
}

export interface MotCheck {
  vrm: string;
  vrmPretty: string;
  make: string;
  model: string;
  colour: string;
  fuelType: string;
  firstUsedDate: string;
  status: MotStatus;
  /** The current (or last) certificate's expiry, YYYY-MM-DD. */
  expiryDate: string | null;
  /** When the next test is due: the expiry, or the first MOT's date for a new vehicle. */
  dueDate: string | null;
  /** Whole days from today to dueDate (negative once past). */
  daysLeft: number | null;
  /** Newest first, DVSA-shaped. */
  tests: MotTest[];
  /** Readings that were read (not unreadable or absent), oldest first. */
  readings: MileageReading[];
  warnings: {
    /** Readings lower than an earlier one. */
    clocking: { date: string; miles: number; previousDate: string; previousMiles: number }[];
    /** Some readings were recorded in kilometres (an import, or a tester's slip). */
    kilometres: boolean;
  };
  /** Whether e-mail reminders make sense (not for exempt vehicles). */
  remindable: boolean;
}

/**
 * A sign-up was taken: a confirmation link goes to the address unless one went lately or reminders
 * are on already. The answer is the same in every case, so it tells nobody whether the address was
 * signed up before.
 */
export interface MotReminderResponse {
  vrm: string;
  email: string;
  /** Days the confirmation link works; reminders start only once it is pressed. */
  confirmWithinDays: number;
}

/** The confirmation link was pressed: reminders are on. */
export interface MotReminderConfirmed {
  vrm: string;
  vrmPretty: string;
  email: string;
  /** When the next reminder goes, YYYY-MM-DD, or null when none is due (e.g. the MOT has run out). */
  nextReminder: string | null;
  /** The app path that stops these reminders (`/unsubscribe?code=…&list=mot`). */
  unsubscribePath: string;
}

/** Refusals of the confirmation: a link past its days, and one used, replaced or never issued. */
export type MotConfirmErrorCode = 'confirmation_expired' | 'confirmation_invalid';

const DAY_MS = 86_400_000;
const KM_PER_MILE = 1.609344;

export function kmToMiles(km: number): number {
  return Math.round(km / KM_PER_MILE);
}

function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  // 29 February's anniversary falls on 28 February, as DVSA dates it.
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `now` (its UTC date) to a YYYY-MM-DD date. */
export function daysUntil(isoDate: string, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) - today) / DAY_MS);
}

/** The odometer readings, oldest first, each marked when it is lower than the highest before it. */
export function mileageReadings(tests: readonly MotTest[]): MileageReading[] {
  const read = tests
    .filter((t) => t.odometerResultType === 'READ' && t.odometerValue !== null)
    .sort((a, b) => a.completedDate.localeCompare(b.completedDate));
  let highest = -1;
  return read.map((t) => {
    const unit = t.odometerUnit === 'KM' ? 'KM' : 'MI';
    const miles = unit === 'KM' ? kmToMiles(t.odometerValue!) : t.odometerValue!;
    const dropped = miles < highest;
    highest = Math.max(highest, miles);
    return { date: t.completedDate.slice(0, 10), value: t.odometerValue!, unit, miles, dropped };
  });
}

/**
 * The check's verdict from the DVSA-shaped history: status, expiry, next due date, the readings and
 * their warnings. `now` decides what has run out.
 */
export function analyseMot(
  vehicle: { firstUsedDate: string; monthOfFirstRegistration?: string },
  tests: readonly MotTest[],
  now: Date,
): Pick<MotCheck, 'status' | 'expiryDate' | 'dueDate' | 'daysLeft' | 'readings' | 'warnings' | 'remindable'> {
  const today = now.toISOString().slice(0, 10);
  const readings = mileageReadings(tests);
  const clocking: MotCheck['warnings']['clocking'] = [];
  for (let i = 0; i < readings.length; i++) {
    const reading = readings[i]!;
    if (!reading.dropped) continue;
    const previous = readings.slice(0, i).reduce((a, b) => (b.miles >= a.miles ? b : a));
    clocking.push({ date: reading.date, miles: reading.miles, previousDate: previous.date, previousMiles: previous.miles });
  }
  const warnings = { clocking, kilometres: readings.some((r) => r.unit === 'KM') };

  const exempt = addYears(vehicle.firstUsedDate, MOT_RULES.exemptAfterYears) <= today;
  const passes = tests.filter((t) => t.testResult === 'PASSED' && t.expiryDate).sort((a, b) => a.expiryDate!.localeCompare(b.expiryDate!));
  const expiryDate = passes.at(-1)?.expiryDate ?? null;
  const base = { readings, warnings };
  if (exempt) return { ...base, status: 'exempt', expiryDate, dueDate: null, daysLeft: null, remindable: false };
  if (!tests.length) {
    const firstDue = addYears(vehicle.firstUsedDate, MOT_RULES.firstTestYears);
    const status = firstDue >= today ? 'not-due-yet' : 'no-record';
    return {
      ...base,
      status,
      expiryDate: null,
      dueDate: firstDue,
      daysLeft: daysUntil(firstDue, now),
      remindable: status === 'not-due-yet',
    };
  }
  const valid = expiryDate !== null && expiryDate >= today;
  return {
    ...base,
    status: valid ? 'valid' : 'expired',
    expiryDate,
    dueDate: expiryDate,
    daysLeft: expiryDate ? daysUntil(expiryDate, now) : null,
    remindable: valid,
  };
}

/** Defects as the results page groups them, most serious first. PRS: failed, then put right during the test. */
export const DEFECT_GROUPS = [
  { key: 'dangerous', title: 'Dangerous', types: ['DANGEROUS'] },
  { key: 'major', title: 'Major', types: ['MAJOR', 'FAIL'] },
  { key: 'minor', title: 'Minor', types: ['MINOR'] },
  { key: 'prs', title: 'Repaired during the test', types: ['PRS'] },
  { key: 'advisory', title: 'Advisory', types: ['ADVISORY', 'USER ENTERED'] },
] as const;

export function groupDefects(defects: MotTest['defects']): { key: string; title: string; items: string[] }[] {
  const groups = DEFECT_GROUPS.map((g) => ({
    key: g.key,
    title: g.title,
    items: defects
      .filter((d) =>
        g.key === 'dangerous' ? d.dangerous || d.type === 'DANGEROUS' : !d.dangerous && (g.types as readonly string[]).includes(d.type),
      )
      .map((d) => d.text),
  }));
  const known = new Set(DEFECT_GROUPS.flatMap((g) => g.types as readonly string[]));
  const other = defects.filter((d) => !d.dangerous && !known.has(d.type)).map((d) => d.text);
  if (other.length) groups.find((g) => g.key === 'advisory')!.items.push(...other);
  return groups.filter((g) => g.items.length);
}
