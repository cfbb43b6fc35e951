import { DOCUMENT_KINDS, labelInSentence, type DocumentKind } from '../../../contract/documents';
import type { endpoints } from '../../../contract/endpoints';
import type { SaleStatus, VehicleProfile } from '../../../contract/sale';
import { findEnquiryById, moveEnquiry, type EnquiryRow } from '../records/enquiries';
import { devEndpointsOn, type PlatformEnv } from '../env';
import type { TypedHandler } from '../router';
import { clockNow, clockNowIso } from '../clock';
import { outgoing } from '../notify/messages';
import { addressById } from './addresses';
import { advance } from './daily-sale';
import { planDocumentCheck, requestedKinds } from './documents';
import { submittedDocuments } from './documents-store';
import { findBeneficiary } from './payments-store';
import { bookLotCollection, findSale, latestSale, markDocumentsReviewed, markFinalConfirmationSent } from './sale-store';
import { answerRevisedOffer, collectionDayView, handover } from './collection-day';
import { collectionPhotoOf, latestPostSaleOffer } from './collection-store';
import { applyProviderStatus } from './payouts';
import { payoutViews } from './money-store';
import type { PayoutView } from '../../../contract/bank-details';
import type { ProviderStatus } from '../providers/faster-payments';
import { loadProfile } from './profile';
import { DEALERS } from '../providers/dealers';

/**
 * After the seller accepts: bank details and documents (their own modules) lead to the document
 * check, then the collection the seller books, then collection day (collection-day.ts). Each step that
 * tells the seller writes its message's record in the same batch as the step itself.
 */

