import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealerInterestCounts } from '../contract/shell';
import { Browser, mainText, textOf } from './support/browser';
import { newSeller, sellerWhoSold, sessionData, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * The brand pages' own content and dealer interest, refer a friend from link to sign-up, and the
 * page an ineligible car gets: as a visitor without JavaScript, through the platform.
 */
let workers: Workers;
beforeAll(async () => {
  // The blocks are not kept between requests, so a page shows the platform's figures of the moment.
  workers = await startWorkers({ appVars: { SHARED_BLOCKS_SECONDS: '0' } });
});
afterAll(() => workers?.dispose());

const visitor = () => new Browser(workers.fetch);
const h1 = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');

describe('brand pages', () => {
  it('show how many dealers bid on the make lately, as the platform counts it', async () => {
    const counts = (await (
      await workers.platform('/platform/bidding/bids/dealer-interest-counts?makeSlug=ford')
    ).json()) as DealerInterestCounts;
    expect(counts.periodDays).toBe(60);
    expect(counts.lots).toBeGreaterThan(0);
    expect(counts.dealers).toBeGreaterThan(0);
    expect(counts.bids).toBeGreaterThanOrEqual(counts.dealers);
    const text = mainText(await (await visitor().get('/sell-my-car/brands/ford')).text());
    expect(text).toContain(
      `In the last 60 days, ${counts.dealers} dealers placed ${counts.bids} bids on ${counts.lots} Fords in our daily sale.`,
    );
  });

  it('count a live sale of the make as soon as dealers bid on it: the figure is the bids the platform holds', async () => {
    const counts = async () =>
      (await (await workers.platform('/platform/bidding/bids/dealer-interest-counts?makeSlug=ford')).json()) as DealerInterestCounts;
    const before = await counts();
    const now = (await workers.clock.now()).getTime();
    const vehicle = await workers.db
      .prepare('INSERT INTO vehicles (vrm) VALUES (?1) ON CONFLICT (vrm) DO UPDATE SET vrm = excluded.vrm RETURNING id')
      .bind('KE19FTA')
      .first<{ id: number }>();
    const stamp = new Date(now - 86_400_000).toISOString();
    const enquiry = await workers.db
      .prepare(
        `INSERT INTO enquiries (vehicle_id, vrm, owner_key, mileage, status, created_at, updated_at, expires_at)
         VALUES (?1, 'KE19FTA', 'customer:999998', 42000, 'in_sale', ?2, ?2, '2099-01-01T00:00:00.000Z') RETURNING id`,
      )
      .bind(vehicle!.id, stamp)
      .first<{ id: number }>();
    const sale = await workers.db
      .prepare(
        `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, created_at)
         VALUES (?1, 1, 5000, 4600, ?2, ?3, ?4) RETURNING id`,
      )
      .bind(enquiry!.id, now - 3_600_000, now + 3_600_000, stamp)
      .first<{ id: number }>();
    // Three dealers the seeded history has never seen bid once each.
    for (const dealer of [9_001, 9_002, 9_003]) {
      await workers.db
        .prepare('INSERT INTO bids (sale_id, dealer_id, max_amount, placed_at) VALUES (?1, ?2, 5000, ?3)')
        .bind(sale!.id, dealer, now - 60_000)
        .run();
    }
    const after = await counts();
    expect(after).toMatchObject({ lots: before.lots + 1, dealers: before.dealers + 3, bids: before.bids + 3 });
    const text = mainText(await (await visitor().get('/sell-my-car/brands/ford')).text());
    expect(text).toContain(`${after.dealers} dealers placed ${after.bids} bids on ${after.lots} Fords`);
  });

  it('count no interest for a make nobody sells, and refuse a malformed make', async () => {
    const none = (await (
      await workers.platform('/platform/bidding/bids/dealer-interest-counts?makeSlug=lada')
    ).json()) as DealerInterestCounts;
    expect(none).toMatchObject({ lots: 0, dealers: 0, bids: 0 });
    expect((await workers.platform('/platform/bidding/bids/dealer-interest-counts?makeSlug=%3Cscript%3E')).status).toBe(400);
  });

  it("carry the make's own content, also served by POST /api/content/make", async () => {
    const html = await (await visitor().get('/sell-my-car/brands/toyota')).text();
    const api = await visitor().post('/api/content/make', { make: 'toyota' });
    expect(api.status).toBe(200);
    const content = (await api.json()) as { slug: string; title: string; html: string };
    expect(content.slug).toBe('toyota');
    expect(mainText(html)).toContain(content.title);
    expect(html).toContain(content.html.slice(0, 60));
    expect((await visitor().post('/api/content/make', { make: 'no-such-make' })).status).toBe(404);
    expect((await visitor().post('/api/content/make', { make: '../etc' })).status).toBe(400);
  });
});

describe('refer a friend', () => {
  it('gives a seller who has sold with us their own link; a friend who signs up through it is recorded as referred', async () => {
    expect(mainText(await (await visitor().get('/refer')).text())).not.toContain('Your referral link');

    // Not sold yet: no link, because the reward is paid into the account of the seller's own sale.
    const newcomer = newSeller(workers);
    await valueCar(newcomer);
    await signUp(newcomer, uniqueEmail('newcomer'));
    const notYet = await (await newcomer.get('/refer')).text();
    expect(mainText(notYet)).toContain('Your link appears here once you have sold a vehicle with us');
    expect(notYet).not.toMatch(/sell-my-car\/refer\?ref=/);

    const { browser: referrer } = await sellerWhoSold(workers);
    const page = await (await referrer.get('/refer')).text();
    const link = /value="(http:\/\/localhost\/sell-my-car\/refer\?ref=[A-Z2-9]{8})"/.exec(page)?.[1];
    expect(link, 'the referral link on /refer').toBeTruthy();
    // The same link every time.
    expect(await (await referrer.get('/refer')).text()).toContain(link!);

    const friend = newSeller(workers);
    const landing = await friend.get(new URL(link!).pathname + new URL(link!).search);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('cache-control')).not.toMatch(/public/);
    expect(h1(await landing.text())).toBe('A friend sent you: see what your car is worth');
    await valueCar(friend, 'KD15DSL', '120000');
    const email = uniqueEmail('friend');
    expect((await signUp(friend, email, 'KD15DSL')).status).toBe(302);
    const row = await workers.db
      .prepare('SELECT f.referred_by, r.referral_code FROM users f JOIN users r ON r.id = f.referred_by WHERE f.email = ?1')
      .bind(email)
      .first<{ referred_by: number; referral_code: string }>();
    expect(row?.referral_code).toBe(new URL(link!).searchParams.get('ref'));
  });

  it('ignores a made-up code: the sign-up goes through, referred by nobody', async () => {
    const friend = newSeller(workers);
    await friend.get('/sell-my-car/refer?ref=ZZZZ2222');
    await valueCar(friend);
    const email = uniqueEmail('unreferred');
    expect((await signUp(friend, email)).status).toBe(302);
    const row = await workers.db
      .prepare('SELECT referred_by FROM users WHERE email = ?1')
      .bind(email)
      .first<{ referred_by: number | null }>();
    expect(row).toEqual({ referred_by: null });
  });

  it('keeps a malformed code out of the session, and the page public', async () => {
    const friend = newSeller(workers);
    const response = await friend.get('/sell-my-car/refer?ref=%3Cscript%3E');
    expect(h1(await response.text())).toBe('Know someone selling a car?');
    expect((await sessionData(friend)).referral).toBeUndefined();
  });
});

