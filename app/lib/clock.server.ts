import { createClock } from '../../contract/clock';

/**
 * The app's one clock (contract/clock.ts): server code reads "now" here, never `Date.now()`. Its
 * offset comes from CLOCK_OFFSET_MS (read once per isolate with the configuration) and, outside
 * production, from /dev/clock, which moves the platform's clock and this one together.
 */
const clock = createClock();
let configured = false;

export const clockNow = (): Date => clock.now();
export const clockNowMs = (): number => clock.nowMs();
export const clockOffsetMs = (): number => clock.offsetMs();

/** The configured offset, applied once: later requests must not undo a move made by /dev/clock. */
export function configureClock(offsetMs: number): void {
  if (configured) return;
  clock.setOffset(offsetMs);
  configured = true;
}

/** Follows the platform's clock after /dev/clock moved it (development and tests only). */
export function followClock(offsetMs: number): void {
  clock.setOffset(offsetMs);
}
