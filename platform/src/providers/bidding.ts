import type { Dealer } from './dealers';

/**
 * The simulated daily sale: which dealers bid on a lot, how much they are prepared to pay, when they
 * bid, and what the sale shows at any moment. Everything is deterministic: the same lot, dealers and
 * seed always give the same bids, so a sale can be replayed from its inputs at any time.
 */

export interface SaleLot {
  enquiryId: number;
  vrm: string;
  /** display name, e.g. 'Ford' */
  make: string;
  model: string;
  /** 'PETROL' | 'DIESEL' | 'ELECTRICITY' | 'HYBRID ELECTRIC' */
  fuel: string;
  vehicleType: 'car' | 'van' | 'motorcycle';
  ageYears: number;
  mileage: number;
  /** GBP, the instant valuation */
  valuation: number;
  /** GBP */
  reserve: number;
  /** epoch ms */
  startsAt: number;
  /** epoch ms */
  endsAt: number;
  /** declared damage/issues lower dealer appetite: count of declared issues */
  declaredIssues: number;
}

export interface ProxyBid {
  dealerId: number;
  maxAmount: number;
  /** ms, within [startsAt, endsAt) */
  placedAt: number;
}

export type SaleStatus = 'ready_for_sale' | 'sale_active' | 'under_offer' | 'unsold_no_bids' | 'unsold_below_reserve_bid';

export interface SaleState {
  status: SaleStatus;
  /** the price the leading dealer currently pays under proxy bidding (null before any bid) */
  currentPrice: number | null;
  leadingDealerId: number | null;
  /** bids placed so far (at `now`) */
  bidCount: number;
  /** distinct dealers who have bid so far */
  biddingDealers: number;
  endsAt: number;
  /** set once the sale has ended with an offer */
  offer: { dealerId: number; amount: number } | null;
}

// ---------------------------------------------------------------------------------------------
// Reserve and bid increments
// ---------------------------------------------------------------------------------------------

/** The reserve is 92% of the instant valuation, rounded down to the nearest £25. */
export const RESERVE_SHARE = 0.92;
/** Maximum bids, reserves and prices move in whole steps of £25. */
export const PRICE_STEP = 25;
/** With no rival bid the auction opens at £25. */
export const OPENING_BID = 25;

/** Reserve: 92% of the valuation rounded down to £25 (never below £0). */
export function reserveFor(valuation: number): number {
  return Math.max(0, Math.floor((valuation * RESERVE_SHARE) / PRICE_STEP) * PRICE_STEP);
}

/**
 * Bid increment above a price: £25 below £1,000; £50 from £1,000 to below £5,000; £100 from £5,000
 * to below £20,000; £250 from £20,000.
 */
