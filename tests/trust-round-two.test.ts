import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../contract/accounts';
import type { BeneficiaryResponse } from '../contract/bank-details';
import { CODE_LIMITS } from '../platform/src/records/one-time-codes';
import { CODE_TEXTS_PER_NUMBER_PER_DAY } from '../platform/src/outbox';
import { REFRESH_REUSE_GRACE_MS } from '../platform/src/auth';
import { signIdToken } from '../platform/src/tokens';
import { Browser, mainText } from './support/browser';
import {
  completeProfile,
  e164,
  enterMobileCode,
  latestEmail,
  newSeller,
  openLatestLink,
  sellerWhoSold,
  sessionData,
  signInByLink,
  signUp,
  uniqueEmail,
  uniqueMobile,
  valueCar,
} from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * Trust, round two (docs/decisions/031): each attack of issue 32 reproduced against the product as
 * the probe found it, and now failing to get in. The genuine seller's way through (sign up → proof
 * → mobile code → sale → bank details → paid) is the browser journey's (e2e/sale.spec.ts).
 */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { SALE_START_DELAY_SECONDS: '1', SALE_WINDOW_SECONDS: '3' } });
});
afterAll(() => workers?.dispose());

const PRODUCTION_TOKEN_SECRET = 'integration-tests-production-like-token-secret-0456';
const GOOD = { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' };
// An account outside the Confirmation of Payee sandbox's registry: its bank matches any name (docs/sandbox.md).
const MALLORY = { accountName: 'Mallory Payee', sortCode: '10-79-99', accountNumber: '31926819' };

function asSeller(idToken: string, path: string, body?: unknown, w: Workers = workers) {
  return w.platform(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-mway-authorization': idToken },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A proven seller with a payout account on file, and their id token and enquiry. */
async function sellerWithPayee(w: Workers = workers) {
  const browser = newSeller(w);
  await valueCar(browser);
  const email = uniqueEmail('payee');
  expect((await signUp(browser, email)).status).toBe(302);
  const idToken: string = (await sessionData(browser)).auth.idToken;
  const user = (await (await asSeller(idToken, '/platform/user', undefined, w)).json()) as User;
  const enquiryId = user.vehicles![0]!.enquiry!.id;
  expect((await asSeller(idToken, '/platform/payments/beneficiaries/update', { enquiryId, ...GOOD }, w)).status).toBe(200);
  return { browser, email, idToken, enquiryId, userId: user.id };
}

const askChange = (seller: { idToken: string; enquiryId: number }, w: Workers = workers) =>
  asSeller(seller.idToken, '/platform/payments/beneficiaries/update', { enquiryId: seller.enquiryId, ...MALLORY }, w);
const guess = (seller: { idToken: string; enquiryId: number }, code: string) =>
  asSeller(seller.idToken, '/platform/payments/beneficiaries/confirm-change', { enquiryId: seller.enquiryId, code });
const payeeOf = async (seller: { idToken: string; enquiryId: number }) =>
  (await (await asSeller(seller.idToken, `/platform/payments/beneficiaries/${seller.enquiryId}`)).json()) as BeneficiaryResponse;

async function emailsTo(email: string) {
  const { results } = await workers.db
    .prepare("SELECT subject, body, link FROM outbox WHERE channel = 'email' AND to_email = ?1 ORDER BY id")
    .bind(email)
    .all<{ subject: string; body: string; link: string | null }>();
  return results;
}
async function textsTo(national: string, afterId = 0) {
  const { results } = await workers.db
    .prepare("SELECT id, body FROM outbox WHERE channel = 'sms' AND to_phone = ?1 AND id > ?2 ORDER BY id")
    .bind(e164(national), afterId)
    .all<{ id: number; body: string }>();
  return results;
}
const lastOutboxId = async () => (await workers.db.prepare('SELECT max(id) AS id FROM outbox').first<{ id: number }>())!.id ?? 0;
const codeIn = (body: string) => /on the page: (\d{6})/.exec(body)?.[1] ?? null;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('1. payee-change codes', () => {
  it('counts guesses sent together before comparing any: of 25 at once, 5 are compared and the code is spent', async () => {
    const seller = await sellerWithPayee();
    expect((await askChange(seller)).status).toBe(202);
    const code = codeIn((await latestEmail(workers, seller.email))!.body)!;
    const answers = await Promise.all(Array.from({ length: 25 }, () => guess(seller, wrongFor(code))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(CODE_LIMITS.triesPerCode);
    expect(statuses.filter((s) => s === 410)).toHaveLength(25 - CODE_LIMITS.triesPerCode);
    const row = await workers.db
      .prepare('SELECT attempts FROM one_time_codes WHERE subject = ?1 ORDER BY id DESC LIMIT 1')
      .bind(`enquiry:${seller.enquiryId}`)
      .first<{ attempts: number }>();
    expect(row!.attempts).toBe(CODE_LIMITS.triesPerCode);
    // The right code is no good now: the payee stays.
    expect((await guess(seller, code)).status).toBe(410);
    expect((await payeeOf(seller)).beneficiary!.accountNumberLast4).toBe('4958');
  });

  it('counts guesses across fresh codes, caps new codes, and then holds the change and tells the owner', async () => {
    const seller = await sellerWithPayee();
    // Two codes, five wrong guesses each: the day's ten guesses are gone, and the tenth holds the change.
    for (const round of [1, 2]) {
      expect((await askChange(seller)).status).toBe(202);
      const code = codeIn((await latestEmail(workers, seller.email))!.body)!;
      for (let i = 1; i <= CODE_LIMITS.triesPerCode; i++) {
        const answer = await guess(seller, wrongFor(code));
        const last = round === 2 && i === CODE_LIMITS.triesPerCode;
        expect(answer.status).toBe(last ? 410 : 400);
        if (last) expect(await answer.json()).toMatchObject({ code: 'change_held' });
      }
    }
    expect((await payeeOf(seller)).pendingChange).toMatchObject({ state: 'held', accountNumberLast4: '6819' });
    // A third code arrives, but even the right one is refused: no guesses are left today.
    expect((await askChange(seller)).status).toBe(202);
    const third = codeIn((await latestEmail(workers, seller.email))!.body)!;
    expect(await (await guess(seller, third)).json()).toMatchObject({ code: 'change_held' });
    // A fourth change in the hour gets no code at all: it is held at once.
    const fourth = await askChange(seller);
    expect(fourth.status).toBe(202);
    expect(await fourth.json()).toMatchObject({ pendingChange: { state: 'held', expiresAt: null } });
    const mails = await emailsTo(seller.email);
    expect(mails.filter((m) => m.subject === 'Your code to change where we pay you')).toHaveLength(CODE_LIMITS.codesPerHour);
    expect(mails.filter((m) => m.subject === 'A change to where we pay you is on hold').length).toBeGreaterThanOrEqual(2);
    expect((await payeeOf(seller)).beneficiary!.accountNumberLast4).toBe('4958');
    // The seller's page says so, and how to reach support.
    await workers.db
      .prepare("UPDATE enquiries SET status = 'sold_confirmed', dp_state_slug = 'sold-confirmed' WHERE id = ?1")
      .bind(seller.enquiryId)
      .run();
    await workers.db
      .prepare(
        `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, outcome, accepted_at, created_at)
         VALUES (?1, 1, 10000, 9000, 0, 0, 'accepted', ?2, ?2)`,
      )
      .bind(seller.enquiryId, new Date().toISOString())
      .run();
    const held = mainText(await (await seller.browser.get('/KE19FTA/add-bank-details')).text());
    expect(held).toContain('A change to the account ending 6819 is on hold');
    expect(held).toContain('To change where we pay you, contact our support team');
  });

  it('e-mails the code with a freeze link, never in the subject; the owner’s own page shows the change and cancels it', async () => {
    const owner = await sellerWithPayee();
    // The stolen session: another browser signed in to the same account.
    const thief = newSeller(workers);
    await signInByLink(workers, thief, owner.email);
    const thiefToken: string = (await sessionData(thief)).auth.idToken;
    expect((await askChange({ idToken: thiefToken, enquiryId: owner.enquiryId })).status).toBe(202);
    const mail = (await latestEmail(workers, owner.email))!;
    expect(mail.subject).toBe('Your code to change where we pay you');
    expect(mail.subject).not.toMatch(/\d/);
    expect(mail.body).toMatch(/Freeze my payout and sign out everywhere: http:\/\/localhost\/auth\/freeze-payout\?token=/);
    expect(codeIn(mail.body)).toMatch(/^\d{6}$/);

    // The owner's session sees what the other one asked for.
    const mine = await payeeOf(owner);
    expect(mine.pendingChange).toMatchObject({ state: 'pending', accountNumberLast4: '6819', requestedHere: false });
    await workers.db
      .prepare("UPDATE enquiries SET status = 'sold_confirmed', dp_state_slug = 'sold-confirmed' WHERE id = ?1")
      .bind(owner.enquiryId)
      .run();
    await workers.db
      .prepare(
        `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, outcome, accepted_at, created_at)
         VALUES (?1, 1, 10000, 9000, 0, 0, 'accepted', ?2, ?2)`,
      )
      .bind(owner.enquiryId, new Date().toISOString())
      .run();
    const page = mainText(await (await owner.browser.get('/KE19FTA/add-bank-details')).text());
    expect(page).toContain(`A change was asked for on another device (session ${mine.pendingChange!.requestedBy})`);
    expect(page).toContain('Cancel it and freeze my payout');
    const cancelled = await owner.browser.post('/KE19FTA/add-bank-details', { intent: 'cancel' });
    expect(cancelled.headers.get('location')).toBe('/KE19FTA/add-bank-details?cancelled');
    expect(mainText(await (await owner.browser.follow(cancelled)).text())).toContain('The change is cancelled and your payout is frozen');
    // The code no longer works, the thief's session has ended, the payout is held.
    expect((await guess(owner, codeIn(mail.body)!)).status).toBe(410);
    expect((await asSeller(thiefToken, '/platform/user')).status).toBe(401);
    expect(await payeeOf(owner)).toMatchObject({ pendingChange: null, frozen: true, beneficiary: { accountNumberLast4: '4958' } });
  });
});

describe('2. what was typed before proof', () => {
  it('is cleared when the owner proves the address from her own browser: her sale’s texts go to her phone, and no referral is paid', async () => {
    const referrer = await sellerWhoSold(workers);
    const link = /value="http:\/\/localhost(\/sell-my-car\/refer\?ref=[A-Z2-9]{8})"/.exec(
      await (await referrer.browser.get('/refer')).text(),
    )![1]!;
    // The squatter follows the referral link, signs up with her address and his details, and proves his own mobile.
    const victimEmail = uniqueEmail('owner');
    const squatterPhone = uniqueMobile();
    const squatter = newSeller(workers);
    await squatter.get(link);
    await valueCar(squatter);
    await signUp(
      squatter,
      victimEmail,
      'KE19FTA',
      { phone: squatterPhone, name: 'Mal Lory', postcode: 'M1 1AE', marketingConsent: 'on' },
      { prove: false },
    );
    await enterMobileCode(squatter, squatterPhone);
    const row = () =>
      workers.db
        .prepare(
          'SELECT first_name, phone, phone_verified_at, postcode, email_crm_tier, referred_by, details_to_confirm FROM users WHERE email = ?1',
        )
        .bind(victimEmail)
        .first<Record<string, unknown>>();
    expect(await row()).toMatchObject({ phone: e164(squatterPhone), phone_verified_at: expect.any(String), referred_by: null });

    // The owner proves the address from her own browser: none of it stays, and she gives her own.
    const owner = newSeller(workers);
    await valueCar(owner, 'KT70EVS', '70000');
    await owner.post('/sign-in', { email: victimEmail, redirectTo: '/KT70EVS' });
    const proven = await openLatestLink(owner, victimEmail);
    expect(proven.headers.get('location')).toBe('/account/details?confirm&next=%2FKT70EVS');
    expect(await row()).toEqual({
      first_name: '',
      phone: '',
      phone_verified_at: null,
      postcode: '',
      email_crm_tier: 'service',
      referred_by: null,
      details_to_confirm: 1,
    });
    expect(mainText(await (await owner.follow(proven)).text())).toContain('Confirm your details');
    const ownerPhone = uniqueMobile();
    const confirmed = await owner.post('/account/details?confirm&next=%2FKT70EVS', {
      name: 'Sarah Kennedy',
      phone: ownerPhone,
      postcode: 'LS1 4DY',
    });
    expect(confirmed.headers.get('location')).toBe('/account/mobile?next=%2FKT70EVS');
    expect((await enterMobileCode(owner, ownerPhone, confirmed.headers.get('location')!)).headers.get('location')).toBe('/KT70EVS');
    expect(await row()).toMatchObject({ first_name: 'Sarah', phone: e164(ownerPhone), details_to_confirm: 0, referred_by: null });

    // Her sale: the texts about it go to her phone, and not one to the squatter's.
    const since = await lastOutboxId();
    await completeProfile(owner, 'KT70EVS');
    await owner.post('/KT70EVS/profile/timeline', { intent: 'enter-sale' });
    await workers.clock.advance(4_500);
    await workers.runScheduled();
    await vi.waitFor(async () => expect((await textsTo(ownerPhone, since)).length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(await textsTo(squatterPhone, since)).toEqual([]);
    const user = (await (await asSeller((await sessionData(owner)).auth.idToken, '/platform/user')).json()) as User;
    expect(user.isReferredUser).toBe(false);
  }, 60_000);

  it('is kept when the address is proven in the browser that signed up', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    const email = uniqueEmail('kept');
    const phone = uniqueMobile();
    await signUp(seller, email, 'KE19FTA', { phone });
    const user = (await (await asSeller((await sessionData(seller)).auth.idToken, '/platform/user')).json()) as User;
    expect(user).toMatchObject({ firstName: 'Sarah', phone: e164(phone), phoneVerified: true, detailsToConfirm: false });
  });
});

describe('3. a mobile nobody proved', () => {
  it('hears nothing but its code: no sign-in notice and no sale text until the code is entered', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    const email = uniqueEmail('unproven-mobile');
    const phone = uniqueMobile();
    await signUp(seller, email, 'KE19FTA', { phone }, { prove: true, confirmMobile: false });
    for (let i = 0; i < 3; i++) await newSeller(workers).post('/sign-in', { email });
    await completeProfile(seller);
    await seller.post('/KE19FTA/profile/timeline', { intent: 'enter-sale' });
    await workers.clock.advance(4_500);
    await workers.runScheduled();
    await vi.waitFor(async () => expect((await emailsTo(email)).some((m) => /offers £/.test(m.subject))).toBe(true), { timeout: 10_000 });
    const texts = await textsTo(phone);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((t) => /is your code/.test(t.body))).toBe(true);
    const preferences = mainText(await (await seller.get('/account/preferences')).text());
    expect(preferences).toContain('We text you about your sale once you have confirmed your mobile');
  });

  it('is sent at most its day’s codes, however many accounts give it', async () => {
    const victimNumber = uniqueMobile();
    for (let i = 0; i < CODE_TEXTS_PER_NUMBER_PER_DAY + 3; i++) {
      const bomber = newSeller(workers);
      await valueCar(bomber);
      await signUp(bomber, uniqueEmail('bomb'), 'KE19FTA', { phone: victimNumber }, { prove: false });
    }
    expect(await textsTo(victimNumber)).toHaveLength(CODE_TEXTS_PER_NUMBER_PER_DAY);
  }, 60_000);
});

describe('4. links from the configured origin', () => {
  it('builds the freeze link on APP_ORIGINS for a payee change made through a foreign Host', async () => {
    const seller = await sellerWithPayee();
    await workers.db
      .prepare("UPDATE enquiries SET status = 'sold_confirmed', dp_state_slug = 'sold-confirmed' WHERE id = ?1")
      .bind(seller.enquiryId)
      .run();
    await workers.db
      .prepare(
        `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, outcome, accepted_at, created_at)
         VALUES (?1, 1, 10000, 9000, 0, 0, 'accepted', ?2, ?2)`,
      )
      .bind(seller.enquiryId, new Date().toISOString())
      .run();
    // The same worker answering on another hostname (a workers.dev or preview address).
    const foreign = new Browser(
      (pathname, init) =>
        workers.mf.dispatchFetch(`https://kerbside.attacker.workers.dev${pathname}`, { redirect: 'manual', ...init } as never) as never,
      { ip: '203.0.113.9' },
    );
    for (const [name, value] of seller.browser.cookies) foreign.cookies.set(name, value);
    const change = await foreign.post('/KE19FTA/add-bank-details', MALLORY);
    expect(change.headers.get('location')).toBe('/KE19FTA/add-bank-details');
    const mail = (await latestEmail(workers, seller.email))!;
    expect(mail.subject).toBe('Your code to change where we pay you');
    expect(mail.link).toMatch(/^http:\/\/localhost\/auth\/freeze-payout\?token=/);
    expect(mail.body).not.toContain('attacker');
    // A sign-in link asked for through the foreign host points home too.
    await foreign.post('/sign-out', {});
    await foreign.post('/sign-in', { email: seller.email });
    expect((await latestEmail(workers, seller.email))!.link).toMatch(/^http:\/\/localhost\/auth\/verify\?token=/);
  });

  it('keeps the earlier freeze link working when the new notice cannot be sent', async () => {
    const seller = await sellerWithPayee();
    expect((await askChange(seller)).status).toBe(202);
    const codeMail = (await latestEmail(workers, seller.email))!;
    const earlier = new URL(codeMail.link!).searchParams.get('token')!;
    // The e-mail provider is down when the change's own notice goes.
    await workers.db
      .prepare(
        "CREATE TRIGGER fail_notice BEFORE INSERT ON outbox WHEN NEW.subject LIKE 'Your payout account was changed%' BEGIN SELECT RAISE(ABORT, 'provider down'); END",
      )
      .run();
    try {
      const applied = await guess(seller, codeIn(codeMail.body)!);
      expect(applied.status).toBe(500);
    } finally {
      await workers.db.prepare('DROP TRIGGER fail_notice').run();
    }
    const frozen = await workers.platform('/platform/payments/freeze', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: earlier }),
    });
    expect(frozen.status).toBe(200);
  });

  it('refuses a payee change when there is no configured origin for its freeze link', async () => {
    const production = await startWorkers({
      appVars: { GATEWAY_SECRET: 'integration-tests-production-like-gateway-secret-02' },
      platformVars: {
        ENVIRONMENT: 'production',
        APP_ORIGINS: '',
        TOKEN_SECRET: PRODUCTION_TOKEN_SECRET,
        PAYMENTS_KEY: 'integration-tests-production-like-payments-key-0456',
        GATEWAY_SECRET: 'integration-tests-production-like-gateway-secret-02',
      },
    });
    try {
      const idToken = await productionSeller(production);
      const user = (await (await asSeller(idToken, '/platform/user', undefined, production)).json()) as User;
      const enquiryId = user.vehicles![0]!.enquiry!.id;
      const refused = await asSeller(idToken, '/platform/payments/beneficiaries/update', { enquiryId, ...GOOD }, production);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: 'links_unavailable' });
      expect(await production.db.prepare('SELECT count(*) AS n FROM beneficiaries').first('n')).toBe(0);
    } finally {
      await production.dispose();
    }
  });
});

