import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../contract/accounts';
import type { BeneficiaryResponse } from '../contract/bank-details';
import type { PlatformEnv } from '../platform/src/env';
import { payeeCheckFor } from '../platform/src/sale/payee-check';
import { mainText } from './support/browser';
import { latestEmail, newSeller, sessionData, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * Confirmation of Payee on the bank-details step (docs/decisions/036), through the app with
 * JavaScript off: each of the scheme's four outcomes, from the sandbox's accounts (docs/sandbox.md).
 */

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

const SARAH = { sortCode: '08-99-99', accountNumber: '66374958' };
const INITIAL_ONLY = { sortCode: '10-79-99', accountNumber: '88837491' };
const UNAVAILABLE = { sortCode: '20-29-59', accountNumber: '63748472' };
const PAGE = '/KE19FTA/add-bank-details';

/** A seller whose offer was accepted, at the bank-details step. */
async function sellerAtBankDetails() {
  const browser = newSeller(workers);
  await valueCar(browser);
  const email = uniqueEmail('cop');
  expect((await signUp(browser, email, 'KE19FTA', {}, { prove: true })).status).toBe(302);
  const idToken: string = (await sessionData(browser)).auth.idToken;
  const user = (await (await workers.platform('/platform/user', { headers: { 'x-mway-authorization': idToken } })).json()) as User;
  const enquiryId = user.vehicles![0]!.enquiry!.id;
  await workers.db
    .prepare("UPDATE enquiries SET status = 'sold_confirmed', dp_state_slug = 'sold-confirmed' WHERE id = ?1")
    .bind(enquiryId)
    .run();
  await workers.db
    .prepare(
      `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, outcome, accepted_at, confirmed_at, created_at)
       VALUES (?1, 1, 10000, 9000, 0, 0, 'accepted', ?2, ?2, ?2)`,
    )
    .bind(enquiryId, new Date().toISOString())
    .run();
  return { browser, idToken, enquiryId, email };
}

type Seller = Awaited<ReturnType<typeof sellerAtBankDetails>>;

const beneficiaryOf = async (seller: Seller) =>
  (await (
    await workers.platform(`/platform/payments/beneficiaries/${seller.enquiryId}`, { headers: { 'x-mway-authorization': seller.idToken } })
  ).json()) as BeneficiaryResponse;

/** What the payout reads (platform/src/sale/payee-check.ts), from the same D1. */
const payoutCheck = (enquiryId: number) => payeeCheckFor({ DB: workers.db } as unknown as PlatformEnv, enquiryId);

const checkRow = (enquiryId: number) =>
  workers.db
    .prepare(
      'SELECT cop, cop_bank_name, cop_checked_at, cop_confirmed_at, cop_retries, confirmed_at FROM beneficiaries WHERE enquiry_id = ?1',
    )
    .bind(enquiryId)
    .first<Record<string, unknown>>();

/** The hidden check id the page's answer forms carry. */
const checkIdIn = (html: string) => /name="checkId" value="(\d+)"/.exec(html)![1]!;

describe('Confirmation of Payee on the bank-details step', () => {
  it('saves and confirms a name its bank matches, however it is typed', async () => {
    const seller = await sellerAtBankDetails();
    const saved = await seller.browser.post(PAGE, { accountName: 'sarah  KENNEDY', ...SARAH });
    expect(saved.headers.get('location')).toBe('/KE19FTA/upload-documents');
    expect((await beneficiaryOf(seller)).beneficiary).toMatchObject({ confirmed: true, nameCheck: 'match', payoutHeldForCheck: false });
    expect(await checkRow(seller.enquiryId)).toMatchObject({ cop: 'match', cop_checked_at: expect.any(String) });
    expect(await payoutCheck(seller.enquiryId)).toMatchObject({ result: 'match', holdPayout: false, sellerConfirmedNoMatch: false });
  });

  it('asks about a close match, saves nothing yet, and "Use this name" saves the bank’s name', async () => {
    const seller = await sellerAtBankDetails();
    const posted = await seller.browser.post(PAGE, { accountName: 'Sarah Kennedy', ...INITIAL_ONLY });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe(PAGE);
    expect(await checkRow(seller.enquiryId)).toBeNull();

    const html = await (await seller.browser.get(PAGE)).text();
    expect(mainText(html)).toContain('The name on this account is S Kennedy. Use this name?');
    expect(mainText(html)).toContain('Change the details');
    // What was typed comes back (the name and the sort code), never the account number.
    expect(html).toContain('value="Sarah Kennedy"');
    expect(html).toContain('value="10-79-99"');
    expect(html).not.toContain('88837491');

    const used = await seller.browser.post(PAGE, { intent: 'use-name', checkId: checkIdIn(html) });
    expect(used.headers.get('location')).toBe('/KE19FTA/upload-documents');
    expect((await beneficiaryOf(seller)).beneficiary).toMatchObject({
      accountName: 'S Kennedy',
      accountNumberLast4: '7491',
      confirmed: true,
      nameCheck: 'match',
    });
    expect(await checkRow(seller.enquiryId)).toMatchObject({ cop: 'match', cop_bank_name: 'S Kennedy' });
    // The check is spent: the same button again saves nothing twice.
    const again = await seller.browser.post(PAGE, { intent: 'use-name', checkId: checkIdIn(html) });
    expect(mainText(await again.text())).toContain('Those details have expired');
  });

  it('warns of a no match, keeps the details only once the box is ticked, and holds the payout for a check', async () => {
    const seller = await sellerAtBankDetails();
    await seller.browser.post(PAGE, { accountName: 'John Smith', ...SARAH });
    const html = await (await seller.browser.get(PAGE)).text();
    expect(mainText(html)).toContain('The name does not match the account');
    expect(mainText(html)).toContain('the money may not be recoverable');
    expect(html).not.toContain('66374958');
    expect(await checkRow(seller.enquiryId)).toBeNull();

    const unticked = await seller.browser.post(PAGE, { intent: 'keep', checkId: checkIdIn(html) });
    expect(unticked.status).toBe(400);
    expect(mainText(await unticked.text())).toContain('Tick the box to say you understand the risk');
    expect(await checkRow(seller.enquiryId)).toBeNull();

    const kept = await seller.browser.post(PAGE, { intent: 'keep', checkId: checkIdIn(html), understood: 'yes' });
    expect(kept.headers.get('location')).toBe('/KE19FTA/upload-documents');
    expect(await checkRow(seller.enquiryId)).toMatchObject({ cop: 'no_match_confirmed', cop_confirmed_at: expect.any(String) });
    expect((await beneficiaryOf(seller)).beneficiary).toMatchObject({ nameCheck: 'no_match_confirmed', payoutHeldForCheck: true });
    expect(await payoutCheck(seller.enquiryId)).toEqual({
      result: 'no_match',
      bankName: null,
      sellerConfirmedNoMatch: true,
      checkedAt: expect.any(String),
      holdPayout: true,
      reason: expect.stringContaining('chose to keep'),
    });
    expect(mainText(await (await seller.browser.get(PAGE)).text())).toContain('we check them before we pay you');
  });

  it('saves a check that could not be made, and the Cron Trigger tries it again', async () => {
    const seller = await sellerAtBankDetails();
    const saved = await seller.browser.post(PAGE, { accountName: 'Sarah Kennedy', ...UNAVAILABLE });
    expect(saved.headers.get('location')).toBe('/KE19FTA/upload-documents');
    expect(await checkRow(seller.enquiryId)).toMatchObject({ cop: 'unavailable', cop_retries: 0, confirmed_at: expect.any(String) });
    expect(mainText(await (await seller.browser.get(PAGE)).text())).toContain(
      'We could not check the name on the account with your bank yet',
    );

    expect(await payoutCheck(seller.enquiryId)).toMatchObject({ result: 'unavailable', holdPayout: true });
    await workers.runScheduled(undefined, '*/10 * * * *');
    await expect.poll(async () => (await checkRow(seller.enquiryId))?.cop_retries).toBe(1);

    // The bank answers at last, with a name that is not the one given: the payout is held and the seller told.
    await retryAs(seller, { accountName: 'John Smith', ...SARAH });
    await workers.runScheduled(undefined, '*/10 * * * *');
    await expect.poll(async () => (await checkRow(seller.enquiryId))?.cop).toBe('no_match');
    expect(await payoutCheck(seller.enquiryId)).toMatchObject({ result: 'no_match', sellerConfirmedNoMatch: false, holdPayout: true });
    expect((await beneficiaryOf(seller)).beneficiary).toMatchObject({ nameCheck: 'no_match', payoutHeldForCheck: true });
    await expect
      .poll(async () => (await latestEmail(workers, seller.email))?.subject)
      .toBe('Check your bank details: we have held your payout');
    expect(mainText(await (await seller.browser.get(PAGE)).text())).toContain('we have held your payout');
  });
});

/**
 * The account on file becomes `details` (a no match the seller keeps, through the payee change and
 * its e-mailed code), and then reads as if its bank had not answered when it was checked: the
 * sandbox's unavailable sort code never answers, so this is how a retry meets a bank that does.
 */
async function retryAs(seller: Seller, details: { accountName: string; sortCode: string; accountNumber: string }) {
  const change = await workers.platform('/platform/payments/beneficiaries/update', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mway-authorization': seller.idToken },
    body: JSON.stringify({ enquiryId: seller.enquiryId, ...details }),
  });
  const check = ((await change.json()) as BeneficiaryResponse).payeeCheck!;
  const kept = await workers.platform('/platform/payments/beneficiaries/payee-check', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mway-authorization': seller.idToken },
    body: JSON.stringify({ enquiryId: seller.enquiryId, checkId: check.id, choice: 'keep', understood: true }),
  });
  expect(kept.status).toBe(202);
  const code = /on the page: (\d{6})/.exec((await latestEmail(workers, seller.email))!.body)![1]!;
  const applied = await workers.platform('/platform/payments/beneficiaries/confirm-change', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mway-authorization': seller.idToken },
    body: JSON.stringify({ enquiryId: seller.enquiryId, code }),
  });
  expect(applied.status).toBe(200);
  // The change carried its check, and the code applied both.
  expect(await checkRow(seller.enquiryId)).toMatchObject({ cop: 'no_match_confirmed', cop_confirmed_at: expect.any(String) });
  await workers.db
    .prepare("UPDATE beneficiaries SET cop = 'unavailable', cop_confirmed_at = NULL, cop_retries = 0 WHERE enquiry_id = ?1")
    .bind(seller.enquiryId)
    .run();
}
