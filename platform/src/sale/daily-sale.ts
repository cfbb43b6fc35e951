import type { SaleView } from '../../../contract/sale';
import { enterEnquiryInSale, findEnquiryById, moveEnquiry, type EnquiryRow } from '../records/enquiries';
import { collectionDay } from './collection-day';
import { intVar, type PlatformEnv } from '../env';
import { findRegistered, makeOf } from '../providers/register';
import { DEALERS } from '../providers/dealers';
import { reserveFor, saleStateAt, simulateBids, type SaleLot } from '../providers/bidding';
import { ageInYears } from '../providers/valuation';
import { clockNow, clockNowMs } from '../clock';
import { outgoing, type OutgoingMessage } from '../notify/messages';
import { loadProfile } from './profile';
import { bidsOf, expireOffer, insertLot, latestSale, recordOffer, salesCount, type SaleRow } from './sale-store';

/**
 * The daily dealer sale. A complete profile enters the next sale; dealers' proxy bids are
 * simulated once when the lot is created and kept; everything after that is a function of those
 * bids, the seller's decisions and the clock, worked out when anyone asks (no cron needed).
 *
 * Apart from the seller's endpoints (sale.ts) because the steps after acceptance (post-sale.ts)
 * bring a sale up to the clock too, and sale.ts asks post-sale.ts where those steps stand.
 */

const SECOND = 1000;
export const DEFAULTS = {
  /** Until the next sale starts, and how long it runs: wrangler.toml shortens both for local use. */
  startDelaySeconds: 3600,
  windowSeconds: 20 * 3600,
  /** How long the seller has to accept the highest offer. */
  offerValidSeconds: 48 * 3600,
  seed: 20_261_121,
};

/** Sale timings from the environment (platform/wrangler.toml), so a local sale lasts a minute. */
interface SaleEnv {
  SALE_START_DELAY_SECONDS?: string;
  SALE_WINDOW_SECONDS?: string;
  OFFER_VALID_SECONDS?: string;
  SALE_SEED?: string;
}

function saleSettings(platformEnv: PlatformEnv) {
  const env = platformEnv as unknown as SaleEnv;
  return {
    startDelay: intVar(env.SALE_START_DELAY_SECONDS, DEFAULTS.startDelaySeconds) * SECOND,
    window: intVar(env.SALE_WINDOW_SECONDS, DEFAULTS.windowSeconds) * SECOND,
    offerValid: intVar(env.OFFER_VALID_SECONDS, DEFAULTS.offerValidSeconds) * SECOND,
    seed: intVar(env.SALE_SEED, DEFAULTS.seed),
  };
}

async function lotFor(
  env: PlatformEnv,
  enquiry: EnquiryRow,
  sale: Pick<SaleRow, 'enquiry_id' | 'valuation' | 'reserve' | 'starts_at' | 'ends_at'>,
): Promise<SaleLot> {
  const registered = await findRegistered(env.DB, enquiry.vrm);
  const row = registered!.row;
  const profile = await loadProfile(env, enquiry.id);
  return {
    enquiryId: sale.enquiry_id,
    vrm: enquiry.vrm,
    make: makeOf(row.make).display_name,
    model: row.model,
    fuel: row.fuel_type,
    vehicleType: row.vehicle_type,
    ageYears: ageInYears(row.first_used_date, clockNow()),
    mileage: enquiry.mileage ?? 0,
    valuation: sale.valuation,
    reserve: sale.reserve,
    startsAt: sale.starts_at,
    endsAt: sale.ends_at,
    declaredIssues: profile.issues?.items.length ?? 0,
  };
}

const DP_STATE = {
  ready_for_sale: 'ready-for-sale',
  sale_active: 'sale-active',
  under_offer: 'under-offer',
  unsold_no_bids: 'unsold-no-bids',
  unsold_below_reserve_bid: 'unsold-below-reserve-bid',
} as const;

