import { labelInSentence } from '../../../contract/documents';
import type { endpoints } from '../../../contract/endpoints';
import type { SaleStatus } from '../../../contract/sale';
import { findEnquiryById, moveEnquiry, type EnquiryRow } from '../records/enquiries';
import { devEndpointsOn, type PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { clockNow, clockNowIso } from '../clock';
import { outgoing } from '../notify/messages';
import { addressById } from './addresses';
import { advance } from './daily-sale';
import { planDocumentCheck, requestedKinds } from './documents';
import { submittedDocuments } from './documents-store';
import { payoutFrozen } from './payments';
import { findBeneficiary } from './payments-store';
import { referralRewardFor } from './referral-rewards';
import { bookLotCollection, findSale, markDocumentsReviewed, recordCollection } from './sale-store';

/**
 * After the seller accepts: bank details and documents (their own modules) lead to the document
 * check, then the collection the seller books, then the dealer collects and pays. Each step that
 * tells the seller writes its message's record in the same batch as the step itself.
 */

/** Facts owned by the payments and documents modules; absent tables (not yet migrated) read as "not yet". */
async function sellerSteps(env: PlatformEnv, enquiryId: number): Promise<Omit<SaleStatus, 'dpStateSlug'>> {
  const bank = await findBeneficiary(env.DB, enquiryId).catch(() => null);
  const submitted = await submittedDocuments(env.DB, enquiryId).catch(() => 0);
  return {
    bankDetailsConfirmed: !!bank?.confirmed_at,
    documentsSubmitted: submitted > 0,
    documentsRequested: await requestedKinds(env, enquiryId),
  };
}

/**
 * The document check is simulated as immediate: a confirmed sale with confirmed bank details and
 * submitted documents is checked the moment anyone asks. It passes, or asks the seller for what it
 * could not read (planDocumentCheck), and the sale waits for that. The check's requests, their
 * messages and (when it passes) the sale's new state are one batch.
 */
export async function postSaleStatus(env: PlatformEnv, enquiry: EnquiryRow): Promise<SaleStatus> {
  const steps = await sellerSteps(env, enquiry.id);
  const slug = enquiry.dp_state_slug;
  if (slug !== 'sold-confirmed' || !steps.bankDetailsConfirmed || !steps.documentsSubmitted) return { dpStateSlug: slug, ...steps };
  const check = await planDocumentCheck(env, enquiry.id);
  const now = clockNowIso();
  // Keyed by the enquiry, the kind and when it was asked: the request's id is the batch's to give.
  const messages = check.requested.map((request) =>
    outgoing(env, enquiry.id, `document_requested#${enquiry.id}.${request.kind}@${request.requestedAt}`, {
      kind: 'document_requested',
      document: labelInSentence(request.label),
      documentKind: request.kind,
      reason: request.reason,
    }),
  );
  const reviewed = check.passed
    ? [
        markDocumentsReviewed(env.DB, enquiry.dp_enquiry_id, now),
        moveEnquiry(env.DB, enquiry.id, { slug: 'sold-documents-reviewed', status: 'sold_documents_reviewed' }, now),
      ]
    : [];
  const statements = [...check.statements, ...messages.map((message) => message.statement), ...reviewed];
  if (statements.length) await env.DB.batch(statements);
  for (const message of messages) await message.send();
  if (check.passed) return { dpStateSlug: 'sold-documents-reviewed', ...steps };
  // The requests just made were not open when the steps were read.
  const made = check.requested.map((r) => ({ kind: r.kind, label: r.label }));
  return { dpStateSlug: slug, ...steps, documentsRequested: [...steps.documentsRequested, ...made] };
}

/** GET /platform/post-sale/enquiries/:id/sale-status */
export const saleStatus: TypedHandler<typeof endpoints.sale.status> = async ({ enquiry }, ctx) => postSaleStatus(ctx.env, enquiry);

const SLOTS = ['morning', 'afternoon'] as const;

/** Collection is offered 3 to 7 working days ahead, mornings or afternoons. */
export function collectionDays(from: Date): string[] {
  const days: string[] = [];
  let working = 0;
  for (let d = 1; days.length < 5 && d < 14; d++) {
    const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + d));
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    working += 1;
    if (working >= 3) days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

/** GET /platform/collection-preferences/availability?enquiryId= */
export const availability: TypedHandler<typeof endpoints.sale.collectionAvailability> = async () => ({
  days: collectionDays(clockNow()),
  slots: [...SLOTS],
});

/** POST /platform/seller-preferences/:id {date, slot, notes?, addressId?}: books the collection and tells the seller, in one batch. */
export const bookCollection: TypedHandler<typeof endpoints.sale.bookCollection> = async ({ body, enquiry }, ctx) => {
  const { env } = ctx;
  const { dpStateSlug } = await postSaleStatus(env, enquiry);
  if (dpStateSlug !== 'sold-documents-reviewed') {
    return ctx.outcome({ status: 409, code: 'not_ready_for_collection', message: 'Collection is booked once your documents are checked' });
  }
  const { date } = body;
  const slot = SLOTS.find((offered) => offered === body.slot) ?? null;
  if (!collectionDays(clockNow()).includes(date) || !slot) {
    return ctx.outcome({ status: 400, code: 'invalid_collection', message: 'Choose one of the days and times offered' });
  }
  const notes = body.notes?.trim().slice(0, 500) || null;
  const address = body.addressId ? addressById(body.addressId) : null;
  if (body.addressId && !address)
    return ctx.outcome({ status: 400, code: 'invalid_collection', message: 'Choose one of the addresses offered' });
  const choice = { date, slot, notes, address: address?.text ?? null };
  const message = outgoing(env, enquiry.id, `collection_booked#${enquiry.dp_enquiry_id}@${date}-${slot}`, {
    kind: 'collection_booked',
    date,
    slot,
    address: address?.text ?? '',
  });
  await env.DB.batch([bookLotCollection(env.DB, enquiry.dp_enquiry_id, choice), message.statement]);
  await message.send();
  return { collection: choice };
};

/**
 * The dealer collects and pays: an outside event, so locally it is a development switch (the
 * review-status page shows it when the development tools are on). Never in production. The sale
 * paid, the referral reward it owes and the seller's message are one batch.
 */
export const devCollect: TypedHandler<typeof endpoints.dev.collect> = async ({ enquiry }, ctx) => {
  const { env } = ctx;
  if (!devEndpointsOn(env)) return ctx.outcome({ status: 404, code: 'not_found', message: 'No such endpoint' });
  const sale = await findSale(env.DB, enquiry.dp_enquiry_id);
  if (!sale?.collection_date) return ctx.outcome({ status: 409, code: 'not_booked', message: 'Book the collection first' });
  const now = clockNowIso();
  // A frozen payout is held: the dealer has the car, but nothing is paid until support clears it.
  if (await payoutFrozen(env, enquiry.id)) {
    await recordCollection(env.DB, enquiry.dp_enquiry_id, now, { paid: false }).run();
    return (await advance(env, (await findEnquiryById(env.DB, enquiry.id))!)).sale;
  }
  const reward = await referralRewardFor(env, enquiry);
  const message = outgoing(env, enquiry.id, `paid#${enquiry.dp_enquiry_id}`, {
    kind: 'paid',
    amount: sale.offer_amount ?? 0,
    accountEnding: (await findBeneficiary(env.DB, enquiry.id))?.last4 ?? '',
  });
  await env.DB.batch([
    recordCollection(env.DB, enquiry.dp_enquiry_id, now, { paid: true }),
    moveEnquiry(env.DB, enquiry.id, { slug: 'sold-invoice-paid', status: 'sold_invoice_paid' }, now),
    ...(reward ? [reward] : []),
    message.statement,
  ]);
  await message.send();
  return (await advance(env, (await findEnquiryById(env.DB, enquiry.id))!)).sale;
};
