import type { SaleView, ServiceHistory, VehicleProfile } from '../../../contract/sale';
import { PHOTO_SLOTS } from '../../../contract/documents';
import type { EnquiryRow } from '../records/enquiries';
import { intVar, type PlatformEnv } from '../env';
import { findRegistered, makeOf } from '../providers/register';
import { DEALERS } from '../providers/dealers';
import { reserveFor, saleStateAt, simulateBids, type ProxyBid, type SaleLot } from '../providers/bidding';
import { ageInYears } from '../providers/valuation';
import { clockNow, clockNowMs } from '../clock';
import { notify } from '../notify/messages';

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

interface SaleRow {
  id: number;
  enquiry_id: number;
  seed: number;
  valuation: number;
  reserve: number;
  starts_at: number;
  ends_at: number;
  offer_amount: number | null;
  offer_dealer_id: number | null;
  offer_expires_at: number | null;
  outcome: 'accepted' | 'declined' | 'expired' | null;
  accepted_at: string | null;
  confirmed_at: string | null;
  documents_reviewed_at: string | null;
  collection_date: string | null;
  collection_slot: 'morning' | 'afternoon' | null;
  collection_notes: string | null;
  collection_address: string | null;
  collected_at: string | null;
  paid_at: string | null;
}

interface ProfileRow {
  enquiry_id: number;
  features: string | null;
  service_history: ServiceHistory | null;
  finance: string | null;
  issues: string | null;
  keys: number | null;
}

const parse = <T>(text: string | null): T | null => (text ? (JSON.parse(text) as T) : null);

async function missingPhotos(env: PlatformEnv, enquiryId: number): Promise<string[]> {
  try {
    const { results } = await env.DB.prepare('SELECT slot FROM vehicle_photos WHERE enquiry_id = ?1')
      .bind(enquiryId)
      .all<{ slot: string }>();
    const have = new Set(results.map((r) => r.slot));
    return PHOTO_SLOTS.filter((s) => s.required && !have.has(s.id)).map((s) => s.id);
  } catch {
    return [];
  }
}

export async function loadProfile(env: PlatformEnv, enquiryId: number): Promise<VehicleProfile> {
  const row = await env.DB.prepare('SELECT * FROM vehicle_profiles WHERE enquiry_id = ?1').bind(enquiryId).first<ProfileRow>();
  const profile = {
    features: parse<string[]>(row?.features ?? null),
    serviceHistory: row?.service_history ?? null,
    finance: parse<VehicleProfile['finance']>(row?.finance ?? null),
    issues: parse<VehicleProfile['issues']>(row?.issues ?? null),
    keys: row?.keys ?? null,
    missingPhotos: await missingPhotos(env, enquiryId),
  };
  const complete =
    profile.features !== null &&
    profile.serviceHistory !== null &&
    profile.finance !== null &&
    profile.issues !== null &&
    profile.keys !== null &&
    profile.missingPhotos.length === 0;
  return { ...profile, complete };
}

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

async function latestSale(env: PlatformEnv, enquiryId: number): Promise<SaleRow | null> {
  return env.DB.prepare('SELECT * FROM sales WHERE enquiry_id = ?1 ORDER BY id DESC LIMIT 1').bind(enquiryId).first<SaleRow>();
}

