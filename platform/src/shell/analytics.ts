import type { endpoints } from '../../../contract/endpoints';
import type { AnalyticsEvent, EventValue, StoredAnalyticsEvent } from '../../../contract/shell';
import { CAMPAIGN_KEYS, MAX_EVENTS_PER_REQUEST } from '../../../contract/shell';
import { isValidVrm } from '../../../contract/vrm';
import { authenticate } from '../auth';
import { devEndpointsOn, intVar } from '../env';
import { hitRateLimit, pruneRateLimits } from '../records/rate-limits';
import type { TypedHandler } from '../router';
import { clockNow } from '../clock';
import { latestEvents, storeEvents, type EventRow } from './store';

/**
 * First-party analytics (docs/behaviour/gateway.md#analytics): the app sends the events of sellers who consented, in
 * batches; the platform checks them strictly and keeps them. Strict, because an event is a place
 * where personal data leaks in unnoticed: only known fields, small flat values, no e-mail
 * addresses, and no registrations in paths.
 */

/** A full batch of events can pass the platform's usual body limit; this is the batch's own (platform/src/index.ts). */
export const EVENTS_MAX_BODY_BYTES = 128 * 1024;
const MAX_PROPERTIES = 20;
const MAX_EXPERIMENTS = 10;
const MAX_VALUE_LENGTH = 200;
const MAX_PATH_LENGTH = 200;
/** A device clock that runs ahead is normal; a day ahead is not a real event. */
const MAX_CLOCK_AHEAD_MS = 86_400_000;
export const DEFAULT_EVENTS_RATE_LIMIT = 30;
const MINUTE_MS = 60_000;

const EVENT_FIELDS = new Set(['name', 'path', 'occurredAt', 'properties', 'campaign', 'experiments']);
const NAME = /^[a-z][a-z0-9_]{1,47}$/;
const PROPERTY_KEY = /^[A-Za-z][A-Za-z0-9_]{0,47}$/;
const EXPERIMENT_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const REQUESTER_ID = /^[A-Za-z0-9._:-]{1,100}$/;

type Result<T> = { ok: true; value: T } | { ok: false; message: string };
const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A registration in a path ('/KE19FTA/accept-offer') says whose car it is: it is kept as '{vrm}',
 * which is all a funnel needs.
 */
export function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (isValidVrm(segment) ? '{vrm}' : segment))
    .join('/');
}

/** A flat map of text: keys matching the pattern (or from the list), values of up to 200 characters. */
function checkStrings(
  value: unknown,
  where: string,
  max: number,
  keys: RegExp | readonly string[],
): Result<Record<string, string> | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (!isPlainObject(value)) return fail(`${where} must be an object`);
  const entries = Object.entries(value);
  if (entries.length > max) return fail(`${where} may have at most ${max} entries`);
  for (const [k, v] of entries) {
    if (keys instanceof RegExp ? !keys.test(k) : !keys.includes(k)) return fail(`${where}.${k} is not allowed`);
    if (typeof v !== 'string' || v.length > MAX_VALUE_LENGTH)
      return fail(`${where}.${k} must be text of at most ${MAX_VALUE_LENGTH} characters`);
  }
  return { ok: true, value: value as Record<string, string> };
}

export function validateEvent(input: unknown, where: string, now: Date): Result<AnalyticsEvent> {
  if (!isPlainObject(input)) return fail(`${where} must be an object`);
  const unknown = Object.keys(input).filter((k) => !EVENT_FIELDS.has(k));
  if (unknown.length) return fail(`${where} has fields that events do not carry: ${unknown.join(', ')}`);
  const { name, path, occurredAt, properties, campaign, experiments } = input;

  if (typeof name !== 'string' || !NAME.test(name)) return fail(`${where}.name must be snake_case, 2 to 48 characters`);
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > MAX_PATH_LENGTH)
    return fail(`${where}.path must start with / and be at most ${MAX_PATH_LENGTH} characters`);
  if (/[?#\s]/.test(path)) return fail(`${where}.path must be a path alone, without a query string, fragment or spaces`);
  if (typeof occurredAt !== 'string' || !ISO_DATE.test(occurredAt) || !Number.isFinite(Date.parse(occurredAt)))
    return fail(`${where}.occurredAt must be an ISO 8601 date and time`);
  const at = Date.parse(occurredAt);
  if (at > now.getTime() + MAX_CLOCK_AHEAD_MS) return fail(`${where}.occurredAt is in the future`);

  let props: Record<string, EventValue> | undefined;
  if (properties !== undefined) {
    if (!isPlainObject(properties)) return fail(`${where}.properties must be an object`);
    const entries = Object.entries(properties);
    if (entries.length > MAX_PROPERTIES) return fail(`${where}.properties may have at most ${MAX_PROPERTIES} entries`);
    for (const [k, v] of entries) {
      const field = `${where}.properties.${k}`;
      if (!PROPERTY_KEY.test(k)) return fail(`${where}.properties has a key that is not a plain name: ${k.slice(0, 50)}`);
      if (typeof v === 'string') {
        if (v.length > MAX_VALUE_LENGTH) return fail(`${field} must be at most ${MAX_VALUE_LENGTH} characters`);
        if (EMAIL.test(v)) return fail(`${field} looks like an e-mail address; events carry no personal data`);
      } else if (!(v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)))) {
        return fail(`${field} must be text, a number, true/false or null`);
      }
    }
    props = properties as Record<string, EventValue>;
  }
  const checkedCampaign = checkStrings(campaign, `${where}.campaign`, CAMPAIGN_KEYS.length, CAMPAIGN_KEYS);
  if (!checkedCampaign.ok) return checkedCampaign;
  const checkedExperiments = checkStrings(experiments, `${where}.experiments`, MAX_EXPERIMENTS, EXPERIMENT_KEY);
  if (!checkedExperiments.ok) return checkedExperiments;

  const event: AnalyticsEvent = { name, path: redactPath(path), occurredAt: new Date(at).toISOString() };
  if (props) event.properties = props;
  if (checkedCampaign.value) event.campaign = checkedCampaign.value;
  if (checkedExperiments.value) event.experiments = checkedExperiments.value;
  return { ok: true, value: event };
}