/** Facts owned by the payments and documents modules; absent tables (not yet migrated) read as "not yet". */
async function sellerSteps(env: PlatformEnv, enquiryId: number): Promise<Omit<SaleStatus, 'dpStateSlug'>> {
  const bank = await findBeneficiary(env.DB, enquiryId).catch(() => null);
  const submitted = await submittedDocuments(env.DB, enquiryId).catch(() => 0);
  // Only the current lot's: a relisted car's earlier handover is not this sale's.
  const [offer, lot] = await Promise.all([latestPostSaleOffer(env.DB, enquiryId).catch(() => null), latestSale(env.DB, enquiryId)]);
  const revised = offer && offer.sale_id === lot?.id ? offer : null;
  return {
    bankDetailsConfirmed: !!bank?.confirmed_at,
    documentsSubmitted: submitted > 0,
    documentsRequested: await requestedKinds(env, enquiryId),
    revisedOffer: revised
      ? { id: revised.id, status: revised.status, agreedAmount: revised.agreed_amount, proposedAmount: revised.proposed_amount }
      : null,
    payout: lot ? sellerPayoutOf(await payoutViews(env.DB, lot.id).catch(() => [])) : null,
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
 * The dealer arrives now (the sale's development switch, on the review-status page when the
 * development tools are on): the handover inspection runs at once instead of at the booked slot,
 * the same code the clock runs (collection-day.ts). Never in production.
 */
export const devCollect: TypedHandler<typeof endpoints.dev.collect> = async ({ enquiry }, ctx) => {
  const { env } = ctx;
  if (!devEndpointsOn(env)) return ctx.outcome({ status: 404, code: 'not_found', message: 'No such endpoint' });
  const sale = await findSale(env.DB, enquiry.dp_enquiry_id);
  if (!sale?.collection_date) return ctx.outcome({ status: 409, code: 'not_booked', message: 'Book the collection first' });
  await handover(env, enquiry, sale, clockNowIso());
  return (await advance(env, (await findEnquiryById(env.DB, enquiry.id))!)).sale;
};

/** GET /platform/post-sale/enquiries/:id/verifications: the clock brought to bear first, so a slot just passed shows its inspection. */
export const verifications: TypedHandler<typeof endpoints.sale.verifications> = async ({ enquiry }, ctx) => {
  await advance(ctx.env, enquiry);
  return collectionDayView(ctx.env, enquiry.id, await findSale(ctx.env.DB, enquiry.dp_enquiry_id));
};

/** GET /platform/post-sale/enquiries/:id/collection-photos/:slot */
export const collectionPhoto: TypedHandler<typeof endpoints.sale.collectionPhoto> = async ({ params, enquiry }, ctx) => {
  const sale = await findSale(ctx.env.DB, enquiry.dp_enquiry_id);
  const row = sale ? await collectionPhotoOf(ctx.env.DB, sale.id, params.slot) : null;
  const object = row ? await ctx.env.DOCUMENTS.get(row.key) : null;
  if (!row || !object) return ctx.outcome({ status: 404, code: 'photo_not_found', message: 'No photo from the collection for that slot' });
  return ctx.raw(
    new Response(object.body, {
      headers: { 'content-type': row.content_type, 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' },
    }),
  );
};

/** GET /platform/payments/postSaleOffers/latest?enquiryId= */
export const latestPostSaleOfferEndpoint: TypedHandler<typeof endpoints.sale.latestPostSaleOffer> = async ({ enquiry }, ctx) => {
  await advance(ctx.env, enquiry);
  const view = await collectionDayView(ctx.env, enquiry.id, await findSale(ctx.env.DB, enquiry.dp_enquiry_id));
  return { offer: view.offer };
};

/** POST /platform/payments/saleFinalisation/approve {enquiryId, offerId, decision} */
export const approveSaleFinalisation: TypedHandler<typeof endpoints.sale.approveSaleFinalisation> = async ({ body, enquiry }, ctx) => {
  const { env } = ctx;
  const sale = await findSale(env.DB, enquiry.dp_enquiry_id);
  const answer = sale ? await answerRevisedOffer(env, enquiry, sale, body.offerId, body.decision, clockNowIso()) : 'no_revised_offer';
  if (answer === 'no_revised_offer')
    return ctx.outcome({ status: 409, code: 'no_revised_offer', message: 'There is no revised offer to answer' });
  if (answer === 'already_decided')
    return ctx.outcome({ status: 409, code: 'already_decided', message: 'You have already answered this revised offer' });
  const { sale: view } = await advance(env, (await findEnquiryById(env.DB, enquiry.id))!);
  return { sale: view, collectionDay: await collectionDayView(env, enquiry.id, await findSale(env.DB, enquiry.dp_enquiry_id)) };
};

/** What the dealer needs at the handover, from the documents the sale asks for and the profile. */
export const confirmationInfo: TypedHandler<typeof endpoints.sale.confirmationInfo> = async ({ enquiry, query }, ctx) => {
  const { env } = ctx;
  const sale = await findSale(env.DB, enquiry.dp_enquiry_id);
  const dealer = DEALERS.find((d) => d.id === sale?.offer_dealer_id);
  if (!sale || sale.outcome !== 'accepted' || !dealer)
    return ctx.outcome({ status: 409, code: 'no_dealer', message: 'No dealer is buying this car yet' });
  const profile = await loadProfile(env, enquiry.id);
  return {
    dealer: { id: dealer.id, name: dealer.name, town: dealer.town },
    amount: sale.final_amount ?? sale.offer_amount ?? 0,
    collection:
      sale.collection_date && sale.collection_slot
        ? { date: sale.collection_date, slot: sale.collection_slot, address: sale.collection_address }
        : null,
    required: handoverNeeds(profile, query.documentKindSet),
    finalConfirmationSentAt: sale.final_confirmation_sent_at,
  };
};

/** POST /platform/premium/vehicles/:id/send-final-dealer-confirmation-email: once; again answers with when it went. */
export const sendFinalDealerConfirmation: TypedHandler<typeof endpoints.sale.sendFinalDealerConfirmation> = async ({ enquiry }, ctx) => {
  const { env } = ctx;
  const sale = await findSale(env.DB, enquiry.dp_enquiry_id);
  const dealer = DEALERS.find((d) => d.id === sale?.offer_dealer_id);
  if (!sale?.collection_date || !sale.collection_slot || !dealer) {
    return ctx.outcome({ status: 409, code: 'not_booked', message: 'The dealer confirms once the collection is booked' });
  }
  if (sale.final_confirmation_sent_at) return { sentAt: sale.final_confirmation_sent_at };
  const now = clockNowIso();
  const message = outgoing(
    env,
    enquiry.id,
    `final_dealer_confirmation#${sale.id}`,
    {
      kind: 'final_dealer_confirmation',
      dealer: dealer.name,
      amount: sale.offer_amount ?? 0,
      date: sale.collection_date,
      slot: sale.collection_slot,
      address: sale.collection_address ?? '',
    },
    { only: 'email' },
  );
  await env.DB.batch([markFinalConfirmationSent(env.DB, sale.id, now), message.statement]);
  await message.send();
  return { sentAt: now };
};

/** The documents and things the dealer checks at the handover (documentKindSet=required: only what the sale cannot go without). */
function handoverNeeds(profile: VehicleProfile, set: 'required' | 'all') {
  const finance = profile.finance?.outstanding ?? false;
  const documents = (Object.entries(DOCUMENT_KINDS) as [DocumentKind, (typeof DOCUMENT_KINDS)[DocumentKind]][])
    .filter(([, kind]) => set === 'all' || kind.required(finance))
    .map(([id, kind]) => ({ id, label: kind.label, detail: HANDOVER_DETAIL[id] }));
  const keys = profile.keys ?? 1;
  return [
    ...documents,
    { id: 'keys', label: keys === 1 ? 'The key' : `All ${keys} keys`, detail: 'The number you declared in your profile.' },
    ...(set === 'all' || profile.serviceHistory !== 'none'
      ? [{ id: 'service-book', label: 'The service book or records', detail: 'The history you declared: the dealer checks it is there.' }]
      : []),
  ];
}

const HANDOVER_DETAIL: Record<DocumentKind, string> = {
  v5c: 'The whole logbook: the dealer tells DVLA with it and keeps it.',
  'driving-licence': 'To show you are the person selling; the dealer does not keep it.',
  'finance-settlement-letter': 'The lender’s letter, so the dealer can see the finance is being settled.',
  'service-history': 'Any stamped book or invoices.',
  'proof-of-address': 'Only if the address on your V5C is not the collection address.',
};

/** POST /platform/payments/fps/callbacks: the provider says a payout was credited or returned (signed: the front door checked it). */
export const paymentCallback: TypedHandler<typeof endpoints.sale.paymentCallback> = async ({ body }, ctx) => {
  const at = Date.parse(body.data.at);
  const status: ProviderStatus =
    body.type === 'payment.credited'
      ? { state: 'credited', paymentId: body.data.paymentId, at }
      : { state: 'returned', paymentId: body.data.paymentId, at, reason: 'account_closed' };
  const result = await applyProviderStatus(ctx.env, status, ctx.request.headers.get('webhook-id'));
  if (result === 'unknown') return ctx.outcome({ status: 404, code: 'payment_not_found', message: 'No payout with that payment id' });
  return { applied: result === 'applied' };
};

/** The seller's latest payout, as the timeline tells it. */
function sellerPayoutOf(payouts: PayoutView[]) {
  const last = payouts.filter((p) => p.payee === 'seller').at(-1);
  if (!last) return null;
  const { state, amount, accountEnding, holdReason, sentAt, creditedAt, returnedAt } = last;
  return { state, amount, accountEnding, holdReason, sentAt, creditedAt, returnedAt };
}
