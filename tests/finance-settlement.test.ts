import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_SLOTS } from '../contract/documents';
import { FINANCE_CONSENT_WORDING } from '../contract/finance-settlement';
import { simulatedSettlementAmount } from '../platform/src/providers/lender-settlement';
import { Browser, mainText } from './support/browser';
import { file, jpeg } from './support/files';
import { newSeller, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * Finance settled for the seller (issue 35), without JavaScript: the lender found from the list,
 * the consent recorded word for word, the lender's figure asked for and shown masked, kept fresh
 * by the Cron Trigger, and used for the split.
 */
const START_DELAY_SECONDS = 600;
const PAST_THE_SALE_MS = START_DELAY_SECONDS * 1000 + 4_500;
const DAY = 86_400_000;

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({
    appVars: { FEATURE_FLAGS: '{"devMailbox":true}', ENVIRONMENT: 'development' },
    platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: String(START_DELAY_SECONDS), SALE_WINDOW_SECONDS: '3' },
  });
});
afterAll(() => workers?.dispose());

async function go(browser: Browser, path: string) {
  const response = await browser.get(path);
  return { status: response.status, location: response.headers.get('location'), text: mainText(await response.text()) };
}

const BLACK_HORSE = { outstanding: 'yes', lenderId: 'black-horse', consent: 'yes', consentWording: FINANCE_CONSENT_WORDING };

/** A signed-in seller whose car has a profile, finance answered as given. */
async function profiledSeller(vrm: string, mileage: string, finance: Record<string, string>) {
  const seller = newSeller(workers);
  const email = uniqueEmail('finance');
  await valueCar(seller, vrm, mileage);
  await signUp(seller, email, vrm);
  const profile = `/${vrm}/profile`;
  await seller.post(`${profile}/features`, { intent: 'features', features: 'Sat nav', serviceHistory: 'full' });
  const saved = await seller.post(`${profile}/finance`, { intent: 'finance', ...finance });
  expect(saved.headers.get('location')).toBe(`${profile}/timeline`);
  await seller.post(`${profile}/issues`, { intent: 'issues', declared: 'no' });
  await seller.post(`${profile}/keys`, { intent: 'keys', keys: '2' });
  for (const slot of PHOTO_SLOTS) {
    await seller.post(`${profile}/photos`, { intent: 'photo', slot: slot.id, file: file(jpeg(), `${slot.id}.jpg`, 'image/jpeg') });
  }
  const enquiry = (await workers.db
    .prepare('SELECT id, valuation, mileage FROM enquiries WHERE vrm = ?1 AND customer_id IS NOT NULL ORDER BY id DESC LIMIT 1')
    .bind(vrm)
    .first<{ id: number; valuation: string; mileage: number }>())!;
  return {
    seller,
    email,
    enquiryId: enquiry.id,
    valuation: (JSON.parse(enquiry.valuation) as { price: number }).price,
    mileage: enquiry.mileage,
  };
}

async function agreedSale(seller: Browser, vrm: string): Promise<number> {
  await seller.post(`/${vrm}/profile/timeline`, { intent: 'enter-sale' });
  await workers.clock.advance(PAST_THE_SALE_MS);
  const offer = await go(seller, `/${vrm}/accept-offer`);
  const amount = Number(/Your highest offer £([\d,]+)/.exec(offer.text)![1]!.replace(/,/g, ''));
  await seller.post(`/${vrm}/accept-offer`, { intent: 'accept' });
  const withRef = (await seller.get(`/${vrm}/confirm-sale`)).headers.get('location')!;
  await seller.post(withRef, {});
  return amount;
}

const pounds = (amount: number) => `£${amount.toLocaleString('en-GB')}`;

async function outbox(email: string) {
  const { emails } = (await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    emails: { subject: string; channel: string }[];
  };
  return emails.filter((m) => m.channel === 'email').map((m) => m.subject);
}

const runScheduled = () =>
  workers.platform('/platform/dev/scheduled', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

describe('the lender search', () => {
  it('finds the lender by part of its name with a plain GET form, and takes "My lender is not listed" with a typed figure', async () => {
    const seller = newSeller(workers);
    await valueCar(seller, 'KE19FTA', '65000');
    await signUp(seller, uniqueEmail('search'), 'KE19FTA');
    const page = await seller.get('/KE19FTA/profile/finance?lender-search=horse');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*id="lender-search-form"|<form[^>]*id="lender-search-form"[^>]*method="get"/);
    expect(html).toMatch(/name="lenderId" checked="" value="black-horse"/);
    expect(mainText(html)).toContain('My lender is not listed');
    expect(html).toMatch(/name="outstanding" checked="" value="yes"/);
    expect(mainText(html)).toContain(FINANCE_CONSENT_WORDING);
    const none = await go(seller, '/KE19FTA/profile/finance?lender-search=Northway');
    expect(none.text).toContain('No lender in our list matches “Northway”');

    const saved = await seller.post('/KE19FTA/profile/finance', {
      intent: 'finance',
      outstanding: 'yes',
      lenderId: 'not-listed',
      lender: 'Northway Finance',
      settlement: '£1,000',
    });
    expect(saved.headers.get('location')).toBe('/KE19FTA/profile/timeline');
    const again = await seller.get('/KE19FTA/profile/finance');
    const againHtml = await again.text();
    expect(againHtml).toMatch(/name="lenderId" checked="" value="not-listed"/);
    expect(againHtml).toContain('value="Northway Finance"');
    expect(
      await workers.db
        .prepare('SELECT count(*) AS n FROM finance_settlement_letters l JOIN enquiries e ON e.id = l.enquiry_id WHERE e.vrm = ?1')
        .bind('KE19FTA')
        .first('n'),
    ).toBe(0);
  }, 60_000);
});