/**
 * A proven seller on a production-configured platform without an origin: nothing can be e-mailed
 * there (no link could be built), so the account and its session are written as the platform
 * writes them, and the id token signed with the platform's secret.
 */
async function productionSeller(w: Workers): Promise<string> {
  const now = new Date().toISOString();
  const user = (await w.db
    .prepare(
      `INSERT INTO users (user_id, email, first_name, last_name, phone, postcode, email_crm_tier, email_verified_at, created_at, updated_at)
       VALUES (?1, ?2, 'Sarah', 'Kennedy', '', 'LS1 4DY', 'service', ?3, ?3, ?3) RETURNING id`,
    )
    .bind(crypto.randomUUID(), uniqueEmail('prod'), now)
    .first<{ id: number }>())!;
  const sid = `prod-${user.id}`;
  await w.db
    .prepare(
      'INSERT INTO sessions (id, user_id, refresh_token_hash, auth_token_hash, created_at, last_seen_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)',
    )
    .bind(sid, user.id, `r-${sid}`, `a-${sid}`, now)
    .run();
  const iat = Math.floor(Date.now() / 1000);
  const idToken = await signIdToken(
    { sub: user.id, sid, email: 'prod@example.co.uk', token_use: 'id', iat, exp: iat + 600 },
    PRODUCTION_TOKEN_SECRET,
  );
  const created = await asSeller(idToken, '/platform/create-enquiry?vrm=KE19FTA', { mileage: 65000 }, w);
  expect(created.status).toBe(201);
  return idToken;
}

