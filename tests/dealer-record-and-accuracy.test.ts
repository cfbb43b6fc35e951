import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_SLOTS } from '../contract/documents';
import type { DealerRecord, ValuationAccuracy } from '../contract/published-record';
import { mainText } from './support/browser';
import { file, jpeg } from './support/files';
import { newSeller, sessionData, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * What the sales record publishes (docs/behaviour/sale.md#offer, #how-we-value): the buying
 * dealer's record on the offer page, and the valuation's accuracy on /how-we-value, each moving as
 * the test adds sales to the record (straight into D1, as collection day leaves them). The client
 * runs no scripts, so what it reads is the complete server-rendered page.
 */

/** As in tests/sale.test.ts: the sale starts ten minutes after entry and runs three seconds. */
const START_DELAY_SECONDS = 600;
const PAST_THE_SALE_MS = START_DELAY_SECONDS * 1000 + 4_500;
const DAY_MS = 86_400_000;

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({
    withFaults: true,
    platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: String(START_DELAY_SECONDS), SALE_WINDOW_SECONDS: '3' },
  });
});
afterAll(() => workers?.dispose());

/** A signed-in seller whose car has a complete profile (tests/sale.test.ts). */
async function profiledSeller(vrm = 'KE19FTA') {
  const seller = newSeller(workers);
  await valueCar(seller, vrm, '65000');
  await signUp(seller, uniqueEmail('record'), vrm);
  const profile = `/${vrm}/profile`;
  await seller.post(`${profile}/features`, { intent: 'features', features: 'Sat nav', serviceHistory: 'full' });
  await seller.post(`${profile}/finance`, { intent: 'finance', outstanding: 'no' });
  await seller.post(`${profile}/issues`, { intent: 'issues', declared: 'no' });
  await seller.post(`${profile}/keys`, { intent: 'keys', keys: '2' });
  for (const slot of PHOTO_SLOTS) {
    await seller.post(`${profile}/photos`, { intent: 'photo', slot: slot.id, file: file(jpeg(), `${slot.id}.jpg`, 'image/jpeg') });
  }
  return seller;
}

let cars = 0;
/** A sale of someone else's car in the record, with the columns collection day fills in. */
async function recordSale(sale: {
  valuation?: number;
  low?: number | null;
  high?: number | null;
  agreed?: number;
  dealerId?: number | null;
  inspectedAt?: Date | null;
  finalAmount?: number | null;
  endedAt?: Date | null;
  collectedAt?: Date | null;
  proposed?: { amount: number; status: 'proposed' | 'approved' | 'declined' };
}) {
  const now = await workers.clock.now();
  const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
  const vrm = `RC${String(++cars).padStart(2, '0')}ABC`;
  const vehicle = await workers.db
    .prepare('INSERT INTO vehicles (vrm) VALUES (?1) ON CONFLICT (vrm) DO UPDATE SET vrm = excluded.vrm RETURNING id')
    .bind(vrm)
    .first<{ id: number }>();
  const enquiry = await workers.db
    .prepare(
      `INSERT INTO enquiries (vehicle_id, vrm, owner_key, mileage, status, created_at, updated_at, expires_at)
       VALUES (?1, ?2, 'customer:999999', 40000, 'sold', ?3, ?3, ?3) RETURNING id`,
    )
    .bind(vehicle!.id, vrm, new Date(now.getTime() - 120 * DAY_MS).toISOString())
    .first<{ id: number }>();
  const valuation = sale.valuation ?? 5_000;
  const agreed = sale.agreed ?? valuation;
  const row = await workers.db
    .prepare(
      `INSERT INTO sales (enquiry_id, seed, valuation, valuation_low, valuation_high, reserve, starts_at, ends_at, offer_amount,
         offer_dealer_id, outcome, inspected_at, final_amount, ended_at, ended_reason, collected_at, created_at)
       VALUES (?1, 1, ?2, ?3, ?4, ?2, ?5, ?5, ?6, ?7, 'accepted', ?8, ?9, ?10, ?11, ?12, ?13) RETURNING id`,
    )
    .bind(
      enquiry!.id,
      valuation,
      sale.low === undefined ? Math.round(valuation * 0.94) : sale.low,
      sale.high === undefined ? Math.round(valuation * 1.06) : sale.high,
      now.getTime() - 120 * DAY_MS,
      agreed,
      sale.dealerId ?? null,
      iso(sale.inspectedAt),
      sale.finalAmount ?? null,
      iso(sale.endedAt),
      sale.endedAt ? 'revised_offer_declined' : null,
      iso(sale.collectedAt),
      new Date(now.getTime() - 120 * DAY_MS).toISOString(),
    )
    .first<{ id: number }>();
  if (sale.proposed) {
    await workers.db
      .prepare(
        `INSERT INTO post_sale_offers (sale_id, enquiry_id, dealer_id, agreed_amount, proposed_amount, items, refused, status, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, '[]', '[]', ?6, ?7)`,
      )
      .bind(
        row!.id,
        enquiry!.id,
        sale.dealerId ?? 0,
        agreed,
        sale.proposed.amount,
        sale.proposed.status,
        iso(sale.inspectedAt) ?? now.toISOString(),
      )
      .run();
  }
}

