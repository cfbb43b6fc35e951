import type { Enquiry } from './vehicles';

/** The vehicle profile and the dealer sale as the gateway reports them. */

export const FEATURES = [
  'Sat nav',
  'Leather seats',
  'Heated seats',
  'Parking sensors',
  'Reversing camera',
  'Panoramic roof',
  'Cruise control',
  'Apple CarPlay or Android Auto',
  'Alloy wheels',
  'Tow bar',
] as const;

export const SERVICE_HISTORY = { full: 'Full service history', partial: 'Partial service history', none: 'No service history' } as const;
export type ServiceHistory = keyof typeof SERVICE_HISTORY;

export const ISSUE_KINDS = {
  bodywork: 'Scratches, scuffs or dents',
  'warning-lights': 'Warning lights on the dashboard',
  tyres: 'Tyres that need replacing',
  windscreen: 'Chips or cracks in the windscreen',
  mechanical: 'Mechanical or electrical faults',
  other: 'Something else',
} as const;
export type IssueKind = keyof typeof ISSUE_KINDS;

export interface VehicleProfile {
  features: string[] | null;
  serviceHistory: ServiceHistory | null;
  finance: { outstanding: boolean; lender: string | null; settlement: number | null } | null;
  issues: { declared: boolean; items: { kind: IssueKind; detail: string }[] } | null;
  keys: number | null;
  /** Required photo slots still empty. */
  missingPhotos: string[];
  /** Every step done: the car can enter the next daily sale. */
  complete: boolean;
}

export type SalePhase =
  'ready_for_sale' | 'sale_active' | 'under_offer' | 'unsold_no_bids' | 'unsold_below_reserve_bid' | 'accepted' | 'declined' | 'expired';

export interface SaleView {
  id: number;
  phase: SalePhase;
  startsAt: string;
  endsAt: string;
  reserve: number;
  currentPrice: number | null;
  bidCount: number;
  biddingDealers: number;
  offer: { amount: number; dealer: { id: number; name: string; town: string }; expiresAt: string } | null;
  acceptedAt: string | null;
  confirmedAt: string | null;
  documentsReviewedAt: string | null;
  collection: { date: string; slot: 'morning' | 'afternoon'; notes: string | null; address: string | null } | null;
  collectedAt: string | null;
  paidAt: string | null;
}

/** GET /platform/premium-v3/enquiries/current?vrm= — the seller's enquiry for a car, its profile and sale. */
export interface CurrentEnquiry {
  enquiry: Enquiry;
  profile: VehicleProfile;
  sale: SaleView | null;
}

/** GET /platform/post-sale/enquiries/{id}/sale-status: where the sold car's paperwork stands. */
export interface SaleStatus {
  dpStateSlug: string | null;
  bankDetailsConfirmed: boolean;
  documentsSubmitted: boolean;
  /** Documents the dealer's check asked for again and has not had yet. */
  documentsRequested: { kind: string; label: string }[];
}

/** GET /platform/collection-preferences/availability: the days (YYYY-MM-DD) and times a dealer can collect. */
export interface CollectionAvailability {
  days: string[];
  slots: ('morning' | 'afternoon')[];
}

/** GET /platform/location/address/suggestions?input={postcode} */
export interface AddressSuggestions {
  suggestions: { id: string; text: string }[];
}

/** POST /platform/seller-preferences/{enquiryId}: the collection the seller chose. */
export interface CollectionBooking {
  date: string;
  slot: string;
  notes: string;
  addressId: string;
}

export interface CollectionBooked {
  collection: { date: string; slot: 'morning' | 'afternoon'; notes: string | null; address: string | null };
}
