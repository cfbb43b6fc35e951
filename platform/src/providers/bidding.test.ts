import { describe, expect, it } from 'vitest';
import { DEALERS, type Dealer } from './dealers';
import { bidIncrement, reserveFor, saleStateAt, simulateBids, type ProxyBid, type SaleLot } from './bidding';

const HOUR = 3_600_000;
const START = Date.parse('2026-11-02T09:00:00Z');
const END = START + 20 * HOUR;
const SEEDS = Array.from({ length: 50 }, (_, i) => i + 1);

/** A 6-year-old Ford Fiesta valued at £7,000: the ordinary car. */
const fiesta: SaleLot = {
  enquiryId: 1001,
  vrm: 'AB20CDE',
  make: 'Ford',
  model: 'Fiesta',
  fuel: 'PETROL',
  vehicleType: 'car',
  ageYears: 6,
  mileage: 45_000,
  valuation: 7_000,
  reserve: reserveFor(7_000),
  startsAt: START,
  endsAt: END,
  declaredIssues: 0,
};
const transit: SaleLot = {
  ...fiesta,
  enquiryId: 1002,
  vrm: 'VN19VAN',
  model: 'Transit Custom',
  fuel: 'DIESEL',
  vehicleType: 'van',
  valuation: 12_000,
  reserve: reserveFor(12_000),
};
const scrap: SaleLot = {
  ...fiesta,
  enquiryId: 1003,
  vrm: 'R123ABC',
  model: 'Ka',
  ageYears: 22,
  mileage: 160_000,
  valuation: 150,
  reserve: reserveFor(150),
  declaredIssues: 6,
};
const rangeRover: SaleLot = {
  ...fiesta,
  enquiryId: 1004,
  vrm: 'LR21RRR',
  make: 'Land Rover',
  model: 'Range Rover',
  fuel: 'DIESEL',
  valuation: 60_000,
  reserve: reserveFor(60_000),
};
const motorcycle: SaleLot = {
  ...fiesta,
  enquiryId: 1005,
  vrm: 'MC70BKE',
  make: 'Honda',
  model: 'CB500F',
  vehicleType: 'motorcycle',
  valuation: 4_000,
  reserve: reserveFor(4_000),
};

const dealerById = new Map(DEALERS.map((dealer) => [dealer.id, dealer]));
const specialistsIn = (speciality: string) => new Set(DEALERS.filter((d) => d.specialities.includes(speciality)).map((d) => d.id));
const bidsFor = (lot: SaleLot, seed: number) => simulateBids(lot, DEALERS, seed);

/** A hand-made lot for the proxy-bidding rules: a window of 0..1000 ms and a £1,000 reserve. */
const manual: SaleLot = { ...fiesta, enquiryId: 1, reserve: 1_000, startsAt: 0, endsAt: 1_000 };
const bid = (dealerId: number, maxAmount: number, placedAt: number): ProxyBid => ({ dealerId, maxAmount, placedAt });
const DURING = 999;

describe('the dealers', () => {
  it('are at least 60, with unique ids 1..N and unique names', () => {
    expect(DEALERS.length).toBeGreaterThanOrEqual(60);
    expect(DEALERS.map((d) => d.id)).toEqual(DEALERS.map((_, i) => i + 1));
    expect(new Set(DEALERS.map((d) => d.name)).size).toBe(DEALERS.length);
  });

  it('have sensible appetites, spends and specialities, mostly generalists', () => {
    const allowed = ['van', 'electric', 'hybrid', 'diesel', 'prestige', 'classic', 'budget', 'motorcycle'];
    for (const dealer of DEALERS) {
      expect(dealer.appetite).toBeGreaterThan(0);
      expect(dealer.appetite).toBeLessThanOrEqual(1);
      expect(dealer.maxSpend).toBeGreaterThan(0);
      expect(dealer.postcodeArea).toMatch(/^[A-Z]{1,2}$/);
      for (const speciality of dealer.specialities) expect(allowed).toContain(speciality);
    }
    const generalists = DEALERS.filter((d) => d.specialities.length === 0).length;
    expect(generalists).toBeGreaterThan(DEALERS.length / 2);
    for (const speciality of allowed) expect(specialistsIn(speciality).size).toBeGreaterThanOrEqual(2);
  });

  it('are spread across all four nations', () => {
    const areas = new Set(DEALERS.map((d) => d.postcodeArea));
    expect(areas.has('BT')).toBe(true); // Northern Ireland
    expect(['CF', 'SA', 'NP', 'LL'].some((area) => areas.has(area))).toBe(true); // Wales
    expect(['EH', 'G', 'AB', 'DD', 'IV'].some((area) => areas.has(area))).toBe(true); // Scotland
    expect(['LS', 'BS', 'M', 'B', 'NE'].some((area) => areas.has(area))).toBe(true); // England
  });
});

