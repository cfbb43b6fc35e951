import { toLookupErrorCode, type Enquiry, type LookupErrorCode, type MotHistory, type Vehicle } from '../../../contract/vehicles';
import { type LookupResponse } from '../../../contract/lookup';
import { formFailure } from '../../lib/forms/form-failure.server';
import { GatewayError, type GatewayClient } from '../../lib/gateway.server';
import type { LookupVehicle } from './lookup-state';

/**
 * `status` says how the lookup failed: the platform's own status for an answered outcome, or the
 * status of a failure of the platform itself (formFailure: 503, 504 or 429).
 */
export type LookupOutcome = { ok: true; response: LookupResponse; vehicle: Vehicle } | { ok: false; code: LookupErrorCode; status: number };

/** Statuses the lookup answers with a {code} body: they are outcomes to show, not failures. */
const LOOKUP_OUTCOME_STATUSES = [400, 404, 409, 422, 429, 500, 502, 503] as const;

/**
 * POST /platform/vehicles/lookup. Every answer becomes an outcome with a code of spec 1 §8;
 * a gateway that is down or slow is the default panel (bad_request), never an error page.
 */
export async function lookupVehicle(gateway: GatewayClient, vrm: string, mode: 'value' | 'add' = 'value'): Promise<LookupOutcome> {
  try {
    const { data, status } = await gateway.request<Partial<LookupResponse> | null>('POST', '/platform/vehicles/lookup', {
      body: { vrm, mode },
      allowStatuses: LOOKUP_OUTCOME_STATUSES,
    });
    if (data?.code === 'ok' && data.vehicle) return { ok: true, response: data as LookupResponse, vehicle: data.vehicle };
    // A success without a vehicle is not an answer we can use: the platform failed.
    return { ok: false, code: toLookupErrorCode(data?.code), status: status < 400 ? 503 : status };
  } catch (error) {
    const failure = formFailure(error, '');
    if (failure) {
      console.warn(JSON.stringify({ event: 'lookup.failed', status: (error as GatewayError).status, message: (error as GatewayError).message }));
      return { ok: false, code: 'bad_request', status: failure.status };
    }
    throw error;
  }
}

/** GET /platform/vehicles/{vrm}: null when the register has no such vehicle. */
export async function getVehicle(gateway: GatewayClient, vrm: string): Promise<Vehicle | null> {
  try {
    return await gateway.get<Vehicle>(`/platform/vehicles/${encodeURIComponent(vrm)}`);
  } catch (error) {
    if (error instanceof GatewayError && error.status === 404) return null;
    throw error;
  }
}

export async function getMotHistory(gateway: GatewayClient, vrm: string): Promise<MotHistory> {
  return gateway.get<MotHistory>(`/platform/vehicles/${encodeURIComponent(vrm)}/mot-history`);
}

/** The part of a gateway vehicle the lookup state keeps (it travels in the session cookie). */
export function toLookupVehicle(vehicle: Vehicle, response?: Pick<LookupResponse, 'enquiry'>): LookupVehicle {
  return {
    id: vehicle.id,
    vrm: vehicle.vrm,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    colour: vehicle.colour,
    fuel: vehicle.fuel,
    mileageEst: vehicle.mileageEst,
    mileageLastMot: vehicle.mileageLastMot,
    last_mot_date: vehicle.last_mot_date,
    firstRegistration: vehicle.monthOfFirstRegistration,
    enquiry: response?.enquiry ? toLookupEnquiry(response.enquiry) : null,
  };
}

/** The enquiry fields the lookup state keeps. */
export function toLookupEnquiry(enquiry: Enquiry): NonNullable<LookupVehicle['enquiry']> {
  return {
    id: enquiry.id,
    mileage: enquiry.mileage,
    expired: enquiry.expired,
    dpEnquiryId: enquiry.dpEnquiryId,
    dpStateSlug: enquiry.dpStateSlug,
    marketplaceEligible: enquiry.marketplaceEligible,
    partnerId: enquiry.partnerId,
  };
}