/** Brings the enquiry's state up to the clock, and describes the sale to the seller. */
export async function advance(
  env: PlatformEnv,
  enquiry: EnquiryRow,
  now = clockNowMs(),
): Promise<{ enquiry: EnquiryRow; sale: SaleView | null }> {
  const sale = await latestSale(env, enquiry.id);
  if (!sale) return { enquiry, sale: null };
  const { results } = await env.DB.prepare(
    'SELECT dealer_id AS dealerId, max_amount AS maxAmount, placed_at AS placedAt FROM bids WHERE sale_id = ?1',
  )
    .bind(sale.id)
    .all<ProxyBid>();
  const lot = await lotFor(env, enquiry, sale);
  const state = saleStateAt(lot, results, now);

  let outcome = sale.outcome;
  if (state.status === 'under_offer' && !outcome && sale.offer_expires_at !== null && now >= sale.offer_expires_at) {
    outcome = 'expired';
    await env.DB.prepare("UPDATE sales SET outcome = 'expired' WHERE id = ?1 AND outcome IS NULL").bind(sale.id).run();
  }
  if (state.status === 'under_offer' && sale.offer_amount === null) {
    // The sale has just ended with an offer: the seller has offerValid to accept it.
    const expires = sale.ends_at + saleSettings(env).offerValid;
    await env.DB.prepare('UPDATE sales SET offer_amount = ?1, offer_dealer_id = ?2, offer_expires_at = ?3 WHERE id = ?4')
      .bind(state.offer!.amount, state.offer!.dealerId, expires, sale.id)
      .run();
    Object.assign(sale, { offer_amount: state.offer!.amount, offer_dealer_id: state.offer!.dealerId, offer_expires_at: expires });
  }

  // After acceptance the seller's steps, not the auction, move the state on.
  const slug = outcome === 'accepted' ? enquiry.dp_state_slug : outcome ? `offer-${outcome}` : DP_STATE[state.status];
  const status = outcome === 'accepted' ? enquiry.status : state.status;
  const dealer = DEALERS.find((d) => d.id === sale.offer_dealer_id);
  if (slug !== enquiry.dp_state_slug || status !== enquiry.status) {
    await env.DB.prepare('UPDATE enquiries SET dp_state_slug = ?1, status = ?2, updated_at = ?3 WHERE id = ?4')
      .bind(slug, status, new Date(now).toISOString(), enquiry.id)
      .run();
    // The seller hears of the change whoever noticed it (their visit or the Cron Trigger); two
    // noticing it at once enqueue it twice, and the consumer sends it once.
    if (slug !== enquiry.dp_state_slug) await notifyChange(env, enquiry.id, sale, slug, dealer?.town ?? null);
    enquiry = { ...enquiry, dp_state_slug: slug, status };
  }

  const phase = outcome ?? state.status;
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
    },
  };
}

/** The message a new state of the auction owes the seller, if any. */
async function notifyChange(env: PlatformEnv, enquiryId: number, sale: SaleRow, slug: string | null, dealerTown: string | null) {
  if (slug === DP_STATE.sale_active) {
    await notify(env, enquiryId, `sale_started#${sale.id}`, { kind: 'sale_started', endsAt: new Date(sale.ends_at).toISOString() });
  } else if (slug === DP_STATE.under_offer && sale.offer_amount !== null && sale.offer_expires_at !== null && dealerTown) {
    await notify(env, enquiryId, `offer_arrived#${sale.id}`, {
      kind: 'offer_arrived',
      amount: sale.offer_amount,
      dealerArea: dealerTown,
      expiresAt: new Date(sale.offer_expires_at).toISOString(),
    });
  } else if (slug === DP_STATE.unsold_no_bids) {
    await notify(env, enquiryId, `no_bids#${sale.id}`, { kind: 'no_bids' });
  }
}

/** Puts the lot into the next sale: the dealers' proxy bids are drawn now, once, and kept. */
export async function startSale(env: PlatformEnv, enquiry: EnquiryRow, now: number): Promise<void> {
  const settings = saleSettings(env);
  const previous = await env.DB.prepare('SELECT count(*) AS n FROM sales WHERE enquiry_id = ?1').bind(enquiry.id).first<{ n: number }>();
  const valuation = (JSON.parse(enquiry.valuation ?? '{}') as { price?: number }).price ?? 0;
  const startsAt = now + settings.startDelay;
  const draft = {
    enquiry_id: enquiry.id,
    valuation,
    reserve: reserveFor(valuation),
    starts_at: startsAt,
    ends_at: startsAt + settings.window,
  };
  // A relisted car meets a new day's dealers: another seed.
  const seed = settings.seed + enquiry.id * 31 + (previous?.n ?? 0);
  const sale = await env.DB.prepare(
    'INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id',
  )
    .bind(enquiry.id, seed, draft.valuation, draft.reserve, draft.starts_at, draft.ends_at, new Date(now).toISOString())
    .first<{ id: number }>();
  const bids = simulateBids(await lotFor(env, enquiry, draft), DEALERS, seed);
  await env.DB.batch([
    ...bids.map((b) =>
      env.DB.prepare('INSERT INTO bids (sale_id, dealer_id, max_amount, placed_at) VALUES (?1, ?2, ?3, ?4)').bind(
        sale!.id,
        b.dealerId,
        b.maxAmount,
        b.placedAt,
      ),
    ),
    env.DB.prepare(
      "UPDATE enquiries SET dp_enquiry_id = ?1, dp_state_slug = 'ready-for-sale', status = 'ready_for_sale', updated_at = ?2 WHERE id = ?3",
    ).bind(sale!.id, new Date(now).toISOString(), enquiry.id),
  ]);
  await notify(env, enquiry.id, `sale_entered#${sale!.id}`, { kind: 'sale_entered', startsAt: new Date(startsAt).toISOString() });
}