describe('reserve and increments', () => {
  it('sets the reserve at 92% of the valuation rounded down to £25', () => {
    expect(reserveFor(7_000)).toBe(6_425); // 6,440 → 6,425
    expect(reserveFor(10_000)).toBe(9_200);
    expect(reserveFor(150)).toBe(125); // 138 → 125
    expect(reserveFor(0)).toBe(0);
    expect(reserveFor(7_000) % 25).toBe(0);
  });

  it('steps the increment at £1,000, £5,000 and £20,000', () => {
    expect(bidIncrement(0)).toBe(25);
    expect(bidIncrement(999)).toBe(25);
    expect(bidIncrement(1_000)).toBe(50);
    expect(bidIncrement(4_999)).toBe(50);
    expect(bidIncrement(5_000)).toBe(100);
    expect(bidIncrement(19_999)).toBe(100);
    expect(bidIncrement(20_000)).toBe(250);
    expect(bidIncrement(150_000)).toBe(250);
  });
});

describe('simulated bids', () => {
  it('are deterministic in the lot, dealers and seed', () => {
    expect(bidsFor(fiesta, 7)).toEqual(bidsFor(fiesta, 7));
    expect(bidsFor(fiesta, 7)).not.toEqual(bidsFor(fiesta, 8));
    expect(bidsFor(fiesta, 7)).not.toEqual(bidsFor({ ...fiesta, enquiryId: 1006 }, 7));
  });

  it("don't depend on the order of the dealer list or on other dealers", () => {
    const reversed = simulateBids(fiesta, [...DEALERS].reverse(), 7);
    expect(reversed).toEqual(bidsFor(fiesta, 7));
    const half = DEALERS.filter((d) => d.id % 2 === 0);
    expect(simulateBids(fiesta, half, 7)).toEqual(bidsFor(fiesta, 7).filter((b) => b.dealerId % 2 === 0));
  });

  it('fall within the window, at most once per dealer, at or below each maxSpend, in £25 steps', () => {
    const short: SaleLot = { ...fiesta, startsAt: START, endsAt: START + 60_000 };
    for (const lot of [fiesta, transit, rangeRover, motorcycle, short]) {
      for (const seed of SEEDS) {
        const bids = bidsFor(lot, seed);
        expect(new Set(bids.map((b) => b.dealerId)).size).toBe(bids.length);
        for (const b of bids) {
          expect(b.placedAt).toBeGreaterThanOrEqual(lot.startsAt);
          expect(b.placedAt).toBeLessThan(lot.endsAt);
          expect(Number.isInteger(b.placedAt)).toBe(true);
          expect(b.maxAmount).toBeGreaterThan(0);
          expect(b.maxAmount % 25).toBe(0);
          expect(b.maxAmount).toBeLessThanOrEqual(dealerById.get(b.dealerId)!.maxSpend);
        }
        expect(bids.map((b) => b.placedAt)).toEqual([...bids.map((b) => b.placedAt)].sort((a, b) => a - b));
      }
    }
  });

  it('caps maxima at a dealer’s maxSpend', () => {
    const poorDealer: Dealer = {
      id: 999,
      name: 'Test Motors',
      town: 'Testville',
      postcodeArea: 'TS',
      appetite: 1,
      specialities: ['van'],
      maxSpend: 11_000,
    };
    const bids = SEEDS.flatMap((seed) => simulateBids(transit, [poorDealer], seed));
    expect(bids.length).toBeGreaterThan(0);
    expect(bids.some((b) => b.maxAmount === 11_000)).toBe(true);
    expect(bids.every((b) => b.maxAmount <= 11_000)).toBe(true);
    // A lot whose valuation is well beyond their spend isn't worth their time at all.
    expect(SEEDS.flatMap((seed) => simulateBids({ ...transit, valuation: 14_000 }, [poorDealer], seed))).toEqual([]);
  });

  it('places no bids in an empty window', () => {
    expect(bidsFor({ ...fiesta, endsAt: fiesta.startsAt }, 1)).toEqual([]);
  });

  it('come more towards the end of the window', () => {
    let early = 0;
    let late = 0;
    for (const seed of SEEDS) {
      for (const b of bidsFor(fiesta, seed)) b.placedAt - START < (END - START) / 2 ? early++ : late++;
    }
    expect(late).toBeGreaterThan(early * 1.5);
  });

  it('bring at least 3 dealers to an ordinary car in ≥ 90% of sales, and usually no more than 15', () => {
    const counts = SEEDS.map((seed) => new Set(bidsFor(fiesta, seed).map((b) => b.dealerId)).size);
    expect(counts.filter((n) => n >= 3).length).toBeGreaterThanOrEqual(0.9 * SEEDS.length);
    expect(counts.filter((n) => n <= 15).length).toBeGreaterThanOrEqual(0.9 * SEEDS.length);
    // And most ordinary cars sell, at around the valuation.
    const offers = SEEDS.map((seed) => saleStateAt(fiesta, bidsFor(fiesta, seed), END).offer).filter((o) => o !== null);
    expect(offers.length).toBeGreaterThanOrEqual(0.9 * SEEDS.length);
    const mean = offers.reduce((sum, o) => sum + o.amount, 0) / offers.length;
    expect(mean).toBeGreaterThan(0.92 * fiesta.valuation);
    expect(mean).toBeLessThan(1.1 * fiesta.valuation);
  });

  it('bring van specialists to a van, and rarely to a city car', () => {
    const vanDealers = specialistsIn('van');
    const withSpecialist = SEEDS.filter((seed) => bidsFor(transit, seed).some((b) => vanDealers.has(b.dealerId))).length;
    expect(withSpecialist).toBeGreaterThanOrEqual(0.9 * SEEDS.length);
    const onVans = SEEDS.flatMap((seed) => bidsFor(transit, seed)).filter((b) => vanDealers.has(b.dealerId)).length;
    const onFiestas = SEEDS.flatMap((seed) => bidsFor(fiesta, seed)).filter((b) => vanDealers.has(b.dealerId)).length;
    expect(onFiestas * 4).toBeLessThan(onVans);
  });

  it('bring specialists to electric and prestige cars', () => {
    const tesla: SaleLot = {
      ...fiesta,
      make: 'Tesla',
      model: 'Model 3',
      fuel: 'ELECTRICITY',
      valuation: 22_000,
      reserve: reserveFor(22_000),
    };
    const evDealers = specialistsIn('electric');
    expect(SEEDS.filter((seed) => bidsFor(tesla, seed).some((b) => evDealers.has(b.dealerId))).length).toBeGreaterThanOrEqual(
      0.9 * SEEDS.length,
    );
    const prestigeDealers = specialistsIn('prestige');
    const rrBids = SEEDS.flatMap((seed) => bidsFor(rangeRover, seed));
    // A £60,000 car is beyond most dealers' spend: prestige dealers dominate.
    expect(rrBids.filter((b) => prestigeDealers.has(b.dealerId)).length).toBeGreaterThan(rrBids.length / 2);
    const budgetDealers = specialistsIn('budget');
    expect(rrBids.some((b) => budgetDealers.has(b.dealerId))).toBe(false);
  });

  it('bring few dealers to a motorcycle, mostly motorcycle specialists', () => {
    const bikeDealers = specialistsIn('motorcycle');
    const counts = SEEDS.map((seed) => bidsFor(motorcycle, seed).length);
    expect(counts.every((n) => n <= bikeDealers.size + 2)).toBe(true);
    const all = SEEDS.flatMap((seed) => bidsFor(motorcycle, seed));
    expect(all.filter((b) => bikeDealers.has(b.dealerId)).length).toBeGreaterThan(0.8 * all.length);
  });

  it('bring fewer dealers when issues are declared', () => {
    const total = (lot: SaleLot) => SEEDS.reduce((sum, seed) => sum + bidsFor(lot, seed).length, 0);
    const clean = total(fiesta);
    const damaged = total({ ...fiesta, declaredIssues: 3 });
    expect(damaged).toBeLessThan(clean * 0.6);
  });

  it('bring nobody to a £150 scrap car with 6 declared issues', () => {
    for (const seed of SEEDS) {
      const bids = bidsFor(scrap, seed);
      expect(bids).toEqual([]);
      expect(saleStateAt(scrap, bids, END)).toEqual({
        status: 'unsold_no_bids',
        currentPrice: null,
        leadingDealerId: null,
        bidCount: 0,
        biddingDealers: 0,
        endsAt: END,
        offer: null,
      });
    }
  });
});

