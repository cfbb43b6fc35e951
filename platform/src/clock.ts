import { clockChange, configuredOffset, createClock, type ClockState } from '../../contract/clock';
import { devEndpointsOn, isProduction, type PlatformEnv } from './env';
import { errorResponse, json, readJsonObject } from './http';

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

const state = (): ClockState => ({ now: clockNowIso(), offsetMs: clock.offsetMs() });

/**
 * GET /platform/dev/clock: the platform's time. POST with `{ at }` or `{ advanceMs }` moves it.
 * Development and tests only: production has no such endpoint.
 */
export async function devClock(request: Request, env: PlatformEnv): Promise<Response> {
  if (!devEndpointsOn(env)) return errorResponse(404, 'not_found', 'No such endpoint');
  if (request.method === 'GET') return json(state());
  const change = clockChange(await readJsonObject(request));
  if (!change) return errorResponse(400, 'bad_request', 'Send {"at": ISO-8601 instant} or {"advanceMs": whole number}');
  if ('at' in change) clock.setTo(change.at);
  else clock.advance(change.advanceMs);
  console.log(JSON.stringify({ event: 'platform.clock.moved', ...state() }));
  return json(state());
}
