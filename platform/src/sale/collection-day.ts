import { assessAdjustment, type AcceptedItem, type RefusedItem } from '../../../contract/price-rules';
import type { CollectionDayView, PostSaleOffer, VehicleProfile } from '../../../contract/sale';
import { moveEnquiry, type EnquiryRow } from '../records/enquiries';
import type { PlatformEnv } from '../env';
import { outgoing, type OutgoingMessage } from '../notify/messages';
import { DEALERS } from '../providers/dealers';
import { checkTitle, inspect, tellDvla } from '../providers/inspection';
import {
  collectionPhotoSlots,
  completeLot,
  decidePostSaleOffer,
  endLot,
  insertPostSaleOffer,
  insertVerifications,
  latestPostSaleOffer,
  markInspected,
  recordCollectionPhoto,
  recordDvlaTold,
  verificationsOf,
  type PostSaleOfferRow,
} from './collection-store';
import { dispatchPayouts, payoutsAtHandover, settlePayouts } from './payouts';
import { loadProfile } from './profile';
import type { SaleRow } from './sale-store';

/**
 * Collection day (docs/decisions/035), on the product's clock: at the booked slot the dealer's
 * inspector checks the car against the profile, check by check. As described, the car changes
 * hands at the agreed price and the seller is paid. Anything else the dealer wants to charge for
 * goes through the published rules (contract/price-rules.ts): refused items are recorded and
 * never counted; a revised offer waits for the seller, who approves it or declines it and keeps the
 * car; above the cap the dealer can only cancel. A few hours after the handover the trader tells
 * DVLA. Each step is written with its message in one batch, and each may be noticed twice (a
 * seller's visit and the Cron Trigger at once) without changing anything the second time.
 */

/** When the dealer arrives: the slot's start in the UK's own time (morning 8am, afternoon 12pm). */
export function slotStartMs(date: string, slot: 'morning' | 'afternoon'): number {
  const hour = slot === 'morning' ? 8 : 12;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, hour);
  const londonHour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', hourCycle: 'h23' }).format(new Date(asUtc)),
  );
  return asUtc - (londonHour - hour) * 3_600_000;
}

/** How long after the handover the trader tells DVLA (they do it online the same day). */
export const DVLA_AFTER_MS = 2 * 3_600_000;

const declaredOf = (profile: VehicleProfile, mileage: number | null) => ({
  issueKinds: profile.issues?.items.map((i) => i.kind) ?? [],
  keys: profile.keys,
  serviceHistory: profile.serviceHistory,
  mileage,
});

interface Written {
  statements: D1PreparedStatement[];
  messages: OutgoingMessage[];
  /** What runs once the batch has committed (the payouts sent). */
  after?: () => Promise<void>;
}

/**
 * The car changes hands at `finalAmount`: collected, the dealer's funds in and the payouts they pay
 * for requested (payouts.ts), in the batch; `after` sends what can be sent once it has committed.
 */
async function changeHands(env: PlatformEnv, enquiry: EnquiryRow, sale: SaleRow, finalAmount: number, nowIso: string): Promise<Written> {
  return {
    statements: [
      completeLot(env.DB, sale.id, finalAmount, nowIso, { paid: false }),
      moveEnquiry(env.DB, enquiry.id, { slug: 'sold-purchase-confirmed', status: 'sold_purchase_confirmed' }, nowIso),
      ...(await payoutsAtHandover(env, enquiry, sale, finalAmount, nowIso)),
    ],
    messages: [],
    after: () => dispatchPayouts(env, sale.id, Date.parse(nowIso)),
  };
}

/** The sale ends at the handover and the car stays with the seller, who may enter a sale again, free. */
function endSale(
  env: PlatformEnv,
  enquiry: EnquiryRow,
  sale: SaleRow,
  reason: 'revised_offer_declined' | 'dealer_cancelled',
  nowIso: string,
): Written {
  const agreed = sale.offer_amount ?? 0;
  const message =
    reason === 'dealer_cancelled'
      ? outgoing(env, enquiry.id, `dealer_cancelled#${sale.id}`, { kind: 'dealer_cancelled', agreed })
      : outgoing(env, enquiry.id, `revised_offer_declined#${sale.id}`, { kind: 'revised_offer_declined', agreed });
  const state =
    reason === 'dealer_cancelled'
      ? { slug: 'dealer-withdrew', status: 'not_as_described' }
      : { slug: 'customer-keep-car', status: 'customer_keep_car' };
  return {
    statements: [endLot(env.DB, sale.id, reason, nowIso), moveEnquiry(env.DB, enquiry.id, state, nowIso), message.statement],
    messages: [message],
  };
}

