import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capFor, PREPARATION_ALLOWANCE, TARIFF } from '../contract/price-rules';
import { Browser, mainText } from './support/browser';
import { newSeller, sellerBookedForCollection } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * Collection day (docs/decisions/035) through the app, with a client that runs no scripts: at the
 * booked slot the dealer's inspector checks the car (on the product's clock, no button), and the
 * price holds unless the published rules allow a change the seller then approves. The sandbox
 * registrations (docs/sandbox.md#collection-day) give each outcome.
 */
const START_DELAY_SECONDS = 600;
const PAST_THE_SALE_MS = START_DELAY_SECONDS * 1000 + 4_500;
/** From booking (3 to 7 working days ahead) to past the first offered morning, whatever the weekday. */
const PAST_THE_SLOT_MS = 6 * 86_400_000;
const HOUR = 3_600_000;

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({
    appVars: { FEATURE_FLAGS: '{"devMailbox":true}', ENVIRONMENT: 'development' },
    platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: String(START_DELAY_SECONDS), SALE_WINDOW_SECONDS: '3' },
  });
});
afterAll(() => workers?.dispose());

const main = mainText;
async function go(browser: Browser, path: string) {
  const response = await browser.get(path);
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}
const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

const bookedSeller = (vrm: string, options: { declare?: string } = {}) =>
  sellerBookedForCollection(workers, vrm, { pastTheSaleMs: PAST_THE_SALE_MS, ...options });

const outboxFor = async (email: string) =>
  ((await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { emails: { subject: string }[] })
    .emails;

describe('collection day, on the clock', () => {
  it('collects at the agreed price at the booked slot with no button, then tells of DVLA with the last four digits only', async () => {
    const { seller, agreed, email } = await bookedSeller('KE19FTA');
    // Before the slot nothing has happened.
    expect(main((await go(seller, '/KE19FTA/review-status')).html)).toContain(
      'At collection the dealer checks the car against your profile',
    );
    await workers.clock.advance(PAST_THE_SLOT_MS);
    // The next look at the sale finds the handover done: paid the agreed price.
    expect((await go(seller, '/KE19FTA/review-status')).status).toBe(200);
    const status = main((await go(seller, '/KE19FTA/review-status')).html);
    expect(status).toContain('The handover inspection');
    expect(status).toMatch(/Keys\s?: 2 keys handed over, as declared/);
    expect(status).toMatch(/Sent \d{2}:\d{2} on \w+ \d+ \w+ to the account ending 4958: usually in your account within 2 hours/);
    void agreed;
    expect(status).toContain('The dealer tells DVLA once they have the car');
    const complete = main((await go(seller, '/KE19FTA/sale-complete')).html);
    expect(complete).toContain(pounds(agreed));

    // Two hours later the trader has told DVLA: the seller sees the V5C reference's last four digits, never all eleven.
    await workers.clock.advance(2 * HOUR + 60_000);
    const told = (await go(seller, '/KE19FTA/sale-complete')).html;
    const last4 = /with the V5C ending (\d{4})/.exec(main(told))![1]!;
    expect(told).not.toMatch(new RegExp(`\\d{7}${last4}`));
    // Each message once, however often the clock's sweep runs.
    await workers.platform('/platform/dev/scheduled', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await workers.platform('/platform/dev/scheduled', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await expect
      .poll(async () => (await outboxFor(email)).map((m) => m.subject).filter((s) => /inspection|paid|DVLA/.test(s)))
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('passed the dealer'),
          expect.stringContaining('been paid'),
          expect.stringContaining('DVLA'),
        ]),
      );
    const subjects = (await outboxFor(email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('DVLA')).length).toBe(1);
    expect(subjects.filter((s) => s.includes('been paid')).length).toBe(1);
  }, 120_000);

  it('runs the handover from the Cron Trigger when nobody looks', async () => {
    const { seller, agreed } = await bookedSeller('KE19FTA');
    await workers.clock.advance(PAST_THE_SLOT_MS);
    const swept = await workers.platform('/platform/dev/scheduled', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await swept.json()) as { notifications: { collectionSteps: number } }).notifications.collectionSteps).toBeGreaterThanOrEqual(
      1,
    );
    const enquiry = await workers.db
      .prepare(
        "SELECT s.final_amount, s.inspected_at FROM sales s JOIN enquiries e ON e.id = s.enquiry_id WHERE e.dp_state_slug = 'sold-invoice-paid' ORDER BY s.id DESC LIMIT 1",
      )
      .first<{ final_amount: number; inspected_at: string }>();
    expect(enquiry).toMatchObject({ final_amount: agreed });
    expect((await go(seller, '/KE19FTA')).location).toBe('/KE19FTA/sale-complete');
  }, 120_000);
});

