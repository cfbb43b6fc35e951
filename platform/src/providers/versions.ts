import { isProvidersVersions, PROVIDERS_VERSIONS_HEADER } from '../../../contract/gateway';
import { MODULUS_TABLE_VERSION } from '../../../contract/modulus-tables';

/**
 * The version of each outside data provider the platform answers from. A provider's version moves
 * when what it answers for the same question may change: a new register extract, a new valuation
 * model, new bidding rules, new bank modulus tables. The app sends the versions it last heard back
 * on every call (docs/behaviour/gateway.md#auth-headers), and the platform logs what it was sent.
 */
export const PROVIDERS_VERSIONS = {
  bidding: '1',
  modulus: MODULUS_TABLE_VERSION,
  mot: '2026-11',
  register: '2026-11',
  valuation: '1',
} as const satisfies Record<string, string>;

/** The header value: `name=version` pairs, names sorted, as contract/gateway.ts describes it. */
export function providersVersionsValue(versions: Record<string, string> = PROVIDERS_VERSIONS): string {
  return Object.keys(versions)
    .sort()
    .map((name) => `${name}=${versions[name]}`)
    .join(',');
}

const CURRENT = providersVersionsValue();

/** Names the providers' versions on an answer (a new Response when its headers cannot change). */
export function withProvidersVersions(response: Response): Response {
  try {
    response.headers.set(PROVIDERS_VERSIONS_HEADER, CURRENT);
    return response;
  } catch {
    // A response passed through from a fetch has immutable headers.
    const copy = new Response(response.body, response);
    copy.headers.set(PROVIDERS_VERSIONS_HEADER, CURRENT);
    return copy;
  }
}

/**
 * What a caller said it knows of the providers' versions: `null` when it said nothing (its first
 * call, or a caller that never heard), `current` when it matches, else `stale` (it is working from
 * an older provider's answers) or `invalid` (not a value the platform ever sends).
 */
export function providersVersionsState(sent: string | null): 'current' | 'stale' | 'invalid' | null {
  if (sent === null) return null;
  if (!isProvidersVersions(sent)) return 'invalid';
  return sent === CURRENT ? 'current' : 'stale';
}