const daysAgo = async (days: number) => new Date((await workers.clock.now()).getTime() - days * DAY_MS);

describe('the buying dealer’s record on the offer page', () => {
  it('says a dealer without collections has none, then moves as their collections are added', { timeout: 120_000 }, async () => {
    const seller = await profiledSeller();
    expect((await seller.post('/KE19FTA/profile/timeline', { intent: 'enter-sale' })).headers.get('location')).toBe('/KE19FTA');
    await workers.clock.advance(PAST_THE_SALE_MS);
    const offerPage = async () => {
      const response = await seller.get('/KE19FTA/accept-offer');
      expect(response.status).toBe(200);
      return mainText(await response.text());
    };
    const first = await offerPage();
    expect(first).toMatch(/Your highest offer £[\d,]+/);
    expect(first).toContain('This dealer’s record');
    expect(first).toContain('No collections by this dealer through Kerbside in the last 90 days yet.');

    // The seller's own lot: the dealer whose offer it is, and the valuation's range kept with it.
    const lot = await workers.db
      .prepare(
        `SELECT s.offer_dealer_id AS dealerId, s.valuation, s.valuation_low AS low, s.valuation_high AS high
           FROM sales s JOIN enquiries e ON e.id = s.enquiry_id WHERE e.vrm = 'KE19FTA' ORDER BY s.id DESC LIMIT 1`,
      )
      .first<{ dealerId: number; valuation: number; low: number; high: number }>();
    expect(lot!.dealerId).toBeGreaterThan(0);
    expect(lot!.low).toBeLessThan(lot!.valuation);
    expect(lot!.high).toBeGreaterThan(lot!.valuation);
    const dealerId = lot!.dealerId;

    // The endpoint the page reads: a signed-in seller's, about any dealer.
    const idToken: string = (await sessionData(seller)).auth.idToken;
    const record = async (id: number | string, token: string | null = idToken) =>
      workers.platform(`/platform/dealership/dealers/${id}/record`, { headers: token ? { 'x-mway-authorization': token } : {} });
    expect(await (await record(dealerId)).json()).toEqual({
      dealerId,
      periodDays: 90,
      collections: 0,
      completedAtAgreed: 0,
      averageAdjustment: null,
    } satisfies DealerRecord);
    expect((await record(dealerId, null)).status).toBe(401);
    expect((await record('not-a-dealer')).status).toBe(400);

    // Two at the agreed price, one completed £120 under it after a revised offer, one that ended on
    // a revised offer £360 under it: 2 of 4, on average £120 less.
    await recordSale({ dealerId, agreed: 6_000, finalAmount: 6_000, inspectedAt: await daysAgo(10) });
    await recordSale({ dealerId, agreed: 8_000, finalAmount: 8_000, inspectedAt: await daysAgo(85) });
    await recordSale({
      dealerId,
      agreed: 5_000,
      finalAmount: 4_880,
      inspectedAt: await daysAgo(30),
      proposed: { amount: 4_880, status: 'approved' },
    });
    await recordSale({
      dealerId,
      agreed: 4_000,
      endedAt: await daysAgo(19),
      inspectedAt: await daysAgo(20),
      proposed: { amount: 3_640, status: 'declined' },
    });
    // Not counted: one too long ago, another dealer's, and one still waiting on its seller's answer.
    await recordSale({ dealerId, agreed: 7_000, finalAmount: 1_000, inspectedAt: await daysAgo(95) });
    await recordSale({ dealerId: dealerId + 1, agreed: 7_000, finalAmount: 1_000, inspectedAt: await daysAgo(5) });
    await recordSale({ dealerId, agreed: 7_000, inspectedAt: await daysAgo(1), proposed: { amount: 1_000, status: 'proposed' } });

    expect(await (await record(dealerId)).json()).toMatchObject({ collections: 4, completedAtAgreed: 2, averageAdjustment: 120 });
    expect(await offerPage()).toContain(
      '2 of 4 collections in the last 90 days completed at the agreed price (50%); on average £120 less than agreed.',
    );

    // Two more at the agreed price: 4 of 6, and the £480 under spread over six collections.
    await recordSale({ dealerId, agreed: 9_000, finalAmount: 9_000, inspectedAt: await daysAgo(2) });
    await recordSale({ dealerId, agreed: 3_000, finalAmount: 3_000, inspectedAt: await daysAgo(3) });
    const moved = await offerPage();
    expect(moved).toContain('4 of 6 collections in the last 90 days completed at the agreed price (67%); on average £80 less than agreed.');
    expect(moved).toContain('How we value cars, and how close our valuations came last month');

    // The platform failing on the record alone: the offer page stands, and says the record could not be loaded.
    await workers.faults.inject({ ip: seller.ip!, path: '^/platform/dealership/dealers/\\d+/record$', fault: 'server-error' });
    try {
      const without = await offerPage();
      expect(without).toMatch(/Your highest offer £[\d,]+/);
      expect(without).toContain('We couldn’t load this dealer’s record just now. Your offer still stands.');
      expect(without).not.toContain('completed at the agreed price');
    } finally {
      await workers.faults.clear(seller.ip!);
    }
  });
});

