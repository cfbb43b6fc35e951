import type { endpoints } from '../../../contract/endpoints';
import type { Tracker, TrackerListResponse, TrackerValuation, TrackResponse } from '../../../contract/trackers';
import { TRACKER_LIMIT_SIGNED_IN, TRACKER_LIMIT_VISITOR } from '../../../contract/trackers';
import { formatVrm, isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { greeting, sendEmail } from '../outbox';
import { publicOrigin } from '../public-origin';
import { ownerKey, type Caller } from '../auth';
import { devEndpointsOn, intVar, type PlatformEnv } from '../env';
import { issuedMarkProblem } from '../providers/plates';
import { clientKey, DEFAULT_LOOKUP_RATE_LIMIT, hitRateLimit } from '../records/rate-limits';
import { findRegistered, makeOf, type MotRow, PROVIDER_FAILURES, type RegisterRow, toVehicle, vehicleId } from '../providers/register';
import type { DeclaredOutcome, TypedHandler } from '../router';
import { unsubscribeLink } from '../unsubscribe';
import { valuateRegistered } from '../providers/valuation';
import { clockNow, clockNowMs } from '../clock';
import {
  addValuation,
  handOverTrackers,
  latestValuation,
  ownerTracking,
  startTracking,
  stopTracking,
  trackersDueRevaluation,
  trackersWithValuations,
  type DueTrackerRow,
  type ValuationRow,
} from './store';

/**
 * The car value tracker (docs/trackers.md): a seller tracks a car with its mileage; the platform
 * keeps one valuation a month. The months before the car was added are derived from the valuation
 * model (the car valued at each earlier date, its mileage scaled back by its own use); each month
 * after, the scheduled handler revalues it with the mileage carried forward and e-mails the seller
 * when the value has changed.
 */

const MINUTE_MS = 60_000;
const AVERAGE_MONTH_MS = (365.25 / 12) * 86_400_000;
/** How far back the history is derived when a car is added: five years, or since it was new. */
export const DERIVED_HISTORY_MONTHS = 60;

/**
 * After DVLA's test-environment convention (docs/sandbox.md): this registration is in the register,
 * but the tracker's pricing provider cannot price it.
 */
export const PRICING_FAILURE_VRM = 'ER19PRC';

/** A failure of the tracker's own calls, track and add: a status and code their entries declare, with its words. */
type TrackerFailure = DeclaredOutcome<typeof endpoints.tracker.track> & { message: string; headers?: Record<string, string> };

const ALREADY_TRACKED: TrackerFailure = { status: 409, code: 'vehicle_already_added', message: 'You have already added this vehicle' };
const TRACKING_ENOUGH: TrackerFailure = { status: 409, code: 'exceeded', message: 'You are tracking as many vehicles as you can' };

export function trackerLimit(caller: Caller): number {
  return caller.kind === 'customer' ? TRACKER_LIMIT_SIGNED_IN : TRACKER_LIMIT_VISITOR;
}

export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

function startOfMonth(date: Date, monthsBack = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1));
}

function firstRegistrationOf(row: RegisterRow): Date {
  return new Date(Date.parse(row.first_used_date.length === 7 ? `${row.first_used_date}-01` : row.first_used_date));
}

/** The car's own miles a month, from the mileage the seller gave and its age (at least a month). */
export function milesPerMonth(mileage: number, firstRegistration: Date, now: Date): number {
  const months = Math.max(1, (now.getTime() - firstRegistration.getTime()) / AVERAGE_MONTH_MS);
  return mileage / months;
}

/**
 * The valuations of a newly added car: this month's at the mileage given, and each earlier month
 * back to DERIVED_HISTORY_MONTHS (not before the car's first full month on the road), valued on
 * the first of that month with the mileage scaled back.
 */
