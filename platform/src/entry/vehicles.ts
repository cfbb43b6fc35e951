import type { LookupResponse } from '../../../contract/lookup';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { toUser, vehicleLimit } from './account-view';
import { authenticate, invalidToken, ownerKey } from '../auth';
import { findEnquiry, toEnquiry } from '../records/enquiries';
import { intVar, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { issuedMarkProblem } from '../providers/plates';
import { clientKey, DEFAULT_LOOKUP_RATE_LIMIT, hitRateLimit, pruneRateLimits } from '../records/rate-limits';
import { sleep } from '../util';
import {
  findRegistered,
  PROVIDER_FAILURES,
  SLOW_PROVIDER_DELAY_MS,
  SLOW_PROVIDER_VRM,
  toMotHistory,
  toVehicle,
  vehicleId,
} from '../providers/register';
import { clockNow, clockNowMs } from '../clock';

const MINUTE_MS = 60_000;

function lookupFailure(status: number, code: string, message: string, headers: HeadersInit = {}): Response {
  const body: LookupResponse = { code: code as LookupResponse['code'], customer: null, enquiry: null, error: { message }, vehicle: null };
  return json(body, status, headers);
}

/** POST /platform/vehicles/lookup {vrm} → {code, customer, enquiry, error, vehicle} (docs/behaviour/entry.md#calls). */
export async function lookup(request: Request, env: PlatformEnv, ctx: ExecutionContext): Promise<Response> {
  const now = clockNowMs();
  const limit = intVar(env.LOOKUP_RATE_LIMIT, DEFAULT_LOOKUP_RATE_LIMIT);
  const rate = await hitRateLimit(env.DB, `lookup:${clientKey(request)}`, limit, MINUTE_MS, now);
  if (!rate.allowed) {
    ctx.waitUntil(pruneRateLimits(env.DB, now - 10 * MINUTE_MS));
    return lookupFailure(429, 'too_many_requests', 'Too many vehicle lookups; try again in a minute', {
      'retry-after': String(rate.retryAfterSeconds),
    });
  }

  const body = await readJsonObject(request);
  if (typeof body?.vrm !== 'string') return lookupFailure(400, 'bad_request', 'vrm is required');
  const vrm = normaliseVrm(body.vrm);
  if (!isValidVrm(vrm)) return lookupFailure(400, 'invalid_vrm', 'Not a UK registration mark');
  const problem = issuedMarkProblem(vrm, new Date(now));
  if (problem) return lookupFailure(400, 'invalid_vrm', `Not a registration DVLA issues: ${problem}`);

  const failure = PROVIDER_FAILURES[vrm];
  if (failure) return lookupFailure(failure.status, failure.code, failure.message);
  if (vrm === SLOW_PROVIDER_VRM) {
    await sleep(SLOW_PROVIDER_DELAY_MS);
    return lookupFailure(504, 'vehicle_generation_failure', 'The vehicle register did not answer in time');
  }

  const caller = await authenticate(request, env);
  if (caller === 'invalid') return invalidToken();

  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return lookupFailure(404, 'vehicle_lookup_failed', 'No vehicle found with that registration');
  const id = await vehicleId(env.DB, vrm);

  // A signed-in seller's lookup adds the vehicle to their account, within the account's limit.
  if (caller.kind === 'customer') {
    const held = await env.DB.prepare('SELECT vehicle_id FROM customer_vehicles WHERE customer_id = ?1')
      .bind(caller.user.id)
      .all<{ vehicle_id: number }>();
    const already = held.results.some((r) => r.vehicle_id === id);
    if (already && body?.mode === 'add') return lookupFailure(409, 'vehicle_already_added', 'You have already added this vehicle');
    if (!already && held.results.length >= vehicleLimit(env)) {
      return lookupFailure(409, 'exceeded', 'You have reached the maximum number of vehicles in your account');
    }
    if (!already) {
      await env.DB.prepare('INSERT INTO customer_vehicles (customer_id, vehicle_id, added_at) VALUES (?1, ?2, ?3)')
        .bind(caller.user.id, id, new Date(now).toISOString())
        .run();
    }
  }
  const enquiry = await findEnquiry(env.DB, ownerKey(caller), vrm);
  const response: LookupResponse = {
    code: 'ok',
    customer: caller.kind === 'customer' ? await toUser(env, caller.user, true) : null,
    enquiry: enquiry ? toEnquiry(enquiry, new Date(now)) : null,
    error: null,
    vehicle: toVehicle(id, registered.row, registered.tests, new Date(now)),
  };
  return json(response);
}

/** GET /platform/vehicles/{vrm}: the vehicle as the register and provider describe it. */
export async function getVehicle(_request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  const vrm = normaliseVrm(params.vrm ?? '');
  if (!isValidVrm(vrm)) return errorResponse(400, 'invalid_vrm', 'Not a UK registration mark');
  const failure = PROVIDER_FAILURES[vrm];
  if (failure && failure.status >= 500) return errorResponse(failure.status, failure.code, failure.message);
  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return errorResponse(404, 'vehicle_not_found', 'No vehicle found with that registration');
  const id = await vehicleId(env.DB, vrm);
  return json(toVehicle(id, registered.row, registered.tests, clockNow()));
}

/** GET /platform/vehicles/{vrm}/mot-history: DVSA-shaped, from a provider that takes its time. */
export async function getMotHistory(_request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  const vrm = normaliseVrm(params.vrm ?? '');
  if (!isValidVrm(vrm)) return errorResponse(400, 'invalid_vrm', 'Not a UK registration mark');
  await sleep(intVar(env.PROVIDER_LATENCY_MS, 250));
  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return errorResponse(404, 'vehicle_not_found', 'No MOT history for that registration');
  return json(toMotHistory(registered.row, registered.tests));
}
