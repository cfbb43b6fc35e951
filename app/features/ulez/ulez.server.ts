import { ulezErrorCode, type UlezCheckResponse, type UlezErrorCode } from '../../../contract/ulez';
import { GatewayError, type GatewayClient } from '../../lib/gateway.server';

export type UlezOutcome = { ok: true; result: UlezCheckResponse } | { ok: false; code: UlezErrorCode | 'default' };

/** Statuses the check answers with a {code} body: outcomes to show as the checker's panels. */
const CHECK_OUTCOME_STATUSES = [400, 404, 409, 429, 500, 502, 503, 504] as const;

/** POST /platform/v3/ulez/check {vrm}; a gateway that is down, slow or garbled is the default panel. */
export async function checkUlez(gateway: GatewayClient, vrm: string): Promise<UlezOutcome> {
  try {
    const { status, data } = await gateway.request<UlezCheckResponse | { code?: string } | null>('POST', '/platform/v3/ulez/check', {
      body: { vrm },
      allowStatuses: CHECK_OUTCOME_STATUSES,
    });
    if (status === 200 && data && 'vehicle' in data) return { ok: true, result: data };
    return { ok: false, code: ulezErrorCode((data as { code?: string } | null)?.code) };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.warn(JSON.stringify({ event: 'ulez_check.failed', status: error.status, message: error.message }));
    return { ok: false, code: 'default' };
  }
}

/** What the session keeps of the last result (spec 1 §9 ulezVehicleData): enough to show it again. */
export type UlezVehicleData = Pick<UlezCheckResponse, 'isCompliant' | 'euroStatus' | 'basis' | 'vehicle' | 'checkedAt'>;

export function keepUlezResult(result: UlezCheckResponse): UlezVehicleData {
  const { isCompliant, euroStatus, basis, vehicle, checkedAt } = result;
  return { isCompliant, euroStatus, basis, vehicle, checkedAt };
}

declare module '~/lib/session.server' {
  interface SessionData {
    /** The ULEZ checker's last result (spec 1 §9 ulezVehicleData), so a reload shows it. */
    ulezVehicleData?: UlezVehicleData;
  }
}