describe('proxy bidding', () => {
  it('prices at the second-highest maximum plus one increment', () => {
    const state = saleStateAt(manual, [bid(1, 2_000, 10), bid(2, 1_500, 20)], DURING);
    expect(state.leadingDealerId).toBe(1);
    expect(state.currentPrice).toBe(1_550);
    // The increment is the one for the rival's maximum: £25 below £1,000 … £250 from £20,000.
    const high = { ...manual, reserve: 0 };
    expect(saleStateAt(high, [bid(1, 30_000, 10), bid(2, 20_000, 20)], DURING).currentPrice).toBe(20_250);
    expect(saleStateAt(high, [bid(1, 900, 10), bid(2, 600, 20)], DURING).currentPrice).toBe(625);
    expect(saleStateAt(high, [bid(1, 30_000, 10), bid(2, 900, 20)], DURING).currentPrice).toBe(925);
  });

  it('never prices above the leader’s maximum', () => {
    const state = saleStateAt(manual, [bid(1, 2_000, 10), bid(2, 1_990, 20)], DURING);
    expect(state.leadingDealerId).toBe(1);
    expect(state.currentPrice).toBe(2_000);
  });

  it('gives a tie to the earlier bid, at that maximum', () => {
    const state = saleStateAt(manual, [bid(2, 1_500, 20), bid(1, 1_500, 10)], DURING);
    expect(state.leadingDealerId).toBe(1);
    expect(state.currentPrice).toBe(1_500);
    // Simultaneous bids keep their list order.
    expect(saleStateAt(manual, [bid(7, 1_500, 10), bid(3, 1_500, 10)], DURING).leadingDealerId).toBe(7);
    expect(saleStateAt(manual, [bid(3, 1_500, 10), bid(7, 1_500, 10)], DURING).leadingDealerId).toBe(3);
  });

  it('lets a later, higher maximum take the lead', () => {
    const bids = [bid(1, 1_500, 10), bid(2, 2_000, 20)];
    expect(saleStateAt(manual, bids, 15)).toMatchObject({ leadingDealerId: 1, currentPrice: 1_000, bidCount: 1 });
    expect(saleStateAt(manual, bids, 25)).toMatchObject({ leadingDealerId: 2, currentPrice: 1_550, bidCount: 2 });
  });

  it('charges a single bidder the reserve, or shows their maximum while it is below the reserve', () => {
    expect(saleStateAt(manual, [bid(1, 2_000, 10)], DURING).currentPrice).toBe(1_000);
    expect(saleStateAt(manual, [bid(1, 800, 10)], DURING).currentPrice).toBe(800);
    expect(saleStateAt({ ...manual, reserve: 0 }, [bid(1, 2_000, 10)], DURING).currentPrice).toBe(25);
  });

  it('never shows less than the reserve once the leader’s maximum meets it', () => {
    expect(saleStateAt(manual, [bid(1, 2_000, 10), bid(2, 500, 20)], DURING).currentPrice).toBe(1_000);
    expect(saleStateAt(manual, [bid(1, 1_000, 10), bid(2, 975, 20)], DURING).currentPrice).toBe(1_000);
  });

  it('shows the leader’s maximum while both are below the reserve', () => {
    expect(saleStateAt(manual, [bid(1, 900, 10), bid(2, 500, 20)], DURING).currentPrice).toBe(900);
  });

  it('counts a dealer’s raised bid against rivals, never against themselves', () => {
    const bids = [bid(1, 1_500, 10), bid(2, 1_800, 20), bid(1, 2_500, 30)];
    expect(saleStateAt(manual, bids, DURING)).toMatchObject({ leadingDealerId: 1, currentPrice: 1_850, bidCount: 3, biddingDealers: 2 });
    // Alone, raising your own maximum doesn't raise your price.
    expect(saleStateAt(manual, [bid(1, 1_500, 10), bid(1, 2_500, 30)], DURING)).toMatchObject({ currentPrice: 1_000, biddingDealers: 1 });
  });

  it('counts a bid from its placedAt, and ignores bids outside the window', () => {
    const bids = [bid(1, 2_000, 10), bid(2, 1_500, 20)];
    expect(saleStateAt(manual, bids, 20).bidCount).toBe(2);
    expect(saleStateAt(manual, bids, 19).bidCount).toBe(1);
    const stray = [bid(1, 1_200, 10), bid(2, 5_000, -1), bid(3, 5_000, 1_000)];
    expect(saleStateAt(manual, stray, 2_000)).toMatchObject({ leadingDealerId: 1, bidCount: 1, currentPrice: 1_000 });
  });

  it('never lowers the price during a simulated sale', () => {
    for (const lot of [fiesta, transit, rangeRover]) {
      for (const seed of SEEDS.slice(0, 20)) {
        const bids = bidsFor(lot, seed);
        const times = [lot.startsAt, ...bids.flatMap((b) => [b.placedAt - 1, b.placedAt, b.placedAt + 1]), lot.endsAt - 1, lot.endsAt];
        times.sort((a, b) => a - b);
        let previous = -Infinity;
        let count = 0;
        for (const time of times) {
          const state = saleStateAt(lot, bids, time);
          const price = state.currentPrice ?? -Infinity;
          expect(price).toBeGreaterThanOrEqual(previous);
          expect(state.bidCount).toBeGreaterThanOrEqual(count);
          previous = price;
          count = state.bidCount;
        }
      }
    }
  });
});