export function initialValuations(row: RegisterRow, mileage: number, now: Date): TrackerValuation[] {
  const first = firstRegistrationOf(row);
  const perMonth = milesPerMonth(mileage, first, now);
  const result: TrackerValuation[] = [];
  for (let back = DERIVED_HISTORY_MONTHS; back >= 1; back--) {
    const at = startOfMonth(now, back);
    if (at.getTime() <= first.getTime()) continue;
    const past = Math.max(0, Math.round(mileage - perMonth * ((now.getTime() - at.getTime()) / AVERAGE_MONTH_MS)));
    const v = valuateRegistered(row, past, at);
    result.push({
      month: monthKey(at),
      valuedAt: at.toISOString(),
      mileage: past,
      price: v.price,
      low: v.low,
      high: v.high,
      source: 'derived',
    });
  }
  const v = valuateRegistered(row, mileage, now);
  result.push({ month: monthKey(now), valuedAt: now.toISOString(), mileage, price: v.price, low: v.low, high: v.high, source: 'entered' });
  return result;
}

const toValuation = (v: ValuationRow): TrackerValuation => ({
  month: v.month,
  valuedAt: v.valued_at,
  mileage: v.mileage,
  price: v.price,
  low: v.low,
  high: v.high,
  source: v.source,
});

/** An owner's trackers (all, or the one for a registration), newest first, valuations oldest first. */
export async function trackersOf(env: PlatformEnv, owner: string, vrm?: string): Promise<Tracker[]> {
  const { trackers, valuations } = await trackersWithValuations(env.DB, owner, vrm ?? null);
  const byTracker = new Map<number, TrackerValuation[]>();
  for (const v of valuations) {
    const list = byTracker.get(v.tracker_id) ?? [];
    list.push(toValuation(v));
    byTracker.set(v.tracker_id, list);
  }
  return trackers.map((t) => ({
    id: t.id,
    vrm: t.vrm,
    vrm_pretty: formatVrm(t.vrm),
    make: makeOf(t.make),
    model: t.model,
    year: Number(t.month_of_first_registration.slice(0, 4)),
    createdAt: t.created_at,
    trackerValuations: byTracker.get(t.id) ?? [],
  }));
}

/** The tracker calls are rate-limited like the lookup (the same budget a minute, counted apart). */
async function rateLimited(request: Request, env: PlatformEnv): Promise<TrackerFailure | null> {
  const limit = intVar(env.LOOKUP_RATE_LIMIT, DEFAULT_LOOKUP_RATE_LIMIT);
  const rate = await hitRateLimit(env.DB, `tracker:${clientKey(request)}`, limit, MINUTE_MS, clockNowMs());
  if (rate.allowed) return null;
  return {
    status: 429,
    code: 'too_many_requests',
    message: 'Too many requests; try again in a minute',
    headers: { 'retry-after': String(rate.retryAfterSeconds) },
  };
}

/** The registration checks the lookup makes, with the tracker's own not-found. */
async function registeredVehicle(
  env: PlatformEnv,
  rawVrm: string,
): Promise<{ vrm: string; row: RegisterRow; tests: MotRow[] } | { failure: TrackerFailure }> {
  const vrm = normaliseVrm(rawVrm);
  if (!isValidVrm(vrm)) return { failure: { status: 400, code: 'invalid_vrm', message: 'Not a UK registration mark' } };
  const problem = issuedMarkProblem(vrm, clockNow());
  if (problem) return { failure: { status: 400, code: 'invalid_vrm', message: `Not a registration DVLA issues: ${problem}` } };
  const provider = PROVIDER_FAILURES[vrm];
  if (provider && provider.code !== 'vehicle_lookup_failed') return { failure: provider as TrackerFailure };
  const registered = await findRegistered(env.DB, vrm);
  if (!registered) {
    return {
      failure: { status: 404, code: 'vrm_not_found_after_refetch', message: 'The register did not have this vehicle when we asked again' },
    };
  }
  return { vrm, row: registered.row, tests: registered.tests };
}

/**
 * The checks before a car is tracked, in order (the rate limit, whose trackers they are, the
 * register, already tracked, the owner's limit), so the seller hears early: the first that fails,
 * else the owner and the car.
 */
