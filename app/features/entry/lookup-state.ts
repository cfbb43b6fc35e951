import type { Enquiry, LookupErrorCode, Make } from '../../../contract/vehicles';

/**
 * The vehicle lookup state of docs/behaviour/entry.md#lookup-state: one vehicle at a time, or the error of the last lookup.
 * It lives in the session (docs/behaviour/principles.md#rule-3), so a reload, a second tab and a browser without JS
 * all see the same step. Kept small: it travels in the session cookie.
 */
export interface LookupVehicle {
  id: number;
  vrm: string;
  make: Make;
  model: string;
  year: number;
  colour: string;
  fuel: string;
  mileageEst: number | null;
  mileageLastMot: number | null;
  last_mot_date: string | null;
  /** First registration, YYYY-MM: the age the mileage rules measure against. */
  firstRegistration: string;
  /** The mileage the seller typed on the mileage step, kept so the form shows it again. */
  mileageEntered?: number | null;
  enquiry?: Pick<Enquiry, 'id' | 'mileage' | 'expired' | 'dpEnquiryId' | 'dpStateSlug' | 'marketplaceEligible' | 'partnerId'> | null;
  marketplaceEligible?: { eligible: boolean } | null;
  /** The latest tracker valuation's mileage, when the seller tracks this car. */
  trackerMileage?: number | null;
}

export interface LookupResultError {
  msg: LookupErrorCode;
  vrm: string;
}

export interface VehicleLookupState {
  vehicle?: LookupVehicle;
  resultError?: LookupResultError;
}

export type Warn = (message: string) => void;

/** add: needs a vehicle or a resultError; replaces whatever was there. */
export function addLookup(
  current: VehicleLookupState | undefined,
  next: VehicleLookupState,
  warn: Warn = console.warn,
): VehicleLookupState | undefined {
  if (!next.vehicle && !next.resultError) {
    warn('lookup.add needs a vehicle or a resultError');
    return current;
  }
  return next.vehicle ? { vehicle: next.vehicle } : { resultError: next.resultError };
}

/** update: merges into the current vehicle; without one there is nothing to update. */
export function updateLookup(
  current: VehicleLookupState | undefined,
  patch: Partial<LookupVehicle>,
  warn: Warn = console.warn,
): VehicleLookupState | undefined {
  if (!current?.vehicle) {
    warn('lookup.update without a vehicle');
    return current;
  }
  return { vehicle: { ...current.vehicle, ...patch } };
}

declare module '~/lib/session.server' {
  interface SessionData {
    /** The vehicle lookup state: the car being valued, or the error of the last lookup. */
    lookup?: VehicleLookupState;
  }
}
