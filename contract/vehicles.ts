/**
 * Vehicles as the platform describes them (docs/behaviour/gateway.md#the-gateway): the register's data and the provider's model
 * data, the seller's enquiry and its valuation, and the MOT history. Shapes the observed service did
 * not show are ours, written once here for the platform and the app.
 */

/** Lookup error codes of docs/behaviour/entry.md#lookup-errors. Anything else the app treats as bad_request. */
export const LOOKUP_ERROR_CODES = [
  'bad_request',
  'compliance_service_error',
  'exceeded',
  'invalid_vrm',
  'not_available',
  'too_many_requests',
  'vehicle_already_added',
  'vehicle_generation_failure',
  'vehicle_lookup_failed',
] as const;
export type LookupErrorCode = (typeof LOOKUP_ERROR_CODES)[number];

export function toLookupErrorCode(code: unknown): LookupErrorCode {
  return (LOOKUP_ERROR_CODES as readonly unknown[]).includes(code) ? (code as LookupErrorCode) : 'bad_request';
}

/** The largest mileage the platform takes: a seven-digit odometer field. */
export const MAX_MILEAGE = 9_999_999;

export interface Make {
  display_name: string;
  slug: string;
}

/** GET /platform/makes → {makes: MakeSummary[]} */
export interface MakeSummary extends Make {
  vehicles: number;
}

export type FuelType = 'PETROL' | 'DIESEL' | 'ELECTRICITY' | 'HYBRID ELECTRIC' | string;
export type VehicleType = 'car' | 'van' | 'motorcycle';

/** A vehicle as the gateway describes it: register data plus the provider's model data. */
export interface Vehicle {
  id: number;
  vrm: string;
  vrm_pretty: string;
  make: Make;
  model: string;
  body: string;
  transmission: string;
  colour: string;
  fuel: FuelType;
  vehicleType: VehicleType;
  year: number;
  manufactureYear: number;
  monthOfFirstRegistration: string;
  engineCapacity: number | null;
  co2Emissions: number | null;
  euroStatus: string | null;
  taxStatus: string;
  taxDueDate: string | null;
  motStatus: string;
  motExpiryDate: string | null;
  /** Estimated current mileage: the last MOT reading carried forward at the vehicle's own rate. */
  mileageEst: number;
  mileageLastMot: number | null;
  last_mot_date: string | null;
}

export interface Enquiry {
  id: number;
  vrm: string;
  mileage: number | null;
  status: string;
  expired: boolean;
  expiresAt: string;
  dpEnquiryId: number | null;
  dpStateSlug: string | null;
  updatedAt: string;
  customerId: number | null;
  marketplaceEligible: { eligible: boolean; ineligibleBy?: string | null } | null;
  partnerId: 'kerbside' | 'ctb' | 'tcbg' | null;
}

/** POST /platform/valuate {vrm, mileage}: the instant valuation (platform/src/providers/valuation.ts). */
export interface Valuation {
  /** The price the dealer sale is likely to reach, in pounds. */
  price: number;
  low: number;
  high: number;
  mileage: number;
  ageYears: number;
  valuedAt: string;
}

/**
 * GET /platform/premium-offer?valuation_ref={enquiryId}&vrm=: what dealers are likely to offer, for
 * as long as the enquiry's valuation holds. The range is the valuation's own (one model, one range).
 */
export interface PremiumOffer {
  enquiryId: number;
  vrm: string;
  offerLow: number;
  offerHigh: number;
  validUntil: string;
}

/**
 * A car from the sales record (docs/behaviour/entry.md#the-sales-record), as much as one seller may
 * see of another's sale: no registration, no seller, no dealer.
 */
export interface SoldVehicle {
  /** The year of first registration. */
  year: number;
  mileage: number;
  soldPrice: number;
  /** YYYY-MM: the month the sale completed. */
  soldMonth: string;
}

/** POST /platform/premium-v3/enquiries/similarSoldVehicles {vrm, mileage}: cars like this one that sold. */
export interface SimilarSoldVehicles {
  make: string;
  model: string;
  periodDays: number;
  /** Every sale of the make and model in the period, of which `vehicles` are the nearest. */
  salesOfModel: number;
  /** Up to six, nearest in age and mileage first. Never padded with other models. */
  vehicles: SoldVehicle[];
}

/** GET /platform/vehicles/vehicles/{id}/insights: what the sales record says of cars like this one. */
export interface VehicleInsights {
  vehicleId: number;
  make: string;
  model: string;
  periodDays: number;
  /** Cars of this make and model sold in the period. */
  sales: number;
  /** Different dealers who bought them. */
  dealers: number;
}

/** POST /platform/create-enquiry?vrm= {mileage}: the enquiry, with its valuation. */
export interface CreateEnquiryResponse {
  enquiry: Enquiry;
  valuation: Valuation;
}

/** GET /platform/vehicles/{vrm}/mot-history — DVSA MOT History shaped. */
export interface MotTest {
  motTestNumber: string;
  completedDate: string;
  testResult: 'PASSED' | 'FAILED';
  expiryDate: string | null;
  odometerValue: number | null;
  odometerUnit: 'MI' | 'KM' | null;
  odometerResultType: 'READ' | 'UNREADABLE' | 'NO_ODOMETER';
  defects: { text: string; type: string; dangerous: boolean }[];
}

export interface MotHistory {
  registration: string;
  make: string;
  model: string;
  firstUsedDate: string;
  fuelType: string;
  primaryColour: string;
  engineSize: number | null;
  hasOutstandingRecall: string;
  motTests: MotTest[];
}