describe('a listed lender', () => {
  it('needs the consent ticked, keeping what was chosen', async () => {
    const seller = newSeller(workers);
    await valueCar(seller, 'KD15DSL', '120000');
    await signUp(seller, uniqueEmail('consent'), 'KD15DSL');
    const refused = await seller.post('/KD15DSL/profile/finance', { intent: 'finance', outstanding: 'yes', lenderId: 'motonovo' });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(mainText(html)).toContain('Tick the box so we can ask your lender for your settlement figure');
    expect(html).toMatch(/name="outstanding" checked="" value="yes"/);
  });

  it('records the consent with its words, who and when, asks for the figure, and the split uses it, masked', async () => {
    const before = Date.parse(((await (await workers.platform('/platform/dev/clock')).json()) as { now: string }).now);
    const { seller, enquiryId, valuation, mileage } = await profiledSeller('KH68HYB', '120000', BLACK_HORSE);
    const consent = (await workers.db
      .prepare(
        'SELECT c.*, e.customer_id FROM finance_settlement_consents c JOIN enquiries e ON e.id = c.enquiry_id WHERE c.enquiry_id = ?1',
      )
      .bind(enquiryId)
      .first<{ wording: string; lender_id: string; user_id: number; customer_id: number; consented_at: string }>())!;
    expect(consent.wording).toBe(FINANCE_CONSENT_WORDING);
    expect(consent.lender_id).toBe('black-horse');
    expect(consent.user_id).toBe(consent.customer_id);
    expect(Math.abs(Date.parse(consent.consented_at) - before)).toBeLessThan(60_000);

    const letter = (await workers.db
      .prepare('SELECT amount, agreement_reference, expires_at, requested_at FROM finance_settlement_letters WHERE enquiry_id = ?1')
      .bind(enquiryId)
      .first<{ amount: number; agreement_reference: string; expires_at: string; requested_at: string }>())!;
    const figure = simulatedSettlementAmount('KH68HYB', valuation, mileage);
    expect(letter.amount).toBe(figure);
    expect(Date.parse(letter.expires_at) - Date.parse(letter.requested_at)).toBe(10 * DAY);

    const price = await agreedSale(seller, 'KH68HYB');
    expect(price).toBeGreaterThan(figure);
    const page = await seller.get('/KH68HYB/finance-payment-details');
    const html = await page.text();
    const text = mainText(html);
    expect(text).toContain(`To Black Horse ${pounds(figure)}, settling your finance`);
    expect(text).toContain(`To you ${pounds(price - figure)}`);
    expect(text).toContain(`Settlement figure from Black Horse ${pounds(figure)}`);
    expect(text).toContain(`Agreement ending ${letter.agreement_reference.slice(-4)}`);
    expect(text).toMatch(/Figure valid until \d{1,2} \w+ \d{4}/);
    expect(text).toMatch(/Last asked \d{1,2} \w+ \d{4}, with your consent/);
    expect(html).not.toContain(letter.agreement_reference);
  }, 90_000);

  it('asks the seller for the shortfall when the lender’s figure is above the price (the sandbox’s mileage ending 999)', async () => {
    const { seller, valuation } = await profiledSeller('KV21VAN', '120999', { ...BLACK_HORSE, lenderId: 'motonovo' });
    const price = await agreedSale(seller, 'KV21VAN');
    const figure = Math.round(valuation * 1.25);
    expect(figure).toBeGreaterThan(price);
    const split = await go(seller, '/KV21VAN/finance-payment-details');
    expect(split.location).toBe('/KV21VAN/finance-payment-details-more-funds-requested');
    const page = await go(seller, split.location!);
    expect(page.text).toContain(`Your settlement figure of ${pounds(figure)} is ${pounds(figure - price)} more than the sale price`);
    expect(page.text).toContain(`Settlement figure from MotoNovo Finance ${pounds(figure)}`);
    expect(page.text).toContain('SANDBOX Kerbside Ltd client account');
  }, 90_000);

  it('is asked again by the Cron Trigger before the figure ends, each message once', async () => {
    const { email, enquiryId } = await profiledSeller('KE19FTA', '65000', { ...BLACK_HORSE, lenderId: 'ford-credit' });
    await expect.poll(async () => (await outbox(email)).filter((s) => s.includes('settlement figure')).length).toBe(1);

    // A day and a half before it ends: the seller is told, once however often the job runs.
    await workers.clock.advance(8.5 * DAY);
    await runScheduled();
    await runScheduled();
    await expect.poll(async () => (await outbox(email)).filter((s) => s.includes('ends')).length).toBe(1);
    const letters = () =>
      workers.db.prepare('SELECT count(*) AS n FROM finance_settlement_letters WHERE enquiry_id = ?1').bind(enquiryId).first<number>('n');
    expect(await letters()).toBe(1);

    // Past its end: asked for again, and the new figure is told once.
    await workers.clock.advance(2 * DAY);
    const swept = (await (await runScheduled()).json()) as { settlementFigures: { requested: number } };
    expect(swept.settlementFigures.requested).toBeGreaterThanOrEqual(1);
    await runScheduled();
    expect(await letters()).toBe(2);
    await expect.poll(async () => (await outbox(email)).filter((s) => s.includes("Ford Credit's settlement figure")).length).toBe(2);
    expect((await outbox(email)).filter((s) => s.includes('ends')).length).toBe(1);
  }, 90_000);
});
