import { isValidVrm, normaliseVrm } from '../../contract/vrm';
import { intVar, type PlatformEnv } from './env';
import { errorResponse } from './http';
import { issuedMarkProblem } from './plates';
import { hitRateLimit, pruneRateLimits } from './rate-limit';
import { findRegistered, PROVIDER_FAILURES, SLOW_PROVIDER_DELAY_MS, SLOW_PROVIDER_VRM } from './register';
import { sleep } from './util';
import { clientKey, DEFAULT_LOOKUP_RATE_LIMIT } from './vehicles';

/** What the free tools (MOT, tax and ULEZ checks) share: the lookup's limits and its answers for a registration. */

const MINUTE_MS = 60_000;

/**
 * The tools are limited like the lookup (LOOKUP_RATE_LIMIT a minute per client), each on its own
 * counter so that checking an MOT does not use up a seller's valuations.
 */
export async function toolRateLimited(request: Request, env: PlatformEnv, ctx: ExecutionContext, tool: string): Promise<Response | null> {
  const now = Date.now();
  const rate = await hitRateLimit(env.DB, `${tool}:${clientKey(request)}`, intVar(env.LOOKUP_RATE_LIMIT, DEFAULT_LOOKUP_RATE_LIMIT), MINUTE_MS, now);
  if (rate.allowed) return null;
  ctx.waitUntil(pruneRateLimits(env.DB, now - 10 * MINUTE_MS));
  const response = errorResponse(429, 'too_many_requests', 'Too many checks; try again in a minute');
  response.headers.set('retry-after', String(rate.retryAfterSeconds));
  return response;
}

export type Registered = NonNullable<Awaited<ReturnType<typeof findRegistered>>>;

/**
 * The registered vehicle, or the lookup's answer for a registration that cannot be asked about
 * (malformed, never issued, a sandbox provider failure, not in the register). `provider` names the
 * outside service in the message of a slow answer.
 */
export async function toolVehicle(vrmParam: string, env: PlatformEnv, provider: string): Promise<{ error: Response } | { vrm: string; registered: Registered }> {
  const vrm = normaliseVrm(vrmParam);
  if (!isValidVrm(vrm)) return { error: errorResponse(400, 'invalid_vrm', 'Not a UK registration mark') };
  const problem = issuedMarkProblem(vrm, new Date());
  if (problem) return { error: errorResponse(400, 'invalid_vrm', `Not a registration DVLA issues: ${problem}`) };
  const failure = PROVIDER_FAILURES[vrm];
  if (failure) return { error: errorResponse(failure.status, failure.code, failure.message) };
  if (vrm === SLOW_PROVIDER_VRM) {
    await sleep(SLOW_PROVIDER_DELAY_MS);
    return { error: errorResponse(504, 'vehicle_generation_failure', `The ${provider} provider did not answer in time`) };
  }
  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return { error: errorResponse(404, 'vehicle_lookup_failed', 'No vehicle found with that registration') };
  return { vrm, registered };
}
