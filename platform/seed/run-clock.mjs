// The time a local run (npm start, the tests) starts at. It lives with the seed, its lowest user
// (the register's reference date is the month of that instant), and what starts the workers
// (scripts/start.mjs, the integration tests' setup) imports it from here, downwards.

const DAY_MS = 86_400_000;

/**
 * The time a local run starts at: `KERBSIDE_NOW` (an ISO 8601 instant) or the real time. Both
 * workers get the same `CLOCK_OFFSET_MS`, and the seeded register takes its reference date (the
 * first of that month, as generate.mjs beside it does by default) from the same instant.
 * @param {string | undefined} at
 */
export function runClock(at = process.env.KERBSIDE_NOW) {
  const real = Date.now();
  if (!at) return { now: new Date(real), offsetMs: 0, asOf: firstOfMonth(new Date(real)) };
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(at) || Number.isNaN(Date.parse(at))) {
    throw new Error(`KERBSIDE_NOW must be an ISO 8601 instant with a time zone, e.g. 2026-12-31T23:00:00Z (got ${at})`);
  }
  const now = new Date(Date.parse(at));
  if (Math.abs(now.getTime() - real) > 100 * 366 * DAY_MS) throw new Error(`KERBSIDE_NOW is more than a century away: ${at}`);
  return { now, offsetMs: now.getTime() - real, asOf: firstOfMonth(now) };
}

/** @param {Date} date */
function firstOfMonth(date) {
  return `${date.toISOString().slice(0, 7)}-01`;
}