async function write(env: PlatformEnv, written: Written[]) {
  const statements = written.flatMap((w) => w.statements);
  if (statements.length) await env.DB.batch(statements);
  for (const message of written.flatMap((w) => w.messages)) await message.send();
  for (const w of written) await w.after?.();
}

/**
 * The handover inspection, now: the simulated dealer's report (providers/inspection.ts) held to the
 * published rules. The development switch calls it at once; the clock calls it at the slot.
 */
export async function handover(env: PlatformEnv, enquiry: EnquiryRow, sale: SaleRow, nowIso: string): Promise<void> {
  if (sale.inspected_at || sale.ended_at || sale.collected_at) return;
  const profile = await loadProfile(env, enquiry.id);
  const report = inspect(enquiry.vrm, profile, enquiry.mileage);
  const agreed = sale.offer_amount ?? 0;
  const assessment = assessAdjustment(agreed, report.items, declaredOf(profile, enquiry.mileage), report.found);

  // The inspector's photos first: a retry finds them there, and only their records go in the batch.
  const photos: D1PreparedStatement[] = [];
  for (const photo of report.photos) {
    const key = `collection/${sale.id}/${photo.slot}`;
    await env.DOCUMENTS.put(key, photo.body, { httpMetadata: { contentType: photo.contentType } });
    photos.push(recordCollectionPhoto(env.DB, sale.id, photo.slot, key, photo.contentType, nowIso));
  }
  const differences = report.checks.filter((c) => c.result === 'differs').length;
  const inspected = outgoing(env, enquiry.id, `inspection_done#${sale.id}`, { kind: 'inspection_done', differences });
  const record: Written = {
    statements: [
      ...insertVerifications(env.DB, sale.id, enquiry.id, report.checks, nowIso),
      markInspected(env.DB, sale.id, nowIso),
      ...photos,
      inspected.statement,
    ],
    messages: [inspected],
  };
  const offer = (status: PostSaleOfferRow['status'], items: AcceptedItem[], refused: RefusedItem[], proposed: number) =>
    insertPostSaleOffer(
      env.DB,
      { saleId: sale.id, enquiryId: enquiry.id, dealerId: sale.offer_dealer_id ?? 0, agreed, proposed, items, refused, status },
      nowIso,
    );

  if (assessment.kind === 'no_change') {
    // What the rules refused is kept where the seller can see it, beside the agreed price that stands.
    if (assessment.refused.length) record.statements.push(offer('refused', [], assessment.refused, agreed));
    await write(env, [record, await changeHands(env, enquiry, sale, agreed, nowIso)]);
    return;
  }
  if (assessment.kind === 'over_cap') {
    record.statements.push(offer('cancelled', assessment.items, assessment.refused, agreed - assessment.reduction));
    await write(env, [record, endSale(env, enquiry, sale, 'dealer_cancelled', nowIso)]);
    return;
  }
  const revised = outgoing(env, enquiry.id, `revised_offer#${sale.id}`, {
    kind: 'revised_offer',
    agreed,
    proposed: assessment.proposed,
    items: assessment.items.length,
  });
  record.statements.push(offer('proposed', assessment.items, assessment.refused, assessment.proposed), revised.statement);
  record.messages.push(revised);
  await write(env, [record]);
}

