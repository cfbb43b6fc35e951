import { DOCUMENT_KINDS, isDocumentKind, labelInSentence, type DocumentKind } from '../../../contract/documents';
import type { SaleStatus } from '../../../contract/sale';
import { payoutFrozen } from './payments';
import type { EnquiryRow } from '../records/enquiries';
import { addressById } from './addresses';
import { checkSubmittedDocuments } from './documents';
import { devEndpointsOn, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { requireOwnEnquiry } from './ownership';
import { advance } from './daily-sale';
import { recordReferralReward } from './referral-rewards';
import { clockNow, clockNowIso } from '../clock';
import { notify } from '../notify/messages';

/**
 * After the seller accepts: bank details and documents (their own modules) lead to the document
 * check, then the collection the seller books, then the dealer collects and pays.
 */

/** Facts owned by the payments and documents modules; absent tables (not yet migrated) read as "not yet". */
async function sellerSteps(env: PlatformEnv, enquiryId: number): Promise<Omit<SaleStatus, 'dpStateSlug'>> {
  const bank = await env.DB.prepare('SELECT confirmed_at FROM beneficiaries WHERE enquiry_id = ?1')
    .bind(enquiryId)
    .first<{ confirmed_at: string | null }>()
    .catch(() => null);
  const docs = await env.DB.prepare(
    'SELECT count(*) AS n FROM documents WHERE enquiry_id = ?1 AND submitted_at IS NOT NULL AND deleted_at IS NULL',
  )
    .bind(enquiryId)
    .first<{ n: number }>()
    .catch(() => null);
  const { results: requested } = await env.DB.prepare(
    'SELECT DISTINCT kind FROM document_requests WHERE enquiry_id = ?1 AND fulfilled_at IS NULL ORDER BY kind',
  )
    .bind(enquiryId)
    .all<{ kind: string }>()
    .catch(() => ({ results: [] as { kind: string }[] }));
  return {
    bankDetailsConfirmed: !!bank?.confirmed_at,
    documentsSubmitted: (docs?.n ?? 0) > 0,
    documentsRequested: requested
      .filter((r) => isDocumentKind(r.kind))
      .map((r) => ({ kind: r.kind, label: DOCUMENT_KINDS[r.kind as DocumentKind].label })),
  };
}

/**
 * The document check is simulated as immediate: a confirmed sale with confirmed bank details and
 * submitted documents is checked the moment anyone asks. It passes, or asks the seller for what it
 * could not read (checkSubmittedDocuments), and the sale waits for that.
 */
export async function postSaleStatus(env: PlatformEnv, enquiry: EnquiryRow): Promise<SaleStatus> {
  const steps = await sellerSteps(env, enquiry.id);
  let slug = enquiry.dp_state_slug;
  if (slug === 'sold-confirmed' && steps.bankDetailsConfirmed && steps.documentsSubmitted) {
    const check = await checkSubmittedDocuments(env, enquiry.id);
    for (const request of check.requested) {
      await notify(env, enquiry.id, `document_requested#${request.id}`, {
        kind: 'document_requested',
        document: labelInSentence(request.label),
        documentKind: request.kind,
        reason: request.reason,
      });
    }
    if (!check.passed) {
      // The requests just made were not open when the steps were read.
      const made = check.requested.map((r) => ({ kind: r.kind, label: r.label }));
      return { dpStateSlug: slug, ...steps, documentsRequested: [...steps.documentsRequested, ...made] };
    }
    const now = clockNowIso();
    await env.DB.batch([
      env.DB.prepare('UPDATE sales SET documents_reviewed_at = ?1 WHERE id = ?2').bind(now, enquiry.dp_enquiry_id),
      env.DB.prepare(
        "UPDATE enquiries SET dp_state_slug = 'sold-documents-reviewed', status = 'sold_documents_reviewed', updated_at = ?1 WHERE id = ?2",
      ).bind(now, enquiry.id),
    ]);
    slug = 'sold-documents-reviewed';
  }
  return { dpStateSlug: slug, ...steps };
}

export async function saleStatus(request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  const owned = await requireOwnEnquiry(request, env, Number(params.id));
  if (owned instanceof Response) return owned;
  return json(await postSaleStatus(env, owned.enquiry));
}

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

export async function availability(request: Request, env: PlatformEnv) {
  const owned = await requireOwnEnquiry(request, env, Number(new URL(request.url).searchParams.get('enquiryId')));
  if (owned instanceof Response) return owned;
  return json({ days: collectionDays(clockNow()), slots: ['morning', 'afternoon'] });
}

export async function bookCollection(request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  const owned = await requireOwnEnquiry(request, env, Number(params.id));
  if (owned instanceof Response) return owned;
  const { dpStateSlug } = await postSaleStatus(env, owned.enquiry);
  if (dpStateSlug !== 'sold-documents-reviewed')
    return errorResponse(409, 'not_ready_for_collection', 'Collection is booked once your documents are checked');
  const body = (await readJsonObject(request)) ?? {};
  const date = typeof body.date === 'string' ? body.date : '';
  const slot = body.slot === 'morning' || body.slot === 'afternoon' ? body.slot : null;
  if (!collectionDays(clockNow()).includes(date) || !slot)
    return errorResponse(400, 'invalid_collection', 'Choose one of the days and times offered');
  const notes = typeof body.notes === 'string' ? body.notes.trim().slice(0, 500) || null : null;
  const address = typeof body.addressId === 'string' && body.addressId ? addressById(body.addressId) : null;
  if (body.addressId && !address) return errorResponse(400, 'invalid_collection', 'Choose one of the addresses offered');
  await env.DB.prepare(
    'UPDATE sales SET collection_date = ?1, collection_slot = ?2, collection_notes = ?3, collection_address = ?4 WHERE id = ?5',
  )
    .bind(date, slot, notes, address?.text ?? null, owned.enquiry.dp_enquiry_id)
    .run();
  await notify(env, owned.enquiry.id, `collection_booked#${owned.enquiry.dp_enquiry_id}@${date}-${slot}`, {
    kind: 'collection_booked',
    date,
    slot,
    address: address?.text ?? '',
  });
  return json({ collection: { date, slot, notes, address: address?.text ?? null } });
}

/**
 * The dealer collects and pays: an outside event, so locally it is a development switch (the
 * review-status page shows it when the development tools are on). Never in production.
 */
export async function devCollect(request: Request, env: PlatformEnv, _ctx: ExecutionContext, params: Record<string, string>) {
  if (!devEndpointsOn(env)) return errorResponse(404, 'not_found', 'No such endpoint');
  const owned = await requireOwnEnquiry(request, env, Number(params.id));
  if (owned instanceof Response) return owned;
  const sale = await env.DB.prepare('SELECT collection_date FROM sales WHERE id = ?1')
    .bind(owned.enquiry.dp_enquiry_id)
    .first<{ collection_date: string | null }>();
  if (!sale?.collection_date) return errorResponse(409, 'not_booked', 'Book the collection first');
  const now = clockNowIso();
  // A frozen payout is held: the dealer has the car, but nothing is paid until support clears it.
  if (await payoutFrozen(env, owned.enquiry.id)) {
    await env.DB.prepare('UPDATE sales SET collected_at = ?1 WHERE id = ?2').bind(now, owned.enquiry.dp_enquiry_id).run();
    const held = await env.DB.prepare('SELECT * FROM enquiries WHERE id = ?1').bind(owned.enquiry.id).first<EnquiryRow>();
    return json((await advance(env, held!)).sale);
  }
  await env.DB.batch([
    env.DB.prepare('UPDATE sales SET collected_at = ?1, paid_at = ?1 WHERE id = ?2').bind(now, owned.enquiry.dp_enquiry_id),
    env.DB.prepare(
      "UPDATE enquiries SET dp_state_slug = 'sold-invoice-paid', status = 'sold_invoice_paid', updated_at = ?1 WHERE id = ?2",
    ).bind(now, owned.enquiry.id),
  ]);
  const fresh = await env.DB.prepare('SELECT * FROM enquiries WHERE id = ?1').bind(owned.enquiry.id).first<EnquiryRow>();
  await recordReferralReward(env, fresh!);
  const paid = await env.DB.prepare(
    'SELECT s.offer_amount AS amount, b.last4 FROM sales s LEFT JOIN beneficiaries b ON b.enquiry_id = s.enquiry_id WHERE s.id = ?1',
  )
    .bind(owned.enquiry.dp_enquiry_id)
    .first<{ amount: number | null; last4: string | null }>();
  await notify(env, owned.enquiry.id, `paid#${owned.enquiry.dp_enquiry_id}`, {
    kind: 'paid',
    amount: paid?.amount ?? 0,
    accountEnding: paid?.last4 ?? '',
  });
  return json((await advance(env, fresh!)).sale);
}
