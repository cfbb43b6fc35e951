import type { endpoints } from '../../../contract/endpoints';
import type { LookupResponse } from '../../../contract/lookup';
import { isValidVrm, normaliseVrm } from '../../../contract/vrm';
import { toUser, vehicleLimit } from './account-view';
import { ownerKey } from '../auth';
import { findEnquiry, toEnquiry } from '../records/enquiries';
import { intVar } from '../env';
import { issuedMarkProblem } from '../providers/plates';
import { clientKey, DEFAULT_LOOKUP_RATE_LIMIT, hitRateLimit, pruneRateLimits } from '../records/rate-limits';
import type { DeclaredOutcome, TypedHandler } from '../router';
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
import { accountVehicleIds, addAccountVehicle } from './store';

const MINUTE_MS = 60_000;

type LookupFailure = DeclaredOutcome<typeof endpoints.entry.lookup> & { message: string; headers?: Record<string, string> };

/**
 * POST /platform/vehicles/lookup {vrm} → {code, customer, enquiry, error, vehicle} (docs/behaviour/entry.md#calls).
 * A failure's body is the lookup's own shape too, with nothing but its code and words.
 */
export const lookup: TypedHandler<typeof endpoints.entry.lookup> = async ({ body, caller }, ctx) => {
  const failed = (failure: LookupFailure) =>
    ctx.outcome({
      ...failure,
      extra: { customer: null, enquiry: null, error: { message: failure.message }, vehicle: null } satisfies Omit<LookupResponse, 'code'>,
    });
  const { env } = ctx;
  const now = clockNowMs();
  const limit = intVar(env.LOOKUP_RATE_LIMIT, DEFAULT_LOOKUP_RATE_LIMIT);
  const rate = await hitRateLimit(env.DB, `lookup:${clientKey(ctx.request)}`, limit, MINUTE_MS, now);
  if (!rate.allowed) {
    ctx.exec.waitUntil(pruneRateLimits(env.DB, now - 10 * MINUTE_MS));
    return failed({
      status: 429,
      code: 'too_many_requests',
      message: 'Too many vehicle lookups; try again in a minute',
      headers: { 'retry-after': String(rate.retryAfterSeconds) },
    });
  }

  if (typeof body.vrm !== 'string') return failed({ status: 400, code: 'bad_request', message: 'vrm is required' });
  const vrm = normaliseVrm(body.vrm);
  if (!isValidVrm(vrm)) return failed({ status: 400, code: 'invalid_vrm', message: 'Not a UK registration mark' });
  const problem = issuedMarkProblem(vrm, new Date(now));
  if (problem) return failed({ status: 400, code: 'invalid_vrm', message: `Not a registration DVLA issues: ${problem}` });

  const failure = PROVIDER_FAILURES[vrm];
  if (failure) return failed(failure as LookupFailure);
  if (vrm === SLOW_PROVIDER_VRM) {
    await sleep(SLOW_PROVIDER_DELAY_MS);
    return failed({ status: 504, code: 'vehicle_generation_failure', message: 'The vehicle register did not answer in time' });
  }

  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return failed({ status: 404, code: 'vehicle_lookup_failed', message: 'No vehicle found with that registration' });
  const id = await vehicleId(env.DB, vrm);

  // A signed-in seller's lookup adds the vehicle to their account, within the account's limit.
  if (caller.kind === 'customer') {
    const held = await accountVehicleIds(env.DB, caller.user.id);
    const already = held.includes(id);
    if (already && body.mode === 'add') {
      return failed({ status: 409, code: 'vehicle_already_added', message: 'You have already added this vehicle' });
    }
    if (!already && held.length >= vehicleLimit(env)) {
      return failed({ status: 409, code: 'exceeded', message: 'You have reached the maximum number of vehicles in your account' });
    }
    if (!already) await addAccountVehicle(env.DB, caller.user.id, id, new Date(now).toISOString());
  }
  const enquiry = await findEnquiry(env.DB, ownerKey(caller), vrm);
  return {
    code: 'ok',
    customer: caller.kind === 'customer' ? await toUser(env, caller.user, true) : null,
    enquiry: enquiry ? toEnquiry(enquiry, new Date(now)) : null,
    error: null,
    vehicle: toVehicle(id, registered.row, registered.tests, new Date(now)),
  } satisfies LookupResponse;
};

/** GET /platform/vehicles/{vrm}: the vehicle as the register and provider describe it. */
export const getVehicle: TypedHandler<typeof endpoints.entry.vehicle> = async ({ params }, ctx) => {
  const vrm = normaliseVrm(params.vrm);
  if (!isValidVrm(vrm)) return ctx.outcome({ status: 400, code: 'invalid_vrm', message: 'Not a UK registration mark' });
  const failure = PROVIDER_FAILURES[vrm];
  // The register failing is no answer about the vehicle (the entry's note): a failure, as it came.
  if (failure && failure.status >= 500) return ctx.fail(failure as Parameters<typeof ctx.fail>[0]);
  const registered = await findRegistered(ctx.env.DB, vrm);
  if (!registered) return ctx.outcome({ status: 404, code: 'vehicle_not_found', message: 'No vehicle found with that registration' });
  const id = await vehicleId(ctx.env.DB, vrm);
  return toVehicle(id, registered.row, registered.tests, clockNow());
};

/** GET /platform/vehicles/{vrm}/mot-history: DVSA-shaped, from a provider that takes its time. */
export const getMotHistory: TypedHandler<typeof endpoints.entry.motHistory> = async ({ params }, ctx) => {
  const vrm = normaliseVrm(params.vrm);
  if (!isValidVrm(vrm)) return ctx.outcome({ status: 400, code: 'invalid_vrm', message: 'Not a UK registration mark' });
  await sleep(intVar(ctx.env.PROVIDER_LATENCY_MS, 250));
  const registered = await findRegistered(ctx.env.DB, vrm);
  if (!registered) return ctx.outcome({ status: 404, code: 'vehicle_not_found', message: 'No MOT history for that registration' });
  return toMotHistory(registered.row, registered.tests);
};
