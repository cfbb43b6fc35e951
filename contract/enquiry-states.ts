/**
 * Enquiry statuses (docs/behaviour/entry.md#entities) and dealer-platform states (docs/behaviour/states.md). The observed service showed the sets but
 * not every spelling; statuses are snake_case, dealer-platform state slugs kebab-case.
 */

export const STATUS_GROUPS = {
  quoteStage: ['quoted', 'quoted_seller_contacted', 'quote_accepted'],
  partDetails: ['part_details', 'part_details_contacted'],
  fullDetails: ['full_details', 'full_details_wait'],
  closedOrUnsold: ['sold', 'unsellable', 'unsold_below_reserve_bid', 'unsold_no_bids'],
  soldStages: ['sold_confirmed', 'sold_invoice_raised', 'sold_purchase_confirmed', 'sold_documents_reviewed', 'sold_invoice_paid'],
  lostReasons: [
    'unsellable',
    'write_off',
    'customer_keep_car',
    'too_expensive',
    'car_gone',
    'dealer_withdrew_bid',
    'not_as_described',
    'not_collected_in_time',
    'other_dealer_issues',
    'other_seller_issues',
    'uncontactable',
    'sold_elsewhere',
    'under_review',
  ],
} as const;

export const DEAD_OR_JUNK: readonly string[] = [...STATUS_GROUPS.lostReasons, 'customer_lost', 'duplicated', 'unworked', 'wrong_number'];

/**
 * The states a car can go from into another daily sale, free: unsold, the offer declined or lapsed,
 * or accepted and then ended at the handover with the car still the seller's (the seller declined a
 * revised offer, or the dealer could only cancel: docs/behaviour/sale.md#collection-day).
 */
export const RELISTABLE_STATES = [
  'unsold-no-bids',
  'unsold-below-reserve-bid',
  'offer-declined',
  'offer-expired',
  'customer-keep-car',
  'dealer-withdrew',
] as const;

/** Dealer-platform states once the car is being prepared for, or is in, the dealer sale. */
export const SELLING_STATES = [
  'profile-in-progress',
  'awaiting-qa',
  'qa-failed',
  'qa-on-hold',
  'ready-for-sale',
  'sale-active',
  'under-offer',
  'sold-wait',
  'sold-confirmed',
  'sold-invoice-raised',
  'sold-purchase-confirmed',
  'sold-documents-reviewed',
  'sold-invoice-paid',
  ...RELISTABLE_STATES,
] as const;
export type SellingState = (typeof SELLING_STATES)[number];

/** The part of the selling set where the seller still works on the vehicle profile. */
export const PROFILE_STATES: readonly string[] = ['profile-in-progress', 'awaiting-qa', 'qa-failed', 'qa-on-hold'];

export function isSellingState(slug: string | null | undefined): slug is SellingState {
  return !!slug && (SELLING_STATES as readonly string[]).includes(slug);
}

/**
 * Where a seller whose enquiry is in the dealer sale belongs (docs/behaviour/states.md), or null when the enquiry
 * is not selling and the seller goes on with the valuation journey.
 */
export function enquiryStateRedirect(
  vrm: string,
  enquiry: { dpStateSlug: string | null; dpEnquiryId: number | null } | null | undefined,
): string | null {
  const slug = enquiry?.dpStateSlug;
  if (!isSellingState(slug)) return null;
  switch (slug) {
    case 'under-offer':
      return `/${vrm}/accept-offer`;
    case 'sold-wait':
    case 'sold-confirmed':
      return `/${vrm}/confirm-sale?valuation_ref=${enquiry!.dpEnquiryId ?? ''}`;
    case 'sold-documents-reviewed':
    case 'sold-purchase-confirmed':
      return `/${vrm}/review-status`;
    default:
      return PROFILE_STATES.includes(slug) ? `/${vrm}/profile/timeline` : `/${vrm}`;
  }
}