/** The body of POST /platform/events: {events: AnalyticsEvent[]}, 1 to 20 of them, all valid or none taken. */
export function validateEvents(body: unknown, now: Date): Result<AnalyticsEvent[]> {
  if (!isPlainObject(body) || !Array.isArray(body.events)) return fail('The body must be {"events": [...]}');
  if (body.events.length < 1 || body.events.length > MAX_EVENTS_PER_REQUEST)
    return fail(`Send 1 to ${MAX_EVENTS_PER_REQUEST} events at a time`);
  const events: AnalyticsEvent[] = [];
  for (const [i, input] of body.events.entries()) {
    const checked = validateEvent(input, `events[${i}]`, now);
    if (!checked.ok) return checked;
    events.push(checked.value);
  }
  return { ok: true, value: events };
}

/** POST /platform/events {events} → 202 {accepted}; x-requester-id says whose events they are. */
export const recordEvents: TypedHandler<typeof endpoints.shell.events> = async ({ body }, ctx) => {
  const { request, env } = ctx;
  const requesterId = request.headers.get('x-requester-id');
  if (!requesterId) return ctx.outcome({ status: 400, code: 'bad_request', message: 'The x-requester-id header is required' });
  if (!REQUESTER_ID.test(requesterId))
    return ctx.outcome({
      status: 400,
      code: 'bad_request',
      message: 'The x-requester-id header must be up to 100 letters, digits or ._:-',
    });

  const now = clockNow();
  const limit = intVar(env.EVENTS_RATE_LIMIT, DEFAULT_EVENTS_RATE_LIMIT);
  // Per requester, and per client address too: a script without cookies is a new requester each time.
  const clientIp = request.headers.get('x-client-ip');
  const checks = [hitRateLimit(env.DB, `events:${requesterId}`, limit, MINUTE_MS, now.getTime())];
  if (clientIp) checks.push(hitRateLimit(env.DB, `events-ip:${clientIp}`, limit * 4, MINUTE_MS, now.getTime()));
  const limited = (await Promise.all(checks)).find((rate) => !rate.allowed);
  if (limited) {
    ctx.exec.waitUntil(pruneRateLimits(env.DB, now.getTime() - 10 * MINUTE_MS));
    return ctx.outcome({
      status: 429,
      code: 'too_many_requests',
      message: 'Too many events; try again in a minute',
      headers: { 'retry-after': String(limited.retryAfterSeconds) },
    });
  }

  const checked = validateEvents(body, now);
  if (!checked.ok) return ctx.outcome({ status: 400, code: 'bad_request', message: checked.message });

  // Analytics must not fail for a seller whose token just lapsed: their events count as anonymous.
  const caller = await authenticate(request, env);
  const userId = caller !== 'invalid' && caller.kind === 'customer' ? caller.user.id : null;
  await storeEvents(env.DB, { requesterId, userId }, checked.value, now.toISOString());
  return ctx.accepted({ accepted: checked.value.length });
};

export function toStoredEvent(row: EventRow): StoredAnalyticsEvent {
  const event: StoredAnalyticsEvent = {
    id: row.id,
    requesterId: row.requester_id,
    userId: row.user_id,
    name: row.name,
    path: row.path,
    occurredAt: row.occurred_at,
  };
  if (row.properties) event.properties = JSON.parse(row.properties) as StoredAnalyticsEvent['properties'];
  if (row.campaign) event.campaign = JSON.parse(row.campaign) as Record<string, string>;
  if (row.experiments) event.experiments = JSON.parse(row.experiments) as Record<string, string>;
  return event;
}

/** GET /platform/dev/events?requesterId=: what was recorded, oldest first (development and tests only). */
export const devEvents: TypedHandler<typeof endpoints.dev.events> = async ({ query }, ctx) => {
  if (!devEndpointsOn(ctx.env)) return ctx.outcome({ status: 404, code: 'not_found', message: 'No such endpoint' });
  // Without a requester: the latest events of everyone, for a developer watching the stream.
  return { events: (await latestEvents(ctx.env.DB, query.requesterId || null)).map(toStoredEvent) };
};

/**
 * The campaign a sign-up or an enquiry came with (docs/behaviour/states.md: sent with sign-up and enquiry
 * creation), as JSON for its column, or null. A malformed campaign is dropped rather than refused:
 * attribution must never stop a seller from signing up or getting a valuation.
 */
export function campaignColumn(value: unknown): string | null {
  const checked = checkStrings(value, 'campaign', CAMPAIGN_KEYS.length, CAMPAIGN_KEYS);
  return checked.ok && checked.value && Object.keys(checked.value).length ? JSON.stringify(checked.value) : null;
}