async function beforeTracking(
  request: Request,
  env: PlatformEnv,
  caller: Caller,
  rawVrm: string,
): Promise<{ failure: TrackerFailure } | { owner: string; found: { vrm: string; row: RegisterRow; tests: MotRow[] } }> {
  const limited = await rateLimited(request, env);
  if (limited) return { failure: limited };
  const owner = ownerKey(caller);
  if (!owner)
    return { failure: { status: 400, code: 'bad_request', message: 'A requester id is needed to track a vehicle before signing in' } };
  const found = await registeredVehicle(env, rawVrm);
  if ('failure' in found) return found;
  const state = await ownerTracking(env.DB, owner, found.vrm);
  if (state.already) return { failure: ALREADY_TRACKED };
  if (state.count >= trackerLimit(caller)) return { failure: TRACKING_ENOUGH };
  return { owner, found };
}

/**
 * POST /platform/v3/trackers/track {vrm}: the car to track, from the register, with the checks
 * adding it will make (already tracked, the owner's limit), so the seller hears early.
 */
export const trackVehicle: TypedHandler<typeof endpoints.tracker.track> = async ({ caller, body }, ctx) => {
  const checked = await beforeTracking(ctx.request, ctx.env, caller, body.vrm);
  if ('failure' in checked) return ctx.outcome(checked.failure);
  const { found } = checked;
  const id = await vehicleId(ctx.env.DB, found.vrm);
  return { code: 'ok', vehicle: toVehicle(id, found.row, found.tests, clockNow()) } satisfies TrackResponse;
};

/** POST /platform/v3/trackers {vrm, mileage}: starts tracking; 201 with the tracker. */
export const addTracker: TypedHandler<typeof endpoints.tracker.add> = async ({ caller, body }, ctx) => {
  const checked = await beforeTracking(ctx.request, ctx.env, caller, body.vrm);
  if ('failure' in checked) return ctx.outcome(checked.failure);
  const { owner, found } = checked;
  if (found.vrm === PRICING_FAILURE_VRM) {
    return ctx.outcome({ status: 502, code: 'vehicle_pricing_failed', message: 'The pricing provider could not price this vehicle' });
  }

  const now = clockNow();
  const created = await startTracking(
    ctx.env.DB,
    {
      owner,
      vrm: found.vrm,
      milesPerMonth: milesPerMonth(body.mileage, firstRegistrationOf(found.row), now),
      createdAt: now.toISOString(),
    },
    initialValuations(found.row, body.mileage, now),
  );
  // Two tabs adding the same car at once: one wins, the other hears it is already there.
  if (created === null) return ctx.outcome(ALREADY_TRACKED);
  const [tracker] = await trackersOf(ctx.env, owner, found.vrm);
  return ctx.created(tracker!);
};

/** GET /platform/v3/trackers/list[?vrm=]: the signed-in seller's trackers. */
export const listTrackers: TypedHandler<typeof endpoints.tracker.list> = async ({ customer, query }, ctx) => {
  const vrm = query.vrm ? normaliseVrm(query.vrm) : undefined;
  return {
    trackers: await trackersOf(ctx.env, `customer:${customer.user.id}`, vrm),
    limit: TRACKER_LIMIT_SIGNED_IN,
  } satisfies TrackerListResponse;
};

/** POST /platform/v3/trackers/remove {vrm}: stops tracking a car (its history goes with it). */
export const removeTracker: TypedHandler<typeof endpoints.tracker.remove> = async ({ customer, body }, ctx) => {
  if (!(await stopTracking(ctx.env.DB, `customer:${customer.user.id}`, normaliseVrm(body.vrm)))) {
    return ctx.outcome({ status: 404, code: 'unable_to_add', message: 'That vehicle is not tracked' });
  }
  return ctx.noContent();
};

/**
 * At sign-in or sign-up, the cars the visitor started tracking become the account's, newest first,
 * within the account's limit; one the account already tracks, or one over the limit, is dropped
 * (the visitor's browser gets a new requester id at sign-in, so nothing could reach it again).
 */
export async function adoptRequesterTrackers(env: PlatformEnv, userId: number, requesterId: string): Promise<void> {
  await handOverTrackers(env.DB, `requester:${requesterId}`, `customer:${userId}`, TRACKER_LIMIT_SIGNED_IN);
}

