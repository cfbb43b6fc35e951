import { labelInSentence } from './documents';
import type { PayoutFact, RevisedOfferFact, SaleView } from './sale';

export type { PayoutFact, RevisedOfferFact };

/**
 * The seller-facing progress timeline: where the sale is, what happens next, and by when. Shown on
 * every page after an offer is accepted (no seller should have to "keep an eye on their inbox").
 */
export interface PostSaleFacts {
  sale: Pick<SaleView, 'acceptedAt' | 'confirmedAt' | 'documentsReviewedAt' | 'collection' | 'collectedAt' | 'paidAt'> &
    Partial<Pick<SaleView, 'inspectedAt' | 'finalAmount' | 'dvla'>>;
  /** The dealer's revised offer after the handover inspection, while it waits for the seller (and after). */
  revisedOffer?: RevisedOfferFact | null;
  payout?: PayoutFact | null;
  bankDetailsConfirmed: boolean;
  documentsSubmitted: boolean;
  /** Documents the dealer's check asked for again (the step is the seller's again until they come). */
  documentsRequested?: { kind: string; label: string }[];
}

export type StepState = 'done' | 'current' | 'upcoming';
export interface ProgressStep {
  id:
    | 'accepted'
    | 'confirmed'
    | 'bank-details'
    | 'documents'
    | 'reviewed'
    | 'collection-booked'
    | 'inspected'
    | 'collected'
    | 'paid'
    | 'dvla';
  title: string;
  state: StepState;
  /** What happens next and by when, for the current step; what happened, for done ones. */
  detail: string;
  /** The page where the seller does this step, when it is theirs to do, and its button. */
  href: string | null;
  action?: string;
}

const pounds = (amount: number) => `£${amount.toLocaleString('en-GB')}`;
const DAY = 86_400_000;
const day = (iso: string, plusDays = 0) =>
  new Date(Date.parse(iso) + plusDays * DAY).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

export function progressSteps(vrm: string, facts: PostSaleFacts): ProgressStep[] {
  const { sale } = facts;
  const revised = facts.revisedOffer ?? null;
  const payout = facts.payout ?? null;
  const requested = facts.documentsRequested ?? [];
  const requestedNames = requested.map((r) => `your ${labelInSentence(r.label)}`).join(' and ');
  // Progress is shown once an offer is accepted; before that no step has a deadline to give.
  const accepted = sale.acceptedAt;
  const steps: (Omit<ProgressStep, 'state'> & { done: boolean })[] = [
    {
      id: 'accepted',
      title: 'Offer accepted',
      detail: accepted ? `You accepted on ${day(accepted)}.` : 'Accept the offer to start.',
      href: null,
      done: !!accepted,
    },
    {
      id: 'confirmed',
      title: 'Sale confirmed',
      detail: sale.confirmedAt ? `Confirmed on ${day(sale.confirmedAt)}.` : 'Check the summary and confirm the sale today.',
      href: `/${vrm}/confirm-sale`,
      action: 'Confirm the sale',
      done: !!sale.confirmedAt,
    },
    {
      id: 'bank-details',
      title: 'Bank details added',
      detail: facts.bankDetailsConfirmed
        ? 'We know where to pay you.'
        : `Add them${accepted ? ` by ${day(accepted, 1)}` : ''} so the dealer can pay you on collection.`,
      href: `/${vrm}/add-bank-details`,
      action: 'Add your bank details',
      done: facts.bankDetailsConfirmed,
    },
    {
      id: 'documents',
      title: 'Documents uploaded',
      detail: requested.length
        ? `The dealer has asked for ${requestedNames} again: upload a clearer copy and send it.`
        : facts.documentsSubmitted
          ? 'Sent for checking.'
          : `Upload your V5C logbook and driving licence${accepted ? ` by ${day(accepted, 1)}` : ''}.`,
      href: requested.length ? `/${vrm}/request/${requested[0]!.kind}` : `/${vrm}/upload-documents`,
      action: requested.length ? `Upload ${requestedNames} again` : 'Upload your documents',
      done: facts.documentsSubmitted && !requested.length,
    },
    {
      id: 'reviewed',
      title: 'Documents checked',
      detail: sale.documentsReviewedAt ? `Checked on ${day(sale.documentsReviewedAt)}.` : 'We check them within one working day of upload.',
      href: null,
      done: !!sale.documentsReviewedAt,
    },
    {
      id: 'collection-booked',
      title: 'Collection booked',
      detail: sale.collection
        ? `The dealer collects on ${day(sale.collection.date)}, ${sale.collection.slot}.`
        : 'Choose a day: collection is usually 3 to 7 working days after you accept.',
      href: `/${vrm}/collection`,
      action: 'Book your collection',
      done: !!sale.collection,
    },
    {
      id: 'inspected',
      title: 'Handover inspection',
      detail:
        revised?.status === 'proposed'
          ? `The dealer proposes ${pounds(revised.proposedAmount)} (agreed ${pounds(revised.agreedAmount)}). Nothing changes unless you approve.`
          : sale.inspectedAt
            ? revised?.status === 'approved'
              ? `Inspected on ${day(sale.inspectedAt)}. You approved ${pounds(revised.proposedAmount)}.`
              : `Inspected on ${day(sale.inspectedAt)}.${revised?.status === 'refused' ? ' The agreed price stands.' : ''}`
            : 'At collection the dealer checks the car against your profile and photos.',
      href: revised?.status === 'proposed' ? `/${vrm}/review-status` : null,
      action: 'See the revised offer',
      done: !!sale.inspectedAt && revised?.status !== 'proposed',
    },
    {
      id: 'collected',
      title: 'Car collected',
      detail: sale.collectedAt
        ? `Collected on ${day(sale.collectedAt)}.`
        : 'Free, from your address. Have the keys, logbook and service book ready.',
      href: null,
      done: !!sale.collectedAt,
    },
    {
      id: 'paid',
      title: 'You are paid',
      detail: paidDetail(facts),
      href: payout?.state === 'returned' ? `/${vrm}/add-bank-details` : null,
      action: 'Give new bank details',
      done: !!sale.paidAt,
    },
    {
      id: 'dvla',
      title: 'DVLA told',
      detail: sale.dvla
        ? `The dealer told DVLA on ${day(sale.dvla.notifiedAt)}, with the V5C ending ${sale.dvla.referenceLast4}. DVLA confirms by letter, usually within 4 weeks.`
        : 'The dealer tells DVLA once they have the car: you do not need to.',
      href: null,
      done: !!sale.dvla,
    },
  ];
  const firstOpen = steps.findIndex((s) => !s.done);
  return steps.map(({ done, ...step }, index) => ({
    ...step,
    state: done ? 'done' : index === firstOpen ? 'current' : 'upcoming',
  }));
}

