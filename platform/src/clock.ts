import { configuredOffset, createClock, type ClockState } from '../../contract/clock';
import { isProduction, type PlatformEnv } from './env';

/**
 * The platform's one clock (contract/clock.ts): every module reads "now" here. The offset comes
 * from CLOCK_OFFSET_MS once per isolate; after that only the development endpoint moves it.
 */
const clock = createClock();
let configured = false;

export const clockNow = (): Date => clock.now();
export const clockNowMs = (): number => clock.nowMs();
export const clockNowIso = (): string => clock.now().toISOString();

/** Called by the entry point on every request and scheduled run; reads the configuration once. */
export function configureClock(env: PlatformEnv): void {
  if (configured) return;
  clock.setOffset(configuredOffset(env.CLOCK_OFFSET_MS, isProduction(env)));
  configured = true;
}

/** A scheduled run's time on this clock (the Cron Trigger fires on real time). */
export function onThisClock(realMs: number): Date {
  return new Date(realMs + clock.offsetMs());
}

/** The platform's time and how far it is moved from real time, as the development endpoints answer it. */
export const clockState = (): ClockState => ({ now: clockNowIso(), offsetMs: clock.offsetMs() });

/**
 * Sets the platform's time (`at`, epoch ms) or moves it on (`advanceMs`). Only the development
 * endpoint does (platform/src/dev.ts): production has no such endpoint.
 */
export function moveClock(change: { at: number } | { advanceMs: number }): ClockState {
  if ('at' in change) clock.setTo(change.at);
  else clock.advance(change.advanceMs);
  console.log(JSON.stringify({ event: 'platform.clock.moved', ...clockState() }));
  return clockState();
}