describe('5. contact changes', () => {
  it('are e-mailed to the address with a freeze link: a new mobile (texts stay on the old one until its code), texts stopped, marketing', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    const email = uniqueEmail('contact');
    const oldPhone = uniqueMobile();
    await signUp(seller, email, 'KE19FTA', { phone: oldPhone });
    const before = (await emailsTo(email)).length;
    const newPhone = uniqueMobile();
    const saved = await seller.post('/account/details', { name: 'Sarah Kennedy', phone: newPhone, postcode: 'LS1 4DY' });
    expect(saved.headers.get('location')).toBe('/account/mobile?next=%2Faccount%2Fdetails%3Fsaved');
    // Until the code is entered, the proven number keeps the texts.
    const meanwhile = (await (await asSeller((await sessionData(seller)).auth.idToken, '/platform/user')).json()) as User;
    expect(meanwhile).toMatchObject({ phone: e164(oldPhone), phoneVerified: true, phonePending: e164(newPhone), texts: 'on' });
    await enterMobileCode(seller, newPhone, saved.headers.get('location')!);
    await seller.post('/account/preferences', { marketing: 'on', textsOffered: 'on' });
    const notices = (await emailsTo(email)).slice(before).filter((m) => m.subject === 'A change to your Kerbside account');
    const bodies = notices.map((m) => m.body).join('\n');
    expect(bodies).toContain(`The mobile number was changed to 07••• •••${newPhone.slice(-3)}`);
    expect(bodies).toContain(`Texts about your sale now go to 07••• •••${newPhone.slice(-3)}`);
    expect(bodies).toContain('News, tips and offers by e-mail were turned on');
    expect(bodies).toContain('Texts about your sale were stopped');
    for (const notice of notices) expect(notice.link).toMatch(/^http:\/\/localhost\/auth\/freeze-payout\?token=/);
    // The account's freeze link holds every payout and signs out everywhere.
    const token = new URL(notices.at(-1)!.link!).searchParams.get('token')!;
    expect((await seller.post(`/auth/freeze-payout?token=${token}`, { token })).headers.get('location')).toBe('/auth/freeze-payout?frozen');
    expect(await workers.db.prepare('SELECT payouts_frozen_at FROM users WHERE email = ?1').bind(email).first('payouts_frozen_at')).toEqual(
      expect.any(String),
    );
  });
});

