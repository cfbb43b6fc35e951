import type { AcceptedItem, RefusedItem } from './price-rules';
import type { Enquiry } from './vehicles';

/** The vehicle profile and the dealer sale as the gateway reports them. */

export interface RevisedOfferFact {
  id: number;
  status: 'proposed' | 'approved' | 'declined' | 'refused' | 'cancelled';
  agreedAmount: number;
  proposedAmount: number;
}

/** The seller's latest payout (docs/decisions/037). */
export interface PayoutFact {
  state: 'requested' | 'held' | 'sent' | 'credited' | 'returned';
  amount: number;
  accountEnding: string;
  holdReason: string | null;
  sentAt: string | null;
  creditedAt: string | null;
  returnedAt: string | null;
}

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
  /**
   * The finance outstanding on the car. `lenderId`: a lender from the list, asked for the settlement
   * figure with the seller's consent (then `settlement` is null: the lender's figure is on the finance
   * pages); null when the seller typed the lender and the figure ("My lender is not listed").
   */
  finance: { outstanding: boolean; lender: string | null; settlement: number | null; lenderId?: string | null } | null;
  issues: { declared: boolean; items: { kind: IssueKind; detail: string }[] } | null;
  keys: number | null;
  /** Required photo slots still empty. */
  missingPhotos: string[];
  /** Every step done: the car can enter the next daily sale. */
  complete: boolean;
}

export type SalePhase =
  | 'ready_for_sale'
  | 'sale_active'
  | 'under_offer'
  | 'unsold_no_bids'
  | 'unsold_below_reserve_bid'
  | 'accepted'
  | 'declined'
  | 'expired'
  /** Accepted, then ended at the handover without the car changing hands (`ended` says why). */
  | 'ended';

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
  /** When the dealer's inspector finished the handover inspection. */
  inspectedAt: string | null;
  /** What the sale completed at: the agreed price, or a revised one the seller approved. */
  finalAmount: number | null;
  ended: { at: string; reason: 'revised_offer_declined' | 'dealer_cancelled' } | null;
  /** The trader told DVLA; of the V5C's 11-digit reference, only its last four digits. */
  dvla: { notifiedAt: string; referenceLast4: string } | null;
}

/** One check of the handover inspection (the spec's verifications). */
export interface VerificationCheck {
  check: string;
  title: string;
  result: 'as_described' | 'differs';
  detail: string;
  recordedAt: string;
}

/** A dealer's revised offer after the inspection, item by item from the published tariff (contract/price-rules.ts). */
export interface PostSaleOffer {
  id: number;
  /** proposed: waiting for the seller; refused: every item the dealer named broke a rule, the agreed price stood; cancelled: above the cap. */
  status: 'proposed' | 'approved' | 'declined' | 'refused' | 'cancelled';
  dealer: { id: number; name: string } | null;
  agreedAmount: number;
  proposedAmount: number;
  items: (AcceptedItem & { collectionPhoto: boolean })[];
  refused: RefusedItem[];
  createdAt: string;
  decidedAt: string | null;
}

/** GET /platform/post-sale/enquiries/{id}/verifications: the handover inspection and what came of it. */
export interface CollectionDayView {
  inspectedAt: string | null;
  checks: VerificationCheck[];
  offer: PostSaleOffer | null;
}

/** GET /platform/dealership/enquiries/{id}/confirmation-info?documentKindSet=required: what the dealer needs at the handover. */
export interface ConfirmationInfo {
  dealer: { id: number; name: string; town: string };
  amount: number;
  collection: { date: string; slot: 'morning' | 'afternoon'; address: string | null } | null;
  required: { id: string; label: string; detail: string }[];
  finalConfirmationSentAt: string | null;
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
  /** The dealer's revised offer after the handover inspection, or their refused attempt at one. */
  revisedOffer: RevisedOfferFact | null;
  /** The seller's latest payout and where it is (docs/decisions/037). */
  payout: PayoutFact | null;
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
