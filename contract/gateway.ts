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