export function bidIncrement(price: number): number {
  if (price < 1_000) return 25;
  if (price < 5_000) return 50;
  if (price < 20_000) return 100;
  return 250;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/** Mixes integers into a 32-bit seed (the murmur3 finaliser, applied after each input). */
function mixSeed(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h = Math.imul(h ^ (value | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** mulberry32: a tiny, fast PRNG with a 32-bit state; returns numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// ---------------------------------------------------------------------------------------------
// Which dealers bid
// ---------------------------------------------------------------------------------------------

/** Makes that prestige dealers favour. */
export const PRESTIGE_MAKES: readonly string[] = ['BMW', 'MERCEDES-BENZ', 'AUDI', 'LAND ROVER', 'JAGUAR', 'TESLA', 'VOLVO', 'PORSCHE'];
/** Vehicles this old count as classics. */
export const CLASSIC_AGE = 40;
/** Cars valued below this are budget cars. */
export const BUDGET_LIMIT = 3_000;
/** Below this a vehicle is near scrap value and few dealers want it. */
export const SCRAP_LIMIT = 500;

/** A typical generalist bids on about a quarter of ordinary cars, scaled by appetite. */
const BASE_INTEREST = 0.28;
/** A dealer whose lot matches their speciality is this many times keener. */
const SPECIALIST_MATCH = 3;
/** Off their speciality, a specialist is a quarter as keen as a generalist would be. */
const SPECIALIST_OFF = 0.25;
/** Each declared issue cuts interest by 30%. */
const ISSUE_INTEREST = 0.7;
/** Nobody bids on more than 90% of the lots they see. */
const MAX_INTEREST = 0.9;
/** Interest below 3% is treated as none: the dealer doesn't look twice. */
const MIN_INTEREST = 0.03;

function isPrestige(make: string): boolean {
  return PRESTIGE_MAKES.includes(make.trim().toUpperCase().replace(/\s+/g, ' '));
}

/** The specialities a lot belongs to. */
export function lotSpecialities(lot: SaleLot): string[] {
  const tags: string[] = [];
  if (lot.vehicleType === 'van') tags.push('van');
  if (lot.vehicleType === 'motorcycle') tags.push('motorcycle');
  if (lot.fuel === 'ELECTRICITY') tags.push('electric');
  if (lot.fuel.includes('HYBRID')) tags.push('hybrid');
  if (lot.fuel === 'DIESEL') tags.push('diesel');
  if (isPrestige(lot.make)) tags.push('prestige');
  if (lot.ageYears >= CLASSIC_AGE) tags.push('classic');
  if (lot.valuation < BUDGET_LIMIT) tags.push('budget');
  return tags;
}

/**
 * How well a lot suits a generalist car dealer (1 = an ordinary used car): vans are a sideline
 * (0.35), motorcycles almost never (0.03), classics a rarity (0.25), electric cars a little
 * wary (0.7 for battery-health doubts), and cheap cars barely worth the preparation (0.3 below
 * £1,000).
 */
function generalFit(lot: SaleLot): number {
  let fit = lot.vehicleType === 'van' ? 0.35 : lot.vehicleType === 'motorcycle' ? 0.03 : 1;
  if (lot.ageYears >= CLASSIC_AGE) fit *= 0.25;
  if (lot.fuel === 'ELECTRICITY') fit *= 0.7;
  if (lot.valuation < 1_000) fit *= 0.3;
  return fit;
}

/**
 * A dealer's chance of bidding on a lot:
 * 0.28 × appetite × fit × 0.7^declaredIssues, at most 90%, and none below 3%. Fit is 3 when the
 * lot matches one of the dealer's specialities, 1 for an ordinary car to a generalist (less for
 * vans, motorcycles, classics, electric and very cheap cars), and a quarter of the generalist
 * figure when a specialist looks outside their speciality. A lot near scrap value (under £500)
 * interests everybody a third as much. Dealers never bid when 85% of the valuation is beyond their
 * maximum spend.
 */
export function interestIn(dealer: Dealer, lot: SaleLot): number {
  if (lot.valuation * 0.85 > dealer.maxSpend) return 0;
  const tags = lotSpecialities(lot);
  const matched = dealer.specialities.some((speciality) => tags.includes(speciality));
  const fit = matched ? SPECIALIST_MATCH : dealer.specialities.length > 0 ? SPECIALIST_OFF * generalFit(lot) : generalFit(lot);
  const scrap = lot.valuation < SCRAP_LIMIT ? 1 / 3 : 1;
  const issues = Math.pow(ISSUE_INTEREST, Math.max(0, lot.declaredIssues));
  const interest = Math.min(MAX_INTEREST, BASE_INTEREST * dealer.appetite * fit * scrap * issues);
  return interest < MIN_INTEREST ? 0 : interest;
}

// ---------------------------------------------------------------------------------------------
// Simulated bids
// ---------------------------------------------------------------------------------------------

/**
 * A bidding dealer's private maximum: the valuation × a factor between 0.84 and 1.08 (the sum of two
 * draws, so most land near 0.96), plus 0.05 for a specialist on their own ground and up to ±0.02
 * for appetite, less 3% per declared issue (at most 30%). Rounded down to £25 and capped at the
 * dealer's maximum spend.
 */
function proxyMaximum(dealer: Dealer, lot: SaleLot, matched: boolean, random: () => number): number {
  let factor = 0.84 + 0.12 * (random() + random());
  if (matched) factor += 0.05;
  factor += 0.04 * (dealer.appetite - 0.5);
  factor *= 1 - Math.min(0.3, 0.03 * Math.max(0, lot.declaredIssues));
  const amount = Math.floor((lot.valuation * factor) / PRICE_STEP) * PRICE_STEP;
  const cap = Math.floor(dealer.maxSpend / PRICE_STEP) * PRICE_STEP;
  return Math.min(Math.max(PRICE_STEP, amount), cap);
}

/**
 * The simulated proxy bids on a lot, in the order they are placed. Each dealer draws from their
 * own stream seeded by (seed, enquiry id, dealer id), so adding or removing a dealer never changes
 * another dealer's bid. A bid lands at fraction √u of the window for a uniform draw u: bidding
 * quickens towards the close, and about half the bids arrive in the last 30% of the window.
 */
export function simulateBids(lot: SaleLot, dealers: readonly Dealer[], seed: number): ProxyBid[] {
  const window = lot.endsAt - lot.startsAt;
  if (!(window > 0)) return [];
  const tags = lotSpecialities(lot);
  const bids: ProxyBid[] = [];
  for (const dealer of dealers) {
    const random = mulberry32(mixSeed(seed, lot.enquiryId, dealer.id));
    // Draw in a fixed order whether or not the dealer bids, so each draw has one meaning.
    const bidRoll = random();
    const timeRoll = random();
    const interest = interestIn(dealer, lot);
    if (bidRoll >= interest) continue;
    const matched = dealer.specialities.some((speciality) => tags.includes(speciality));
    const maxAmount = proxyMaximum(dealer, lot, matched, random);
    if (maxAmount <= 0) continue;
    const placedAt = lot.startsAt + Math.floor(Math.sqrt(timeRoll) * window);
    bids.push({ dealerId: dealer.id, maxAmount, placedAt });
  }
  return bids.sort((a, b) => a.placedAt - b.placedAt || a.dealerId - b.dealerId);
}

// ---------------------------------------------------------------------------------------------
// Proxy bidding
// ---------------------------------------------------------------------------------------------

/**
 * The sale at a moment, from the proxy bids placed so far (a bid counts from its `placedAt`; bids
 * outside [startsAt, endsAt) are ignored).
 *
 * - The leader is the dealer with the highest maximum; on a tie the dealer who reached it first
 *   leads (bids at the same instant keep their order in the list).
 * - The price is the lowest the leader needs to beat every rival: the highest rival maximum plus one
 *   increment (£25 to open, with no rival), never more than the leader's maximum.
 * - Reserve: once the leader's maximum meets the reserve the price is at least the reserve (so a
 *   single bidder pays the reserve). While it is below the reserve, the leader's proxy bids up to
 *   their full maximum in an attempt to meet it, so the price shows that maximum.
 * - Status: 'ready_for_sale' before startsAt, 'sale_active' until endsAt; then 'unsold_no_bids'
 *   without bids, 'unsold_below_reserve_bid' if the highest maximum is below the reserve, else
 *   'under_offer' with the leader's offer at the final price.
 *
 * The price never falls during a sale: maxima only rise, so both the leader's and the best rival's
 * can only go up.
 */
export function saleStateAt(lot: SaleLot, bids: readonly ProxyBid[], now: number): SaleState {
  const placed = bids
    .filter((bid) => bid.placedAt >= lot.startsAt && bid.placedAt < lot.endsAt && bid.placedAt <= now)
    // Array.prototype.sort is stable, so simultaneous bids keep their order.
    .sort((a, b) => a.placedAt - b.placedAt);

  // Each dealer's highest maximum, and when (in placement order) they first reached it.
  const byDealer = new Map<number, { max: number; reachedAt: number }>();
  placed.forEach((bid, order) => {
    const best = byDealer.get(bid.dealerId);
    if (!best || bid.maxAmount > best.max) byDealer.set(bid.dealerId, { max: bid.maxAmount, reachedAt: order });
  });

  let leader: { dealerId: number; max: number; reachedAt: number } | null = null;
  for (const [dealerId, best] of byDealer) {
    if (!leader || best.max > leader.max || (best.max === leader.max && best.reachedAt < leader.reachedAt)) {
      leader = { dealerId, ...best };
    }
  }
  let rival: number | null = null;
  for (const [dealerId, best] of byDealer) {
    if (dealerId !== leader?.dealerId && (rival === null || best.max > rival)) rival = best.max;
  }

  let currentPrice: number | null = null;
  if (leader) {
    const ask = rival === null ? OPENING_BID : rival + bidIncrement(rival);
    currentPrice = Math.min(leader.max, Math.max(lot.reserve, ask));
  }

  let status: SaleStatus;
  if (now < lot.startsAt) status = 'ready_for_sale';
  else if (now < lot.endsAt) status = 'sale_active';
  else if (!leader) status = 'unsold_no_bids';
  else if (leader.max < lot.reserve) status = 'unsold_below_reserve_bid';
  else status = 'under_offer';

  return {
    status,
    currentPrice,
    leadingDealerId: leader?.dealerId ?? null,
    bidCount: placed.length,
    biddingDealers: byDealer.size,
    endsAt: lot.endsAt,
    offer: status === 'under_offer' && leader && currentPrice !== null ? { dealerId: leader.dealerId, amount: currentPrice } : null,
  };
}