describe('sale status over time', () => {
  const bids = [bid(1, 2_000, 100), bid(2, 1_500, 500)];

  it('is ready before the start, active during the window, and under offer at the end', () => {
    expect(saleStateAt(manual, bids, -1)).toEqual({
      status: 'ready_for_sale',
      currentPrice: null,
      leadingDealerId: null,
      bidCount: 0,
      biddingDealers: 0,
      endsAt: 1_000,
      offer: null,
    });
    expect(saleStateAt(manual, bids, 0)).toMatchObject({ status: 'sale_active', currentPrice: null, offer: null });
    expect(saleStateAt(manual, bids, 600)).toMatchObject({ status: 'sale_active', currentPrice: 1_550, offer: null });
    expect(saleStateAt(manual, bids, 999).status).toBe('sale_active');
    const ended = {
      status: 'under_offer',
      currentPrice: 1_550,
      leadingDealerId: 1,
      bidCount: 2,
      biddingDealers: 2,
      endsAt: 1_000,
      offer: { dealerId: 1, amount: 1_550 },
    };
    expect(saleStateAt(manual, bids, 1_000)).toEqual(ended);
    expect(saleStateAt(manual, bids, 10_000_000)).toEqual(ended);
  });

  it('ends unsold with no bids', () => {
    expect(saleStateAt(manual, [], 500)).toMatchObject({ status: 'sale_active', currentPrice: null });
    expect(saleStateAt(manual, [], 1_000)).toMatchObject({
      status: 'unsold_no_bids',
      currentPrice: null,
      leadingDealerId: null,
      offer: null,
    });
  });

  it('ends unsold when the highest maximum is below the reserve', () => {
    expect(saleStateAt(manual, [bid(1, 975, 10), bid(2, 900, 20)], 1_000)).toMatchObject({
      status: 'unsold_below_reserve_bid',
      leadingDealerId: 1,
      currentPrice: 975,
      offer: null,
    });
    // A whole simulated sale with the reserve above every dealer's maximum.
    const highReserve: SaleLot = { ...fiesta, reserve: 2 * fiesta.valuation };
    let withBids = 0;
    for (const seed of SEEDS) {
      const simulated = bidsFor(highReserve, seed);
      const state = saleStateAt(highReserve, simulated, END);
      if (simulated.length === 0) continue;
      withBids++;
      expect(state.status).toBe('unsold_below_reserve_bid');
      expect(state.offer).toBeNull();
      expect(state.currentPrice).toBe(Math.max(...simulated.map((b) => b.maxAmount)));
    }
    expect(withBids).toBeGreaterThan(0);
  });

  it('sells at exactly the reserve when the highest maximum equals it', () => {
    expect(saleStateAt(manual, [bid(1, 1_000, 10)], 1_000)).toMatchObject({ status: 'under_offer', offer: { dealerId: 1, amount: 1_000 } });
  });
});