const HOLDS: Record<string, string> = {
  frozen: 'Your payout is frozen until our support team has checked the payout account with you.',
  lender_first: 'Your payment goes once the lender has been paid.',
  lender_account_pending: 'We are waiting for your lender’s settlement details before paying them and you.',
  no_confirmed_account: 'We need your confirmed bank details to pay you.',
  payee_check: 'Your payment is held while we check the name on the account with your bank.',
  shortfall_pending: 'We pay your lender once the shortfall you send has arrived.',
};

/** Where the seller's money is: when it went, where to, and when it usually arrives. */
function paidDetail(facts: PostSaleFacts): string {
  const { sale } = facts;
  const payout = facts.payout;
  if (payout?.state === 'returned')
    return `Your bank sent back the ${pounds(payout.amount)} paid to the account ending ${payout.accountEnding}. Give us new details: we e-mail you a code to confirm them, then pay you again.`;
  if (payout?.state === 'credited' && payout.creditedAt)
    return `${pounds(payout.amount)} in your account ending ${payout.accountEnding} since ${time(payout.creditedAt)}, ${day(payout.creditedAt)}.`;
  if (payout?.state === 'sent' && payout.sentAt)
    return `Sent ${time(payout.sentAt)} on ${day(payout.sentAt)} to the account ending ${payout.accountEnding}: usually in your account within 2 hours.`;
  if (payout?.state === 'held') return HOLDS[payout.holdReason ?? ''] ?? 'Your payment is held for a check.';
  if (sale.paidAt) return `Paid${sale.finalAmount ? ` ${pounds(sale.finalAmount)}` : ''} on ${day(sale.paidAt)}.`;
  return sale.collection ? `Within 24 hours of collection: by ${day(sale.collection.date, 1)}.` : 'Within 24 hours of collection.';
}

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/London' });

/** The page a seller belongs on after acceptance: the first step that is theirs to do. */
export function nextSellerStep(vrm: string, facts: PostSaleFacts): string {
  // Once paid nothing is the seller's to do: DVLA is the dealer's to tell.
  if (facts.sale.paidAt) return `/${vrm}/sale-complete`;
  const current = progressSteps(vrm, facts).find((s) => s.state === 'current');
  if (!current) return `/${vrm}/sale-complete`;
  return current.href ?? `/${vrm}/review-status`;
}