describe('a revised offer, only by the published rules', () => {
  const dent = 2 * TARIFF.dent.amount - PREPARATION_ALLOWANCE;

  it('shows the dealer’s proposal item by item with both photos; approved, the seller is paid the revised price', async () => {
    const { seller, agreed } = await bookedSeller('KE19DNT');
    await workers.clock.advance(PAST_THE_SLOT_MS);
    const page = await go(seller, '/KE19DNT/review-status');
    const text = main(page.html);
    expect(text).toContain(`The dealer proposes ${pounds(agreed - dent)} (agreed ${pounds(agreed)})`);
    expect(text).toContain(
      `A dent (per panel): A dent about 3 cm across in the front left wing. 2 × £${TARIFF.dent.amount} = £${2 * TARIFF.dent.amount}`,
    );
    expect(text).toContain(`Less the preparation allowance −£${PREPARATION_ALLOWANCE}`);
    expect(text).toMatch(/Bodywork and wheels\s?: not as described\. Dents in the front left wing/);
    // Both photos are the seller's own to see: the profile's and the inspector's.
    expect(page.html).toContain('src="/KE19DNT/photos/profile/front-left"');
    expect(page.html).toContain('src="/KE19DNT/photos/collection/front-left"');
    const profilePhoto = await seller.get('/KE19DNT/photos/profile/front-left');
    expect(profilePhoto.status).toBe(200);
    expect(profilePhoto.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await profilePhoto.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    const collectionPhoto = await seller.get('/KE19DNT/photos/collection/front-left');
    expect(collectionPhoto.headers.get('content-type')).toBe('image/svg+xml');
    expect(await collectionPhoto.text()).toContain('<svg');
    // Nobody else's: a visitor is sent to sign in, another seller gets nothing.
    expect((await newSeller(workers).get('/KE19DNT/photos/collection/front-left')).status).toBe(302);
    // Until the seller answers, nothing is paid and nothing changes.
    expect((await go(seller, '/KE19DNT/sale-complete')).location).not.toBe(null);

    const offerId = /name="offerId" value="(\d+)"/.exec(page.html)![1]!;
    expect((await seller.post('/KE19DNT/review-status', { intent: 'approve', offerId })).headers.get('location')).toBe(
      '/KE19DNT/sale-complete',
    );
    const complete = main((await go(seller, '/KE19DNT/sale-complete')).html);
    expect(complete).toContain(pounds(agreed - dent));
    expect(complete).toContain(`the revised price you approved at the handover (agreed ${pounds(agreed)})`);
    // A second answer is refused on the page, in words.
    const again = await seller.post('/KE19DNT/review-status', { intent: 'decline', offerId });
    expect(again.headers.get('location') ?? main(await again.text())).toMatch(/sale-complete|already answered/);
  }, 120_000);

  it('declined, the sale ends: the car stays with the seller, no fee, and the daily sale is open again', async () => {
    const { seller } = await bookedSeller('KE19DNT');
    await workers.clock.advance(PAST_THE_SLOT_MS);
    const page = await go(seller, '/KE19DNT/review-status');
    const offerId = /name="offerId" value="(\d+)"/.exec(page.html)![1]!;
    expect((await seller.post('/KE19DNT/review-status', { intent: 'decline', offerId })).headers.get('location')).toBe('/KE19DNT');
    const vehicle = main((await go(seller, '/KE19DNT')).html);
    expect(vehicle).toContain('You declined the dealer’s revised offer, so the car is still yours, and there is no fee.');
    expect((await go(seller, '/KE19DNT/sale-complete')).location).toBe('/KE19DNT');
    expect((await seller.post('/KE19DNT?index', { intent: 'relist' })).status).toBe(302);
    expect(main((await go(seller, '/KE19DNT')).html)).toContain('Your car is in the next sale');
  }, 120_000);

  it('refuses a declared fault and wear and tear: the agreed price stands, and the seller sees why', async () => {
    const { seller, agreed } = await bookedSeller('KE19WLT', { declare: 'warning-lights' });
    await workers.clock.advance(PAST_THE_SLOT_MS);
    const status = main((await go(seller, '/KE19WLT/review-status')).html);
    expect(status).toContain(`our rules refused every item, so the agreed ${pounds(agreed)} stands`);
    expect(status).toContain('Engine management light on with the ignition on: you declared it in your profile.');
    expect(status).toContain('Stone chips on the bonnet: wear and tear for the age and mileage never changes the price.');
    expect(main((await go(seller, '/KE19WLT/sale-complete')).html)).toContain(pounds(agreed));
  }, 120_000);

  it('the same fault undeclared is charged at the tariff; above the cap the dealer can only cancel', async () => {
    const undeclared = await bookedSeller('KE19WLT');
    const capped = await bookedSeller('KE19CAP');
    await workers.clock.advance(PAST_THE_SLOT_MS);
    const proposal = main((await go(undeclared.seller, '/KE19WLT/review-status')).html);
    expect(proposal).toContain(`The dealer proposes ${pounds(undeclared.agreed - TARIFF['warning-light'].amount)}`);
    expect(proposal).toContain('Stone chips on the bonnet: wear and tear');

    // 8 dents, 4 kerbed alloys and a windscreen, less the allowance: more than the cap.
    const reduction =
      8 * TARIFF.dent.amount + 4 * TARIFF['kerbed-alloy'].amount + TARIFF['windscreen-crack'].amount - PREPARATION_ALLOWANCE;
    expect(reduction).toBeGreaterThan(capFor(capped.agreed));
    const vehicle = main((await go(capped.seller, '/KE19CAP')).html);
    expect(vehicle).toContain('so they cancelled. The car is still yours, and there is no fee.');
    expect((await capped.seller.post('/KE19CAP?index', { intent: 'relist' })).status).toBe(302);
  }, 180_000);
});

describe('after the handover is booked', () => {
  it('shows what the dealer needs at the handover and e-mails the dealer’s confirmation once', async () => {
    const { seller, email, agreed } = await bookedSeller('KE19FTA');
    const page = main((await go(seller, '/KE19FTA/purchasing-dealer-details')).html);
    expect(page).toContain('What the dealer needs at the handover');
    expect(page).toMatch(/V5C logbook\s?: The whole logbook/);
    expect(page).toContain('All 2 keys');
    expect(page).not.toContain('Finance settlement letter');
    expect((await seller.post('/KE19FTA/purchasing-dealer-details', {})).headers.get('location')).toBe(
      '/KE19FTA/purchasing-dealer-details',
    );
    expect(main((await go(seller, '/KE19FTA/purchasing-dealer-details')).html)).toMatch(/We e-mailed you the dealer’s confirmation on/);
    await seller.post('/KE19FTA/purchasing-dealer-details', {});
    await expect.poll(async () => (await outboxFor(email)).filter((m) => m.subject.includes(`confirms: ${pounds(agreed)}`)).length).toBe(1);
    await workers.platform('/platform/dev/scheduled', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await outboxFor(email)).filter((m) => m.subject.includes('confirms:')).length).toBe(1);
  }, 120_000);
});
