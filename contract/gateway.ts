/**
 * What every call between the app and the platform shares: the header that proves a call comes
 * from the app, the body of every non-OK answer, and the health check. The endpoints themselves are
 * in endpoints.ts; the shapes they carry live with their feature (vehicles.ts, accounts.ts, …).
 */

/**
 * The header that says a request comes from the app: its value is the secret both workers share
 * (GATEWAY_SECRET). The platform believes what only the app may assert (x-client-ip,
 * x-requester-id, the development endpoints) from nobody else.
 */
export const GATEWAY_SECRET_HEADER = 'x-kerbside-gateway-secret';

/** Every non-OK answer of the platform has this body. */
export interface GatewayErrorBody {
  code: string;
  message: string;
}

export interface HealthResponse {
  status: 'ok';
  service: 'kerbside-platform';
  registerVehicles: number;
}

/**
 * The versions of the outside data providers the platform answers from (the vehicle register, the
 * MOT history, the valuation model, the dealers' bidding, the bank modulus tables): every answer
 * of the platform names them in this header, and the app sends back the last versions it was told
 * (spec §7.3, "a providers-versions header when known"), so the platform can see a caller working
 * from answers of an older provider, e.g. a page cached across a provider's update.
 * Value: `name=version` pairs, comma-separated, names sorted: `bidding=2,mot=2026-11,…`.
 */
export const PROVIDERS_VERSIONS_HEADER = 'x-providers-versions';

/**
 * The header that names the seller's browsing session on calls the app makes while answering a
 * form the seller posted from one of its own pages (spec §7.3, "an optional session-id header is
 * sent on same-origin POSTs"): unlike the requester id it survives signing in and out, so the
 * platform can tie an enquiry made before sign-up to the sign-up that followed.
 */
export const SESSION_ID_HEADER = 'x-session-id';

/** A providers-versions value worth keeping or believing: a few short `name=version` pairs, nothing else. */
export function isProvidersVersions(value: string | null | undefined): value is string {
  return (
    !!value &&
    value.length <= 200 &&
    /^[a-z][a-z0-9_-]{0,31}=[A-Za-z0-9._-]{1,32}(,[a-z][a-z0-9_-]{0,31}=[A-Za-z0-9._-]{1,32}){0,9}$/.test(value)
  );
}

/** A session id worth believing: the app's own ids are UUIDs. */
export function isSessionId(value: string | null | undefined): value is string {
  return !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}
