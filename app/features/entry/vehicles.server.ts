import { type Enquiry, type Vehicle } from '../../../contract/vehicles';
import { type LookupResponse } from '../../../contract/lookup';
import type { LookupVehicle } from './lookup-state';

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