describe('6. sessions', () => {
  /** Moves the clock past the id token's 15 minutes, so the next page refreshes it. */
  const pastTheIdToken = () => workers.clock.advance(16 * 60_000);

  it('ends a copied cookie: its refresh token used a second time signs out both copies, and the owner is told', async () => {
    const owner = newSeller(workers);
    await valueCar(owner);
    const email = uniqueEmail('copied');
    await signUp(owner, email);
    const thief = new Browser(workers.fetch, { ip: '203.0.113.77' });
    for (const [name, value] of owner.cookies) thief.cookies.set(name, value);
    expect((await thief.get('/account')).status).toBe(200);

    await pastTheIdToken();
    expect((await owner.get('/account')).status).toBe(200);
    // The copy presents the refresh token the owner's browser has just replaced.
    await workers.clock.advance(REFRESH_REUSE_GRACE_MS + 1_000);
    const stolen = await thief.get('/account');
    expect(stolen.headers.get('location')).toBe('/?logout=notify');
    expect((await sessionData(thief)).auth).toBeUndefined();
    // And the owner's own copy ended with it: they sign in again.
    await pastTheIdToken();
    await owner.get('/account');
    expect((await sessionData(owner)).auth).toBeUndefined();
    const told = (await latestEmail(workers, email))!;
    expect(told.subject).toBe('Devices signed out of your Kerbside account');
    expect(told.body).toContain('its sign-in was used from two places at once');
  });

  it('gives two requests racing one refresh the same new token, and treats a later replay as a copy', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('race'));
    const { refreshToken } = (await sessionData(seller)).auth;
    const refresh = (token: string) =>
      workers.platform('/platform/api/authn/refreshtoken', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: token }),
      });
    const [a, b] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = (await Promise.all([a.json(), b.json()])) as { refreshToken: string }[];
    expect(first!.refreshToken).toBe(second!.refreshToken);
    expect(first!.refreshToken).not.toBe(refreshToken);
    await workers.clock.advance(REFRESH_REUSE_GRACE_MS + 1_000);
    const replay = await refresh(refreshToken);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'refresh_token_reused' });
    // The family ended: the successor is no good either.
    expect((await refresh(first!.refreshToken)).status).toBe(401);
  });

  it('signs out everywhere including here, which ends a copy of this very session', async () => {
    const owner = newSeller(workers);
    await valueCar(owner);
    const email = uniqueEmail('everywhere');
    await signUp(owner, email);
    const copy = new Browser(workers.fetch, { ip: '203.0.113.78' });
    for (const [name, value] of owner.cookies) copy.cookies.set(name, value);
    const out = await owner.post('/account?index', { intent: 'sign-out-everywhere' });
    expect(out.headers.get('location')).toBe('/sign-in?signed-out-everywhere');
    expect(mainText(await (await owner.follow(out)).text())).toContain('You are signed out everywhere, this device included');
    expect((await copy.get('/account')).headers.get('location')).toMatch(/^\/(sign-in|\?logout=notify)/);
    expect((await sessionData(copy)).auth).toBeUndefined();
    expect((await latestEmail(workers, email))!.body).toContain('Your Kerbside account was signed out everywhere');
  });

  it('e-mails the owner when a new device signs in and when other devices are signed out, naming the session as the list does', async () => {
    const phone = newSeller(workers);
    await valueCar(phone);
    const email = uniqueEmail('devices');
    await signUp(phone, email);
    const laptop = new Browser(workers.fetch, {
      ip: '203.0.113.79',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
    });
    await signInByLink(workers, laptop, email);
    const signIn = (await emailsTo(email)).find((m) => m.subject === 'A new sign-in to your Kerbside account')!;
    const shortId = /Firefox on Windows, session ([A-Z2-9]{6})/.exec(signIn.body)![1]!;
    expect(mainText(await (await phone.get('/account')).text())).toContain(`Firefox on Windows Session ${shortId} Network Unknown`);
    await phone.post('/account?index', { intent: 'sign-out-others' });
    const ended = (await latestEmail(workers, email))!;
    expect(ended.subject).toBe('Devices signed out of your Kerbside account');
    expect(ended.body).toMatch(/All your other devices were signed out of Kerbside, from Chrome on Android, session [A-Z2-9]{6}\./);
  });
});