describe('the valuation’s accuracy on /how-we-value', () => {
  const page = async () => {
    const response = await newSeller(workers).get('/how-we-value');
    expect(response.status).toBe(200);
    return mainText(await response.text());
  };
  const accuracy = async () => (await (await workers.platform('/platform/valuation/accuracy')).json()) as ValuationAccuracy;
  /** The calendar month before the clock's (UTC): its name, and a moment inside it. */
  const lastMonth = async () => {
    const now = await workers.clock.now();
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
    const name = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(start);
    return {
      name,
      month: new Date(start).toISOString().slice(0, 7),
      at: (day: number) => new Date(start + (day - 1) * DAY_MS + 3_600_000),
    };
  };
  const runScheduledOnDemand = async () => {
    const response = await workers.platform('/platform/dev/scheduled', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { valuationAccuracy: ValuationAccuracy }).valuationAccuracy;
  };

  it('explains the valuation, invents no figures, and publishes what the Cron Trigger counted', { timeout: 60_000 }, async () => {
    const before = await page();
    expect(before).toContain('How we value your car');
    expect(before).toContain('price when new');
    expect(before).toContain('6% below it to 6% above it');
    expect(before).toContain('We have not counted a month yet.');
    expect(before).toContain('What can change the price at collection');
    expect(before).not.toMatch(/\d+\.\d%/);
    expect(await accuracy()).toMatchObject({ month: null, sales: 0, medianAbsPct: null });

    // Counted with no sales last month: said plainly.
    const { name, month, at } = await lastMonth();
    expect(await runScheduledOnDemand()).toMatchObject({ month, sales: 0, medianAbsPct: null, insideRangeShare: null });
    const none = await page();
    expect(none).toContain(`No sales completed through Kerbside in ${name}, so there are no figures for that month.`);
    expect(none).not.toMatch(/median difference between the valuation and the final price\./);

    // Three sales collected last month: 0 %, 10 % and 6.38 % off, two inside their range.
    await recordSale({ valuation: 10_000, low: 9_400, high: 10_600, finalAmount: 10_000, collectedAt: at(3) });
    await recordSale({ valuation: 9_000, low: 8_450, high: 9_550, finalAmount: 10_000, collectedAt: at(12) });
    await recordSale({ valuation: 4_000, low: 3_750, high: 4_250, finalAmount: 3_760, collectedAt: at(20) });
    // Not counted: one collected this month, one two months ago, and one last month that never completed.
    await recordSale({ valuation: 4_000, finalAmount: 1_000, collectedAt: await daysAgo(0) });
    await recordSale({ valuation: 4_000, finalAmount: 1_000, collectedAt: new Date(at(1).getTime() - 20 * DAY_MS) });
    await recordSale({ valuation: 4_000, finalAmount: null, collectedAt: at(5) });
    // The page publishes what was counted, not the record as it is this minute.
    expect(await page()).toContain(`No sales completed through Kerbside in ${name}`);

    await workers.runScheduled();
    const counted = await page();
    expect(counted).toContain(`From 3 sales completed through Kerbside in ${name}.`);
    expect(counted).toContain('6.4% was the median difference between the valuation and the final price.');
    expect(counted).toContain('67% of the final prices were inside the range shown with the valuation.');

    // A fourth, on the top of its range and 5.88 % off: the median is now between 5.88 and 6.38.
    await recordSale({ valuation: 2_000, low: 1_875, high: 2_125, finalAmount: 2_125, collectedAt: at(25) });
    const recount = await runScheduledOnDemand();
    expect(recount).toMatchObject({ month, sales: 4, insideRangeShare: 0.75 });
    expect(recount.medianAbsPct).toBeCloseTo((100 * 125) / 2_125 / 2 + (100 * 240) / 3_760 / 2, 6);
    expect(await accuracy()).toMatchObject({ month, sales: 4, insideRangeShare: 0.75 });
    const moved = await page();
    expect(moved).toContain(`From 4 sales completed through Kerbside in ${name}.`);
    expect(moved).toContain('6.1% was the median difference between the valuation and the final price.');
    expect(moved).toContain('75% of the final prices were inside the range shown with the valuation.');
    // A browser that runs scripts gets the figures in the document too: nothing on the page waits for them.
    const streamed = await newSeller(workers, { runsScripts: true }).get('/how-we-value');
    expect(mainText(await streamed.text())).toContain(`From 4 sales completed through Kerbside in ${name}.`);
  });

  it('is linked from the vehicle page’s “How we value” line', async () => {
    const seller = newSeller(workers);
    await valueCar(seller, 'KE19FTA', '65000');
    expect(await (await seller.get('/KE19FTA')).text()).toMatch(/<a href="\/how-we-value">How we value<\/a>/);
  });
});
