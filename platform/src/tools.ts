import type { ToolOutcomes } from '../../contract/endpoints';
import { isValidVrm, normaliseVrm } from '../../contract/vrm';
import { intVar, type PlatformEnv } from './env';
import { issuedMarkProblem } from './providers/plates';
import { clientKey, DEFAULT_LOOKUP_RATE_LIMIT, hitRateLimit, pruneRateLimits } from './records/rate-limits';
import { findRegistered, PROVIDER_FAILURES, SLOW_PROVIDER_DELAY_MS, SLOW_PROVIDER_VRM } from './providers/register';
import { sleep } from './util';
import { clockNow, clockNowMs } from './clock';

/**
 * What the free tools (MOT, tax and ULEZ checks) share: the lookup's limits and its answers for a
 * registration. Failures are returned, not answered, so each endpoint words them in its own body.
 */

const MINUTE_MS = 60_000;

/** A tool's failure: a status and code the tools' entries declare (TOOL_OUTCOMES), with its words. */
export type ToolFailure = {
  [S in keyof ToolOutcomes]: { status: S; code: ToolOutcomes[S][number]; message: string; headers?: Record<string, string> };
}[keyof ToolOutcomes];

/**
 * The tools are limited like the lookup (LOOKUP_RATE_LIMIT a minute per client), each on its own
 * counter so that checking an MOT does not use up a seller's valuations.
 */
export async function toolRateLimited(
  request: Request,
  env: PlatformEnv,
  ctx: ExecutionContext,
  tool: string,
): Promise<ToolFailure | null> {
  const now = clockNowMs();
  const rate = await hitRateLimit(
    env.DB,
    `${tool}:${clientKey(request)}`,
    intVar(env.LOOKUP_RATE_LIMIT, DEFAULT_LOOKUP_RATE_LIMIT),
    MINUTE_MS,
    now,
  );
  if (rate.allowed) return null;
  ctx.waitUntil(pruneRateLimits(env.DB, now - 10 * MINUTE_MS));
  return {
    status: 429,
    code: 'too_many_requests',
    message: 'Too many checks; try again in a minute',
    headers: { 'retry-after': String(rate.retryAfterSeconds) },
  };
}

export type Registered = NonNullable<Awaited<ReturnType<typeof findRegistered>>>;

/**
 * The registered vehicle, or the lookup's answer for a registration that cannot be asked about
 * (malformed, never issued, a sandbox provider failure, not in the register). `provider` names the
 * outside service in the message of a slow answer.
 */
export async function toolVehicle(
  vrmParam: string,
  env: PlatformEnv,
  provider: string,
): Promise<{ failure: ToolFailure } | { vrm: string; registered: Registered }> {
  const vrm = normaliseVrm(vrmParam);
  if (!isValidVrm(vrm)) return { failure: { status: 400, code: 'invalid_vrm', message: 'Not a UK registration mark' } };
  const problem = issuedMarkProblem(vrm, clockNow());
  if (problem) return { failure: { status: 400, code: 'invalid_vrm', message: `Not a registration DVLA issues: ${problem}` } };
  const simulated = PROVIDER_FAILURES[vrm];
  if (simulated) return { failure: simulated as ToolFailure };
  if (vrm === SLOW_PROVIDER_VRM) {
    await sleep(SLOW_PROVIDER_DELAY_MS);
    return { failure: { status: 504, code: 'vehicle_generation_failure', message: `The ${provider} provider did not answer in time` } };
  }
  const registered = await findRegistered(env.DB, vrm);
  if (!registered) return { failure: { status: 404, code: 'vehicle_lookup_failed', message: 'No vehicle found with that registration' } };
  return { vrm, registered };
}
