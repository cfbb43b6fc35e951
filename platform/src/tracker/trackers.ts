import type { CrmTier } from '../../../contract/accounts';
import type {
  AddTrackerRequest,
  Tracker,
  TrackerErrorBody,
  TrackerListResponse,
  TrackerOutcomeCode,
  TrackerValuation,
  TrackResponse,
} from '../../../contract/trackers';
import { TRACKER_LIMIT_SIGNED_IN, TRACKER_LIMIT_VISITOR } from '../../../contract/trackers';
import { formatVrm, isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { greeting, sendEmail } from '../outbox';
import { publicOrigin } from '../public-origin';
import { authenticate, invalidToken, ownerKey, requireCustomer, type Caller } from '../auth';
import { MAX_MILEAGE } from '../../../contract/vehicles';
import { devEndpointsOn, intVar, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { issuedMarkProblem } from '../providers/plates';
import { clientKey, DEFAULT_LOOKUP_RATE_LIMIT, hitRateLimit } from '../records/rate-limits';
import { findRegistered, makeOf, type MotRow, PROVIDER_FAILURES, type RegisterRow, toVehicle, vehicleId } from '../providers/register';
import { unsubscribeLink } from '../unsubscribe';
import { valuateRegistered } from '../providers/valuation';
import { clockNow, clockNowMs } from '../clock';

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

const TRACKER_MESSAGES: Record<string, string> = {
  vrm_not_found_after_refetch: 'The register did not have this vehicle when we asked again',
  vehicle_pricing_failed: 'The vehicle could not be priced',
  vehicle_already_added: 'You have already added this vehicle',
  exceeded: 'You are tracking as many vehicles as you can',
  unable_to_add: 'Unable to add the vehicle',
};

function failure(status: number, code: TrackerOutcomeCode, message = TRACKER_MESSAGES[code] ?? code, headers: HeadersInit = {}): Response {
  return json({ code, message } satisfies TrackerErrorBody, status, headers);
}

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

interface TrackerRow {
  id: number;
  owner_key: string;
  vrm: string;
  miles_per_month: number;
  created_at: string;
  make: string;
  model: string;
  month_of_first_registration: string;
}

interface ValuationRow {
  tracker_id: number;
  month: string;
  valued_at: string;
  mileage: number;
  price: number;
  low: number;
  high: number;
  source: TrackerValuation['source'];
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
  const [trackers, valuations] = await env.DB.batch([
    env.DB.prepare(
      `SELECT t.*, r.make, r.model, r.month_of_first_registration FROM trackers t JOIN register_vehicles r ON r.vrm = t.vrm
        WHERE t.owner_key = ?1 AND (?2 IS NULL OR t.vrm = ?2) ORDER BY t.created_at DESC, t.id DESC`,
    ).bind(owner, vrm ?? null),
    env.DB.prepare(
      `SELECT v.* FROM tracker_valuations v JOIN trackers t ON t.id = v.tracker_id
        WHERE t.owner_key = ?1 AND (?2 IS NULL OR t.vrm = ?2) ORDER BY v.month`,
    ).bind(owner, vrm ?? null),
  ]);
  const byTracker = new Map<number, TrackerValuation[]>();
  for (const v of valuations!.results as unknown as ValuationRow[]) {
    const list = byTracker.get(v.tracker_id) ?? [];
    list.push(toValuation(v));
    byTracker.set(v.tracker_id, list);
  }
  return (trackers!.results as unknown as TrackerRow[]).map((t) => ({
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
async function rateLimited(request: Request, env: PlatformEnv): Promise<Response | null> {
  const limit = intVar(env.LOOKUP_RATE_LIMIT, DEFAULT_LOOKUP_RATE_LIMIT);
  const rate = await hitRateLimit(env.DB, `tracker:${clientKey(request)}`, limit, MINUTE_MS, clockNowMs());
  if (rate.allowed) return null;
  return failure(429, 'too_many_requests', 'Too many requests; try again in a minute', { 'retry-after': String(rate.retryAfterSeconds) });
}

/** The registration checks the lookup makes, with the tracker's own not-found. */
async function registeredVehicle(
  env: PlatformEnv,
  rawVrm: unknown,
): Promise<{ vrm: string; row: RegisterRow; tests: MotRow[] } | Response> {
  if (typeof rawVrm !== 'string') return failure(400, 'bad_request', 'vrm is required');
  const vrm = normaliseVrm(rawVrm);
  if (!isValidVrm(vrm)) return failure(400, 'invalid_vrm', 'Not a UK registration mark');
  const problem = issuedMarkProblem(vrm, clockNow());
  if (problem) return failure(400, 'invalid_vrm', `Not a registration DVLA issues: ${problem}`);
  const provider = PROVIDER_FAILURES[vrm];
  if (provider && provider.code !== 'vehicle_lookup_failed')
    return failure(provider.status, provider.code as TrackerOutcomeCode, provider.message);
  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return failure(404, 'vrm_not_found_after_refetch');
  return { vrm, row: registered.row, tests: registered.tests };
}

async function ownerState(env: PlatformEnv, owner: string, vrm: string) {
  const row = await env.DB.prepare('SELECT count(*) AS n, sum(vrm = ?2) AS mine FROM trackers WHERE owner_key = ?1')
    .bind(owner, vrm)
    .first<{ n: number; mine: number | null }>();
  return { count: row?.n ?? 0, already: (row?.mine ?? 0) > 0 };
}

async function callerAndOwner(request: Request, env: PlatformEnv): Promise<{ caller: Caller; owner: string } | Response> {
  const caller = await authenticate(request, env);
  if (caller === 'invalid') return invalidToken();
  const owner = ownerKey(caller);
  if (!owner) return failure(400, 'bad_request', 'A requester id is needed to track a vehicle before signing in');
  return { caller, owner };
}

/**
 * POST /platform/v3/trackers/track {vrm}: the car to track, from the register, with the checks
 * adding it will make (already tracked, the owner's limit), so the seller hears early.
 */
export async function trackVehicle(request: Request, env: PlatformEnv): Promise<Response> {
  const limited = await rateLimited(request, env);
  if (limited) return limited;
  const who = await callerAndOwner(request, env);
  if (who instanceof Response) return who;
  const found = await registeredVehicle(env, (await readJsonObject(request))?.vrm);
  if (found instanceof Response) return found;
  const state = await ownerState(env, who.owner, found.vrm);
  if (state.already) return failure(409, 'vehicle_already_added');
  if (state.count >= trackerLimit(who.caller)) return failure(409, 'exceeded');
  const id = await vehicleId(env.DB, found.vrm);
  const body: TrackResponse = { code: 'ok', vehicle: toVehicle(id, found.row, found.tests, clockNow()) };
  return json(body);
}

/** POST /platform/v3/trackers {vrm, mileage, linkBase}: starts tracking; 201 with the tracker. */
export async function addTracker(request: Request, env: PlatformEnv): Promise<Response> {
  const limited = await rateLimited(request, env);
  if (limited) return limited;
  const who = await callerAndOwner(request, env);
  if (who instanceof Response) return who;
  const body = ((await readJsonObject(request)) ?? {}) as Partial<AddTrackerRequest>;
  const mileage = body.mileage;
  if (typeof mileage !== 'number' || !Number.isInteger(mileage) || mileage < 0 || mileage > MAX_MILEAGE) {
    return failure(400, 'bad_request', 'mileage must be a whole number of miles');
  }
  const found = await registeredVehicle(env, body.vrm);
  if (found instanceof Response) return found;
  const state = await ownerState(env, who.owner, found.vrm);
  if (state.already) return failure(409, 'vehicle_already_added');
  if (state.count >= trackerLimit(who.caller)) return failure(409, 'exceeded');
  if (found.vrm === PRICING_FAILURE_VRM) return failure(502, 'vehicle_pricing_failed', 'The pricing provider could not price this vehicle');

  const now = clockNow();
  const valuations = initialValuations(found.row, mileage, now);
  const perMonth = milesPerMonth(mileage, firstRegistrationOf(found.row), now);
  const created = await env.DB.prepare(
    `INSERT INTO trackers (owner_key, vrm, miles_per_month, created_at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (owner_key, vrm) DO NOTHING RETURNING id`,
  )
    .bind(who.owner, found.vrm, perMonth, now.toISOString())
    .first<{ id: number }>();
  // Two tabs adding the same car at once: one wins, the other hears it is already there.
  if (!created) return failure(409, 'vehicle_already_added');
  await env.DB.batch(valuations.map((v) => insertValuation(env, created.id, v)));
  const [tracker] = await trackersOf(env, who.owner, found.vrm);
  return json(tracker, 201);
}

function insertValuation(env: PlatformEnv, trackerId: number, v: TrackerValuation) {
  return env.DB.prepare(
    `INSERT OR IGNORE INTO tracker_valuations (tracker_id, month, valued_at, mileage, price, low, high, source)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
  ).bind(trackerId, v.month, v.valuedAt, v.mileage, v.price, v.low, v.high, v.source);
}

/** GET /platform/v3/trackers/list[?vrm=]: the signed-in seller's trackers. */
export async function listTrackers(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const raw = new URL(request.url).searchParams.get('vrm');
  const vrm = raw ? normaliseVrm(raw) : undefined;
  const body: TrackerListResponse = { trackers: await trackersOf(env, `customer:${caller.user.id}`, vrm), limit: TRACKER_LIMIT_SIGNED_IN };
  return json(body);
}

/** POST /platform/v3/trackers/remove {vrm}: stops tracking a car (its history goes with it). */
export async function removeTracker(request: Request, env: PlatformEnv): Promise<Response> {
  const caller = await requireCustomer(request, env);
  if (caller instanceof Response) return caller;
  const raw = (await readJsonObject(request))?.vrm;
  const vrm = typeof raw === 'string' ? normaliseVrm(raw) : '';
  const removed = await env.DB.prepare('DELETE FROM trackers WHERE owner_key = ?1 AND vrm = ?2 RETURNING id')
    .bind(`customer:${caller.user.id}`, vrm)
    .first<{ id: number }>();
  if (!removed) return failure(404, 'unable_to_add', 'That vehicle is not tracked');
  await env.DB.prepare('DELETE FROM tracker_valuations WHERE tracker_id = ?1').bind(removed.id).run();
  return new Response(null, { status: 204 });
}

/**
 * At sign-in or sign-up, the cars the visitor started tracking become the account's, newest first,
 * within the account's limit; one the account already tracks, or one over the limit, is dropped
 * (the visitor's browser gets a new requester id at sign-in, so nothing could reach it again).
 */
export async function adoptRequesterTrackers(env: PlatformEnv, userId: number, requesterId: string): Promise<void> {
  const customer = `customer:${userId}`;
  const { results: pending } = await env.DB.prepare('SELECT id, vrm FROM trackers WHERE owner_key = ?1 ORDER BY created_at DESC, id DESC')
    .bind(`requester:${requesterId}`)
    .all<{ id: number; vrm: string }>();
  if (!pending.length) return;
  const { results: held } = await env.DB.prepare('SELECT vrm FROM trackers WHERE owner_key = ?1').bind(customer).all<{ vrm: string }>();
  const vrms = new Set(held.map((h) => h.vrm));
  const statements: D1PreparedStatement[] = [];
  for (const t of pending) {
    if (!vrms.has(t.vrm) && vrms.size < TRACKER_LIMIT_SIGNED_IN) {
      vrms.add(t.vrm);
      statements.push(env.DB.prepare('UPDATE trackers SET owner_key = ?1 WHERE id = ?2').bind(customer, t.id));
    } else {
      statements.push(env.DB.prepare('DELETE FROM tracker_valuations WHERE tracker_id = ?1').bind(t.id));
      statements.push(env.DB.prepare('DELETE FROM trackers WHERE id = ?1').bind(t.id));
    }
  }
  await env.DB.batch(statements);
}

interface DueRow extends TrackerRow {
  user_id: number;
  email: string;
  first_name: string;
  email_crm_tier: CrmTier;
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
  const { results: due } = await env.DB.prepare(
    `SELECT t.*, r.make, r.model, r.month_of_first_registration, u.id AS user_id, u.email, u.first_name, u.email_crm_tier
       FROM trackers t
       JOIN users u ON t.owner_key = 'customer:' || u.id
       JOIN register_vehicles r ON r.vrm = t.vrm
      WHERE EXISTS (SELECT 1 FROM tracker_valuations v WHERE v.tracker_id = t.id)
        AND NOT EXISTS (SELECT 1 FROM tracker_valuations v WHERE v.tracker_id = t.id AND v.month >= ?1)
      ORDER BY t.id LIMIT 500`,
  )
    .bind(month)
    .all<DueRow>();
  let emailed = 0;
  let revalued = 0;
  for (const t of due) {
    const latest = await env.DB.prepare('SELECT * FROM tracker_valuations WHERE tracker_id = ?1 ORDER BY month DESC LIMIT 1')
      .bind(t.id)
      .first<ValuationRow>();
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
    await insertValuation(env, t.id, valuation).run();
    revalued += 1;
    if (v.price !== latest.price && t.email_crm_tier === 'marketing' && (await sendValueEmail(env, t, latest, valuation))) emailed += 1;
  }
  return { revalued, emailed };
}

async function sendValueEmail(env: PlatformEnv, t: DueRow, before: ValuationRow, now: TrackerValuation): Promise<boolean> {
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
export async function devRevalue(request: Request, env: PlatformEnv): Promise<Response> {
  if (!devEndpointsOn(env)) return errorResponse(404, 'not_found', 'No such endpoint');
  const raw = (await readJsonObject(request))?.now;
  const now = typeof raw === 'string' && !Number.isNaN(Date.parse(raw)) ? new Date(raw) : clockNow();
  return json(await runTrackerRevaluations(env, now));
}
