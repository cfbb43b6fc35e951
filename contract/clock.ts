/**
 * Time is an input. Each worker reads "now" from one clock of this kind and nowhere else, so a
 * test (or a person trying the product locally) can run the whole product as if on another date,
 * and move time on instead of waiting for it: a sale that starts in an hour, an offer that lapses
 * after 48, a reminder due next month.
 *
 * The clock is the real time plus an offset. The offset starts from the worker's configuration
 * (`CLOCK_OFFSET_MS`, refused in production) and, outside production, a development endpoint can
 * set the time or move it on. Real time keeps running underneath, so a page that takes 300 ms
 * still takes 300 ms: only the starting point moves.
 */
export interface Clock {
  /** Now, as milliseconds since the epoch. */
  nowMs(): number;
  /** Now, as a Date. */
  now(): Date;
  /** How far this clock is from the real time, in milliseconds. */
  offsetMs(): number;
  /** Makes "now" the given instant (time runs on from there). */
  setTo(instantMs: number): void;
  /** Moves the clock on (or back, for a negative amount). */
  advance(ms: number): void;
  /** Uses the given offset from the real time. */
  setOffset(ms: number): void;
}

export function createClock(realNow: () => number = Date.now): Clock {
  let offset = 0;
  return {
    nowMs: () => realNow() + offset,
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    setTo(instantMs) {
      offset = instantMs - realNow();
    },
    advance(ms) {
      offset += ms;
    },
    setOffset(ms) {
      offset = ms;
    },
  };
}

/** The largest offset configuration may ask for: about a century either way. */
const MAX_OFFSET_MS = 100 * 366 * 86_400_000;

/**
 * Reads `CLOCK_OFFSET_MS` from a worker's environment: a whole number of milliseconds, or nothing.
 * Production never runs on a moved clock: there any offset but 0 is an error, not ignored, so a
 * test setting that leaks into a deployment stops it at its first request.
 */
export function configuredOffset(value: unknown, production: boolean): number {
  if (value === undefined || value === null || value === '') return 0;
  const text = String(value).trim();
  if (!/^-?\d{1,13}$/.test(text) || Math.abs(Number(text)) > MAX_OFFSET_MS) {
    throw new Error(`CLOCK_OFFSET_MS must be a whole number of milliseconds (got ${text.slice(0, 40)})`);
  }
  const offset = Number(text);
  if (production && offset !== 0) throw new Error('CLOCK_OFFSET_MS is set in production: the clock can only be moved outside production');
  return offset;
}

/**
 * A change asked of the development clock endpoint: `{ "at": ISO-8601 instant }` sets the time,
 * `{ "advanceMs": n }` moves it on. Null when the body is neither.
 */
export function clockChange(body: unknown): { at: number } | { advanceMs: number } | null {
  if (!body || typeof body !== 'object') return null;
  const { at, advanceMs } = body as { at?: unknown; advanceMs?: unknown };
  if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(at)) {
    const instant = Date.parse(at);
    if (Number.isFinite(instant)) return { at: instant };
  }
  if (typeof advanceMs === 'number' && Number.isInteger(advanceMs) && Math.abs(advanceMs) <= MAX_OFFSET_MS) return { advanceMs };
  return null;
}

/** What the development clock endpoints answer. */
export interface ClockState {
  now: string;
  offsetMs: number;
}
