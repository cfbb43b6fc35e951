import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_PENCE } from '../contract/accounts';
import { Browser, mainText, textOf } from './support/browser';
import { file, jpeg, pdf } from './support/files';
import { newSeller, sellerWhoSold, sessionData, signUp, uniqueEmail, valueCar, completeProfile } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * What a seller agrees to is there to read, final and dated; and refer a friend pays what its terms
 * say, once, when the friend's sale completes. Without JavaScript, through the platform.
 */
let workers: Workers;
const COMPANY = {
  name: 'Example Motors Ltd',
  number: '01234567',
  registeredAddress: '1 High Street, Leeds LS1 1AA',
  icoNumber: 'ZA123456',
};
beforeAll(async () => {
  workers = await startWorkers({
    appVars: { FEATURE_FLAGS: '{"devMailbox":true}', ENVIRONMENT: 'development', COMPANY_DETAILS: JSON.stringify(COMPANY) },
    platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: '1', SALE_WINDOW_SECONDS: '3' },
  });
});
afterAll(() => workers?.dispose());

const reward = `£${REFERRAL_REWARD_PENCE / 100}`;

describe('the terms a seller agrees to', () => {
  it('are linked from the sign-up form, each opening in a new tab that says so', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    const form = /<form[^>]*id="sign-up"[\s\S]*?<\/form>/.exec(await (await seller.get('/KE19FTA')).text())?.[0] ?? '';
    expect(textOf(form)).toContain(
      'By clicking See valuation you agree to the Kerbside terms of use (opens in a new tab) and privacy notice (opens in a new tab)',
    );
    for (const href of ['/terms', '/privacy']) {
      expect(form).toMatch(new RegExp(`<a href="${href}" target="_blank" rel="noopener">`));
    }
  });

  it("are linked from the value tracker's own sign-up too", async () => {
    const html = await (await new Browser(workers.fetch).get('/car-value-tracker/sign-in')).text();
    const form = /<form[^>]*id="tracker-sign-up"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(textOf(form)).toContain(
      'By clicking Create my account you agree to the Kerbside terms of use (opens in a new tab) and privacy notice (opens in a new tab)',
    );
    for (const href of ['/terms', '/privacy']) {
      expect(form).toMatch(new RegExp(`<a href="${href}" target="_blank" rel="noopener">`));
    }
  });

  it.each(['/terms', '/privacy', '/referral-terms'])('%s is final: dated from its text, naming the configured company', async (path) => {
    const response = await new Browser(workers.fetch).get(path);
    expect(response.status).toBe(200);
    const text = mainText(await response.text());
    expect(text).not.toMatch(/draft|placeholder|lorem|TODO|\{\{|not configured/i);
    expect(text).toContain('Last updated 26 November 2026');
    expect(text).toContain(COMPANY.name);
    if (path !== '/referral-terms')
      expect(text).toContain(`company number ${COMPANY.number}, registered office ${COMPANY.registeredAddress}`);
    if (path === '/privacy') expect(text).toContain(`under number ${COMPANY.icoNumber}`);
    if (path === '/referral-terms') expect(text).toContain(`We pay you ${reward} for each friend whose sale completes`);
  });
});

/** Value, sign up (from the page a friend's link opened), build the profile and sell, up to the dealer paying. */
async function sellThroughTheSale(seller: Browser, account: Record<string, string>) {
  await valueCar(seller);
  const email = uniqueEmail('friend');
  expect((await signUp(seller, email)).status).toBe(302);
  const profile = '/KE19FTA/profile';
  await completeProfile(seller);
  expect((await seller.post(`${profile}/timeline`, { intent: 'enter-sale' })).headers.get('location')).toBe('/KE19FTA');
  await workers.clock.advance(4_500);
  await seller.get('/KE19FTA');
  expect((await seller.post('/KE19FTA/accept-offer', { intent: 'accept' })).headers.get('location')).toBe('/KE19FTA/confirm-sale-summary');
  const withRef = (await seller.get('/KE19FTA/confirm-sale')).headers.get('location')!;
  expect((await seller.post(withRef, {})).headers.get('location')).toBe('/KE19FTA/add-bank-details');
  expect((await seller.post('/KE19FTA/add-bank-details', account)).headers.get('location')).toBe('/KE19FTA/upload-documents');
  await seller.post('/KE19FTA/upload-documents', { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
  await seller.post('/KE19FTA/upload-documents', {
    intent: 'upload',
    kind: 'driving-licence',
    file: file(jpeg(), 'licence.jpg', 'image/jpeg'),
  });
  expect((await seller.post('/KE19FTA/upload-documents', { intent: 'submit' })).headers.get('location')).toBe('/KE19FTA/review-status');
  const collection = await (await seller.get('/KE19FTA/collection')).text();
  const day = /name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/.exec(collection)![1]!;
  const addressId = /name="addressId"[^>]*value="([A-Z0-9]+-\d+)"/.exec(collection)![1]!;
  expect((await seller.post('/KE19FTA/collection', { date: day, slot: 'morning', addressId })).headers.get('location')).toBe(
    '/KE19FTA/review-status',
  );
  // The dealer collects and pays: the development switch that stands in for it.
  expect((await seller.post('/KE19FTA/review-status', {})).headers.get('location')).toBe('/KE19FTA/sale-complete');
  return email;
}

const rewardsOf = (referrerEmail: string) =>
  workers.db
    .prepare(
      `SELECT r.amount_pence, r.status, r.paid_to_last4 FROM referral_rewards r JOIN users u ON u.id = r.referrer_id WHERE u.email = ?1`,
    )
    .bind(referrerEmail)
    .all<{ amount_pence: number; status: string; paid_to_last4: string }>()
    .then((r) => r.results);

describe('refer a friend', () => {
  it("pays the referrer once when a referred friend's sale completes, and shows it in their account", async () => {
    const referrer = await sellerWhoSold(workers);
    expect(mainText(await (await referrer.browser.get('/account')).text())).not.toContain('Your referral rewards');
    const link = /value="http:\/\/localhost(\/sell-my-car\/refer\?ref=[A-Z2-9]{8})"/.exec(
      await (await referrer.browser.get('/refer')).text(),
    )![1]!;

    const friend = newSeller(workers);
    await friend.get(link);
    await sellThroughTheSale(friend, { accountName: 'S Kennedy', sortCode: '10-79-99', accountNumber: '88837491' });
    expect(await rewardsOf(referrer.email)).toEqual([{ amount_pence: REFERRAL_REWARD_PENCE, status: 'paid', paid_to_last4: '4958' }]);

    const account = mainText(await (await referrer.browser.get('/account')).text());
    expect(account).toContain('Your referral rewards');
    expect(account).toMatch(new RegExp(`${reward} paid on \\d+ \\w+ \\d{4} into the account ending 4958, for a friend's sale\\.`));

    // The dealer's payment reported again (a retried event) pays nothing more.
    const idToken: string = (await sessionData(friend)).auth.idToken;
    const user = (await (await workers.platform('/platform/user', { headers: { 'x-mway-authorization': idToken } })).json()) as {
      vehicles: { enquiry: { id: number } }[];
    };
    const again = await workers.platform(`/platform/dev/enquiries/${user.vehicles[0]!.enquiry.id}/collect`, {
      method: 'POST',
      headers: { 'x-mway-authorization': idToken },
    });
    expect(again.status).toBe(200);
    expect(await rewardsOf(referrer.email)).toHaveLength(1);
    // The reward is a money movement of its own in the ledger, once (docs/decisions/037).
    const rewards = await workers.db
      .prepare("SELECT amount_pence FROM ledger WHERE entry = 'referral_reward' AND enquiry_id = ?1")
      .bind(user.vehicles[0]!.enquiry.id)
      .all<{ amount_pence: number }>();
    expect(rewards.results).toEqual([{ amount_pence: REFERRAL_REWARD_PENCE }]);
  }, 90_000);

  it("pays nothing when the friend is paid into the referrer's own account", async () => {
    const referrer = await sellerWhoSold(workers);
    const link = /value="http:\/\/localhost(\/sell-my-car\/refer\?ref=[A-Z2-9]{8})"/.exec(
      await (await referrer.browser.get('/refer')).text(),
    )![1]!;
    const friend = newSeller(workers);
    await friend.get(link);
    await sellThroughTheSale(friend, { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
    expect(await rewardsOf(referrer.email)).toEqual([]);
    expect(mainText(await (await referrer.browser.get('/account')).text())).not.toContain('Your referral rewards');
  }, 90_000);

  /** Another car of the referrer's, sold later than the first and paid into `account`: their latest payout account. */
  async function soldAgain(referrer: { browser: Browser }, vrm: string, account: Record<string, string>) {
    await valueCar(referrer.browser, vrm, '90000');
    const idToken: string = (await sessionData(referrer.browser)).auth.idToken;
    const user = (await (await workers.platform('/platform/user', { headers: { 'x-mway-authorization': idToken } })).json()) as {
      vehicles: { vrm?: string; enquiry: { id: number } }[];
    };
    const ids = user.vehicles.map((vehicle) => vehicle.enquiry.id);
    const enquiryId = Math.max(...ids);
    const call = (path: string, body: Record<string, unknown>) =>
      workers.platform(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mway-authorization': idToken },
        body: JSON.stringify(body),
      });
    expect((await call('/platform/payments/beneficiaries/update', { enquiryId, ...account })).status).toBe(200);
    expect((await call('/platform/payments/beneficiaries/confirmation', { enquiryId })).status).toBe(200);
    await workers.db
      .prepare("UPDATE enquiries SET dp_state_slug = 'sold-invoice-paid', status = 'sold_invoice_paid', updated_at = ?2 WHERE id = ?1")
      .bind(enquiryId, '2999-01-01T00:00:00.000Z')
      .run();
    return enquiryId;
  }

  const referralLink = async (browser: Browser) =>
    /value="http:\/\/localhost(\/sell-my-car\/refer\?ref=[A-Z2-9]{8})"/.exec(await (await browser.get('/refer')).text())![1]!;

  it("pays nothing when the friend is paid into an older account of the referrer's, not only their latest", async () => {
    // First paid into 08-99-99 66374958; then a second car, paid into another account, is their latest.
    const referrer = await sellerWhoSold(workers);
    await soldAgain(referrer, 'KT70EVS', { accountName: 'S Kennedy', sortCode: '10-79-99', accountNumber: '88837491' });
    const friend = newSeller(workers);
    await friend.get(await referralLink(referrer.browser));
    await sellThroughTheSale(friend, { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
    expect(await rewardsOf(referrer.email)).toEqual([]);
    expect(mainText(await (await referrer.browser.get('/account')).text())).not.toContain('Your referral rewards');
  }, 120_000);

  it('pays nothing into an account a reward of theirs was paid into, even once no sale of theirs names it', async () => {
    const referrer = await sellerWhoSold(workers, { accountName: 'S Kennedy', sortCode: '10-79-99', accountNumber: '88837491' });
    const first = newSeller(workers);
    await first.get(await referralLink(referrer.browser));
    await sellThroughTheSale(first, { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
    expect(await rewardsOf(referrer.email)).toEqual([{ amount_pence: REFERRAL_REWARD_PENCE, status: 'paid', paid_to_last4: '7491' }]);
    // The referrer's sale no longer names that account (changed, or gone from the record), and a
    // later sale of theirs is paid into another: the one the old rule compared with...
    await workers.db.prepare('DELETE FROM beneficiaries WHERE enquiry_id = ?1').bind(referrer.enquiryId).run();
    await soldAgain(referrer, 'KT70EVS', { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
    // ...and a second "friend" is paid into the account the first reward went to.
    const second = newSeller(workers);
    await second.get(await referralLink(referrer.browser));
    await sellThroughTheSale(second, { accountName: 'S Kennedy', sortCode: '10-79-99', accountNumber: '88837491' });
    expect(await rewardsOf(referrer.email)).toHaveLength(1);
  }, 120_000);
});
