import { toLookupErrorCode, type LookupErrorCode } from '../../../contract/vehicles';
import type { VehicleTax, VehicleTaxResponse } from '../../../contract/tax';
import { GatewayError, type GatewayClient } from '../../lib/gateway.server';

/** `outage`: the platform failed rather than answered (the page says so with a 503, not a 400). */
export type TaxCheckOutcome = { ok: true; tax: VehicleTax } | { ok: false; code: LookupErrorCode; outage: boolean };

/** Statuses the tax check answers with a {code} body: outcomes to show, like the lookup's. */
const OUTCOME_STATUSES = [400, 404, 409, 422, 429, 500, 502, 503, 504] as const;

/**
 * GET /platform/vehicle-checker/tax/{vrm}. Every answer becomes an outcome with a lookup code
 * (spec 1 §8), so the tool shows the hero's panels; a gateway that is down or slow is the default
 * panel, never an error page.
 */
export async function checkVehicleTax(gateway: GatewayClient, vrm: string): Promise<TaxCheckOutcome> {
  try {
    const { status, data } = await gateway.request<Partial<VehicleTaxResponse> | null>('GET', `/platform/vehicle-checker/tax/${encodeURIComponent(vrm)}`, {
      allowStatuses: OUTCOME_STATUSES,
    });
    if (data?.code === 'ok' && data.tax) return { ok: true, tax: data.tax };
    return { ok: false, code: toLookupErrorCode(data?.code), outage: status >= 500 };
  } catch (error) {
    if (error instanceof GatewayError) {
      console.warn(JSON.stringify({ event: 'tax_check.failed', status: error.status, message: error.message }));
      return { ok: false, code: 'bad_request', outage: true };
    }
    throw error;
  }
}
