import { nextSellerStep, type PostSaleFacts } from '../../../contract/progress';

/**
 * Which pages of `/{vrm}/…` fit the state of the seller's sale, and where to send them otherwise
 * (docs/behaviour/states.md, extended to every step), so a seller always lands on the step their sale is at.
 * `step` is the path after `/{vrm}/` ('' for the vehicle page itself).
 */
const BEFORE_SALE = ['', 'profile', 'get-ahead'];
const IN_SALE = ['', 'get-ahead'];
const AFTER_ACCEPTANCE = [
  'confirm-sale-summary',
  'confirm-sale',
  'add-bank-details',
  'request',
  'upload-documents',
  'automated-docs-upload',
  'review-status',
  'purchasing-dealer-details',
  'collection',
  'vehicle-payment',
  'finance-payment-details',
  'finance-payment-details-more-funds-requested',
  'finance-funds-received',
];

function first(step: string): string {
  return step.split('/')[0] ?? '';
}

export function stepRedirect(vrm: string, slug: string | null, step: string, facts: PostSaleFacts | null): string | null {
  const here = first(step);
  const home = `/${vrm}`;
  // The page that asks for a proven address belongs to whichever step sent the seller there.
  if (here === 'confirm-email') return null;
  const go = (allowed: readonly string[], target: string) => (allowed.includes(here) ? null : target);
  switch (slug) {
    case null:
    case 'profile-in-progress':
      return go(BEFORE_SALE, home);
    case 'ready-for-sale':
    case 'sale-active':
    case 'unsold-no-bids':
    case 'unsold-below-reserve-bid':
    case 'offer-declined':
    case 'offer-expired':
    case 'customer-keep-car':
    case 'dealer-withdrew':
      return go(IN_SALE, home);
    case 'under-offer':
      return go(['', 'accept-offer', 'purchasing-dealer-details', 'get-ahead'], `/${vrm}/accept-offer`);
    case 'sold-wait':
      return go(['confirm-sale-summary', 'confirm-sale', 'purchasing-dealer-details'], `/${vrm}/confirm-sale-summary`);
    case 'sold-confirmed':
    case 'sold-documents-reviewed':
    // Collected, the payment on its way (or back from the bank, waiting for new details).
    case 'sold-purchase-confirmed':
      return go(AFTER_ACCEPTANCE, facts ? nextSellerStep(vrm, facts) : `/${vrm}/review-status`);
    case 'sold-invoice-paid':
      return go(
        ['sale-complete', 'review-status', 'purchasing-dealer-details', 'vehicle-payment', 'finance-funds-received'],
        `/${vrm}/sale-complete`,
      );
    default:
      return null;
  }
}