describe('the ineligible page', () => {
  it('explains why dealers cannot bid on an old high-mileage car and hands it to the car buying group', async () => {
    const seller = newSeller(workers);
    await valueCar(seller, 'R123OLD', '301000');
    const vehicle = mainText(await (await seller.get('/R123OLD')).text());
    expect(vehicle).toContain('Why can’t dealers bid on this car?');
    const page = await seller.get('/R123OLD/ineligible');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(h1(html)).toBe('Mercedes-Benz E Class');
    expect(mainText(html)).toContain('Our dealers can’t bid on this car');
    expect(mainText(html)).toContain(
      '28 years old or more with over 280,000 miles on the clock, and you told us this one has 301,000 miles',
    );
    expect(html).toContain('action="/checkout/tcbg"');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it('sends an eligible car, or one not valued yet, back to its vehicle page', async () => {
    const seller = newSeller(workers);
    expect((await seller.get('/KE19FTA/ineligible')).headers.get('location')).toBe('/KE19FTA');
    await valueCar(seller);
    expect((await seller.get('/KE19FTA/ineligible')).headers.get('location')).toBe('/KE19FTA');
  });
});

describe('city pages', () => {
  it.each([
    'london',
    'leeds',
    'birmingham',
    'bradford',
    'brighton',
    'bristol',
    'cardiff',
    'coventry',
    'derby',
    'doncaster',
    'edinburgh',
    'glasgow',
    'leicester',
    'lincoln',
    'liverpool',
    'newcastle',
    'nottingham',
    'sheffield',
    'southampton',
    'manchester',
  ])('%s shows sales and dealers near it', async (city) => {
    const text = mainText(await (await visitor().get(`/sell-your-car/${city}`)).text());
    const name = city.charAt(0).toUpperCase() + city.slice(1);
    expect(text).toContain(`Sold near ${name}`);
    expect(text).toContain(`Dealers near ${name}`);
  });
});