const pounds = (n: number) => `£${new Intl.NumberFormat('en-GB').format(n)}`;

/**
 * The monthly revaluation (the platform's scheduled handler): every seller's tracker without a
 * valuation for `now`'s month is valued at `now`, with its mileage carried forward at the car's own
 * rate. Running it twice in a month does nothing the second time, so a daily trigger is safe and
 * catches up a missed day. When the value changed, the seller gets a value e-mail, if they take
 * news and offers by e-mail (it invites them to sell, so it is marketing: the 'service' tier, which
 * the e-mails' own unsubscribe link sets, gets none).
 */
export async function runTrackerRevaluations(env: PlatformEnv, now: Date): Promise<{ revalued: number; emailed: number }> {
  const month = monthKey(now);
  const due = await trackersDueRevaluation(env.DB, month);
  let emailed = 0;
  let revalued = 0;
  for (const t of due) {
    const latest = await latestValuation(env.DB, t.id);
    const registered = await findRegistered(env.DB, t.vrm);
    if (!latest || !registered || t.vrm === PRICING_FAILURE_VRM) continue;
    const elapsedMonths = Math.max(0, (now.getTime() - Date.parse(latest.valued_at)) / AVERAGE_MONTH_MS);
    const mileage = Math.round(latest.mileage + t.miles_per_month * elapsedMonths);
    const v = valuateRegistered(registered.row, mileage, now);
    const valuation: TrackerValuation = {
      month,
      valuedAt: now.toISOString(),
      mileage,
      price: v.price,
      low: v.low,
      high: v.high,
      source: 'monthly',
    };
    await addValuation(env.DB, t.id, valuation);
    revalued += 1;
    if (v.price !== latest.price && t.email_crm_tier === 'marketing' && (await sendValueEmail(env, t, latest, valuation))) emailed += 1;
  }
  return { revalued, emailed };
}

async function sendValueEmail(env: PlatformEnv, t: DueTrackerRow, before: ValuationRow, now: TrackerValuation): Promise<boolean> {
  const base = publicOrigin(env);
  // Without an address for the app the e-mail would have no links to follow or to unsubscribe.
  if (!base) return false;
  const link = `${base}/car-value-tracker/${t.vrm}`;
  const name = `${makeOf(t.make).display_name} ${t.model}`;
  const change = now.price - before.price;
  const direction = change < 0 ? `${pounds(-change)} less` : `${pounds(change)} more`;
  const body = [
    greeting(t.first_name),
    '',
    `Your ${name} (${formatVrm(t.vrm)}) is now worth about ${pounds(now.price)}: ${direction} than last time (${pounds(before.price)}).`,
    `We valued it at about ${new Intl.NumberFormat('en-GB').format(now.mileage)} miles, carried forward from the mileage you gave us. Its value could be anywhere from ${pounds(now.low)} to ${pounds(now.high)}.`,
    '',
    `See how its value has changed: ${link}`,
    '',
    `Thinking of selling? Dealers compete for it in our daily sale: ${base}/`,
    '',
    `No more value e-mails, news or offers from us by e-mail: ${await unsubscribeLink(env, t.user_id, 'email')}`,
  ].join('\n');
  // Through the configured provider like every other e-mail (they once went straight into the development
  // outbox). No main link: the development mailbox offers that as a sign-in link; the addresses are in the body.
  await sendEmail(env, t.email, `Your ${name} is now worth about ${pounds(now.price)}`, body);
  return true;
}

/** POST /platform/dev/trackers/revalue {now?}: runs the monthly revaluation at once (development and tests only). */
export const devRevalue: TypedHandler<typeof endpoints.dev.revalueTrackers> = async ({ body }, ctx) => {
  if (!devEndpointsOn(ctx.env)) return ctx.outcome({ status: 404, code: 'not_found', message: 'No such endpoint' });
  const now = body.now !== undefined && !Number.isNaN(Date.parse(body.now)) ? new Date(body.now) : clockNow();
  return runTrackerRevaluations(ctx.env, now);
};