/** Brings the enquiry's state up to the clock, and describes the sale to the seller. */
export async function advance(
  env: PlatformEnv,
  enquiry: EnquiryRow,
  now = clockNowMs(),
): Promise<{ enquiry: EnquiryRow; sale: SaleView | null }> {
  const first = await latestSale(env.DB, enquiry.id);
  if (!first) return { enquiry, sale: null };
  let sale: SaleRow = first;
  const lot = await lotFor(env, enquiry, sale);
  const state = saleStateAt(lot, await bidsOf(env.DB, sale.id), now);

  // What the clock has decided since anyone last asked: written in one batch with the enquiry's
  // new state and the message that state owes the seller, so neither is ever without the other.
  const changes: D1PreparedStatement[] = [];
  let outcome = sale.outcome;
  if (state.status === 'under_offer' && !outcome && sale.offer_expires_at !== null && now >= sale.offer_expires_at) {
    outcome = 'expired';
    changes.push(expireOffer(env.DB, sale.id));
  }
  if (state.status === 'under_offer' && sale.offer_amount === null) {
    // The sale has just ended with an offer: the seller has offerValid to accept it.
    const offer = { amount: state.offer!.amount, dealerId: state.offer!.dealerId, expiresAt: sale.ends_at + saleSettings(env).offerValid };
    changes.push(recordOffer(env.DB, sale.id, offer));
    Object.assign(sale, { offer_amount: offer.amount, offer_dealer_id: offer.dealerId, offer_expires_at: offer.expiresAt });
  }

  // After acceptance the seller's steps, not the auction, move the state on.
  const slug = outcome === 'accepted' ? enquiry.dp_state_slug : outcome ? `offer-${outcome}` : DP_STATE[state.status];
  const status = outcome === 'accepted' ? enquiry.status : state.status;
  const dealer = DEALERS.find((d) => d.id === sale.offer_dealer_id);
  let message: OutgoingMessage | null = null;
  const moved = slug !== enquiry.dp_state_slug || status !== enquiry.status;
  if (moved) {
    changes.push(moveEnquiry(env.DB, enquiry.id, { slug, status }, new Date(now).toISOString()));
    // The seller hears of the change whoever noticed it (their visit or the Cron Trigger); two
    // noticing it at once record it twice, and the consumer sends it once.
    if (slug !== enquiry.dp_state_slug) message = changeMessage(env, enquiry.id, sale, slug, dealer?.town ?? null);
  }
  if (message) changes.push(message.statement);
  if (changes.length) await env.DB.batch(changes);
  await message?.send();
  if (moved) enquiry = { ...enquiry, dp_state_slug: slug, status };
  // After acceptance the clock moves collection day on (collection-day.ts): read both again after it.
  if (outcome === 'accepted' && (await collectionDay(env, enquiry, sale, now))) {
    sale = (await latestSale(env.DB, enquiry.id))!;
    enquiry = (await findEnquiryById(env.DB, enquiry.id))!;
  }

  const phase = sale.ended_at ? 'ended' : (outcome ?? state.status);
  return {
    enquiry,
    sale: {
      id: sale.id,
      phase,
      startsAt: new Date(sale.starts_at).toISOString(),
      endsAt: new Date(sale.ends_at).toISOString(),
      reserve: sale.reserve,
      currentPrice: state.currentPrice,
      bidCount: state.bidCount,
      biddingDealers: state.biddingDealers,
      offer:
        sale.offer_amount !== null && dealer
          ? {
              amount: sale.offer_amount,
              dealer: { id: dealer.id, name: dealer.name, town: dealer.town },
              expiresAt: new Date(sale.offer_expires_at!).toISOString(),
            }
          : null,
      acceptedAt: sale.accepted_at,
      confirmedAt: sale.confirmed_at,
      documentsReviewedAt: sale.documents_reviewed_at,
      collection: sale.collection_date
        ? { date: sale.collection_date, slot: sale.collection_slot!, notes: sale.collection_notes, address: sale.collection_address }
        : null,
      collectedAt: sale.collected_at,
      paidAt: sale.paid_at,
      inspectedAt: sale.inspected_at,
      finalAmount: sale.final_amount,
      ended: sale.ended_at && sale.ended_reason ? { at: sale.ended_at, reason: sale.ended_reason } : null,
      dvla:
        sale.dvla_notified_at && sale.dvla_reference_last4
          ? { notifiedAt: sale.dvla_notified_at, referenceLast4: sale.dvla_reference_last4 }
          : null,
    },
  };
}

/** The message a new state of the auction owes the seller, if any. */
function changeMessage(env: PlatformEnv, enquiryId: number, sale: SaleRow, slug: string | null, dealerTown: string | null) {
  if (slug === DP_STATE.sale_active) {
    return outgoing(env, enquiryId, `sale_started#${sale.id}`, { kind: 'sale_started', endsAt: new Date(sale.ends_at).toISOString() });
  }
  if (slug === DP_STATE.under_offer && sale.offer_amount !== null && sale.offer_expires_at !== null && dealerTown) {
    return outgoing(env, enquiryId, `offer_arrived#${sale.id}`, {
      kind: 'offer_arrived',
      amount: sale.offer_amount,
      dealerArea: dealerTown,
      expiresAt: new Date(sale.offer_expires_at).toISOString(),
    });
  }
  if (slug === DP_STATE.unsold_no_bids) return outgoing(env, enquiryId, `no_bids#${sale.id}`, { kind: 'no_bids' });
  return null;
}

/**
 * Puts the lot into the next sale: the dealers' proxy bids are drawn now, once, and kept. The lot,
 * its bids, the enquiry's new state and the message saying so are one batch.
 */
export async function startSale(env: PlatformEnv, enquiry: EnquiryRow, now: number): Promise<void> {
  const settings = saleSettings(env);
  const shown = JSON.parse(enquiry.valuation ?? '{}') as { price?: number; low?: number; high?: number };
  const valuation = shown.price ?? 0;
  const startsAt = now + settings.startDelay;
  const draft = {
    enquiry_id: enquiry.id,
    valuation,
    reserve: reserveFor(valuation),
    starts_at: startsAt,
    ends_at: startsAt + settings.window,
  };
  // A relisted car meets a new day's dealers: another seed.
  const lots = await salesCount(env.DB, enquiry.id);
  const seed = settings.seed + enquiry.id * 31 + lots;
  const bids = simulateBids(await lotFor(env, enquiry, draft), DEALERS, seed);
  const nowIso = new Date(now).toISOString();
  // Keyed by the enquiry and its lot's number, not the lot's id, which the batch itself gives.
  const message = outgoing(env, enquiry.id, `sale_entered#${enquiry.id}.${lots + 1}`, {
    kind: 'sale_entered',
    startsAt: new Date(startsAt).toISOString(),
  });
  const range = { valuationLow: shown.low ?? null, valuationHigh: shown.high ?? null };
  const lot = { enquiryId: enquiry.id, seed, valuation, ...range, reserve: draft.reserve, startsAt, endsAt: draft.ends_at };
  await env.DB.batch([...insertLot(env.DB, lot, bids, nowIso), enterEnquiryInSale(env.DB, enquiry.id, nowIso), message.statement]);
  await message.send();
}