/** The seller's answer to a revised offer. Null when there is none open to answer. */
export async function answerRevisedOffer(
  env: PlatformEnv,
  enquiry: EnquiryRow,
  sale: SaleRow,
  offerId: number,
  decision: 'approve' | 'decline',
  nowIso: string,
): Promise<'answered' | 'no_revised_offer' | 'already_decided'> {
  const offer = await latestPostSaleOffer(env.DB, enquiry.id);
  if (!offer || offer.id !== offerId || offer.sale_id !== sale.id) return 'no_revised_offer';
  if (offer.status !== 'proposed') return 'already_decided';
  const decided = decidePostSaleOffer(env.DB, offer.id, decision === 'approve' ? 'approved' : 'declined', nowIso);
  if (decision === 'decline') {
    const ended = endSale(env, enquiry, sale, 'revised_offer_declined', nowIso);
    await write(env, [{ statements: [decided, ...ended.statements], messages: ended.messages }]);
    return 'answered';
  }
  const approved = outgoing(env, enquiry.id, `revised_offer_approved#${sale.id}`, {
    kind: 'revised_offer_approved',
    amount: offer.proposed_amount,
  });
  await write(env, [
    { statements: [decided, approved.statement], messages: [approved] },
    await changeHands(env, enquiry, sale, offer.proposed_amount, nowIso),
  ]);
  return 'answered';
}

/** The trader tells DVLA; the seller is told, with the V5C reference's last four digits only. */
async function dvlaStep(env: PlatformEnv, enquiry: EnquiryRow, sale: SaleRow, nowIso: string) {
  const { referenceLast4 } = tellDvla(enquiry.vrm);
  const message = outgoing(env, enquiry.id, `dvla_told#${sale.id}`, { kind: 'dvla_told', referenceLast4 });
  await write(env, [{ statements: [recordDvlaTold(env.DB, sale.id, referenceLast4, nowIso), message.statement], messages: [message] }]);
}

/**
 * What the clock has decided since anyone last asked, after acceptance: the handover at the booked
 * slot, DVLA told after it. True when something was written (the caller reads the sale again).
 */
export async function collectionDay(env: PlatformEnv, enquiry: EnquiryRow, sale: SaleRow, now: number): Promise<boolean> {
  if (sale.outcome !== 'accepted' || sale.ended_at) return false;
  const nowIso = new Date(now).toISOString();
  if (
    enquiry.dp_state_slug === 'sold-documents-reviewed' &&
    sale.collection_date &&
    sale.collection_slot &&
    !sale.inspected_at &&
    now >= slotStartMs(sale.collection_date, sale.collection_slot)
  ) {
    await handover(env, enquiry, sale, nowIso);
    return true;
  }
  let changed = false;
  if (sale.inspected_at && sale.collected_at) {
    // The money after the handover moves on the clock too: sent, credited, returned and paid again.
    await settlePayouts(env, sale.id, now);
    changed = true;
  }
  if (sale.inspected_at && sale.collected_at && !sale.dvla_notified_at && now >= Date.parse(sale.collected_at) + DVLA_AFTER_MS) {
    await dvlaStep(env, enquiry, sale, nowIso);
    changed = true;
  }
  return changed;
}

/* What the seller sees ------------------------------------------------------------------------- */

export function postSaleOfferView(row: PostSaleOfferRow, photoSlots: string[]): PostSaleOffer {
  const dealer = DEALERS.find((d) => d.id === row.dealer_id);
  const items = JSON.parse(row.items) as AcceptedItem[];
  return {
    id: row.id,
    status: row.status,
    dealer: dealer ? { id: dealer.id, name: dealer.name } : null,
    agreedAmount: row.agreed_amount,
    proposedAmount: row.proposed_amount,
    items: items.map((item) => ({ ...item, collectionPhoto: !!item.slot && photoSlots.includes(item.slot) })),
    refused: JSON.parse(row.refused) as RefusedItem[],
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

/** The inspection's checks and the latest revised offer (or refused attempt), as the seller's pages show them. */
export async function collectionDayView(env: PlatformEnv, enquiryId: number, sale: SaleRow | null): Promise<CollectionDayView> {
  if (!sale?.inspected_at) return { inspectedAt: null, checks: [], offer: null };
  const [checks, offer, photoSlots] = await Promise.all([
    verificationsOf(env.DB, sale.id),
    latestPostSaleOffer(env.DB, enquiryId),
    collectionPhotoSlots(env.DB, sale.id),
  ]);
  return {
    inspectedAt: sale.inspected_at,
    checks: checks.map((c) => ({
      check: c.check_id,
      title: checkTitle(c.check_id),
      result: c.result,
      detail: c.detail,
      recordedAt: c.recorded_at,
    })),
    offer: offer && offer.sale_id === sale.id ? postSaleOfferView(offer, photoSlots) : null,
  };
}
