import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../contract/accounts';
import type { BeneficiaryResponse, PaymentStatusesResponse } from '../contract/bank-details';
import { latestEmail, newSeller, sessionData, signUp, uniqueEmail, valueCar } from './support/sellers';
import { messageProvider } from './support/message-provider';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

const GOOD = { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' };

/** A seller signed up through the app, with the enquiry the valuation made, and their id token. */
async function signedUpSeller(w: Workers = workers, { outbox = true } = {}) {
  const browser = newSeller(w);
  await valueCar(browser);
  const email = uniqueEmail('payee');
  expect((await signUp(browser, email, 'KE19FTA', {}, { prove: outbox })).status).toBe(302);
  // Production has no development mailbox to open the link from: the address is proven in the database.
  if (!outbox) await w.db.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE email = ?1").bind(email).run();
  const idToken: string = (await sessionData(browser)).auth.idToken;
  const user = (await (await w.platform('/platform/user', { headers: { 'x-mway-authorization': idToken } })).json()) as User;
  const enquiryId = user.vehicles![0]!.enquiry!.id;
  return { idToken, enquiryId, userId: user.id, email, browser };
}

/** A change of an account already given: 202 and a code by e-mail, then the code applies it. */
async function changePayee(
  seller: { idToken: string; enquiryId: number; email: string },
  details: Record<string, string>,
  w: Workers = workers,
) {
  const pending = await update(seller.idToken, { enquiryId: seller.enquiryId, ...GOOD, ...details }, w);
  expect(pending.status).toBe(202);
  const code = /on the page: (\d{6})/.exec((await latestEmail(w, seller.email))!.body)![1]!;
  const applied = await call(seller.idToken, '/platform/payments/beneficiaries/confirm-change', { enquiryId: seller.enquiryId, code }, w);
  expect(applied.status).toBe(200);
  return (await applied.json()) as BeneficiaryResponse;
}

function call(token: string | null, path: string, body?: Record<string, unknown>, w: Workers = workers) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['x-mway-authorization'] = token;
  return w.platform(path, body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers });
}

const update = (token: string, body: Record<string, unknown>, w?: Workers) =>
  call(token, '/platform/payments/beneficiaries/update', body, w);
const read = (token: string | null, enquiryId: number) => call(token, `/platform/payments/beneficiaries/${enquiryId}`);
const confirm = (token: string, enquiryId: number) => call(token, '/platform/payments/beneficiaries/confirmation', { enquiryId });
const statuses = async (token: string, enquiryId: number) =>
  ((await (await call(token, `/platform/payments/payments/statuses?enquiryId=${enquiryId}`)).json()) as PaymentStatusesResponse).statuses;

describe('adding bank details', () => {
  it.each([
    ['a sort code that is not one', { sortCode: '08-99-9' }, { sortCode: 'Enter a valid sort code, like 12-34-56' }],
    ['an account number that is not one', { accountNumber: '6637' }, { accountNumber: 'Enter a valid 8-digit account number' }],
    [
      'details that fail the modulus check',
      { accountNumber: '66374959' },
      { accountNumber: 'Check the sort code and account number: they do not match' },
    ],
    ['no name', { accountName: '' }, { accountName: 'Enter the name on the account' }],
  ])('refuses %s with the message for that field, and stores nothing', async (_what, change, fields) => {
    const { idToken, enquiryId } = await signedUpSeller();
    const response = await update(idToken, { enquiryId, ...GOOD, ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'invalid_bank_details', message: Object.values(fields)[0], fields });
    expect(((await (await read(idToken, enquiryId)).json()) as BeneficiaryResponse).beneficiary).toBeNull();
  });

  it('saves good details and only ever shows the last four digits back', async () => {
    const { idToken, enquiryId } = await signedUpSeller();
    const saved = await update(idToken, { enquiryId, accountName: ' Sarah  Kennedy ', sortCode: '089999', accountNumber: '6637 4958' });
    expect(saved.status).toBe(200);
    const savedText = await saved.text();
    const expected = {
      accountName: 'Sarah Kennedy',
      sortCode: '08-99-99',
      accountNumberLast4: '4958',
      confirmed: false,
      // The name is the one its bank holds (Confirmation of Payee): nothing holds the payout.
      nameCheck: 'match',
      payoutHeldForCheck: false,
    };
    expect(JSON.parse(savedText)).toEqual({
      beneficiary: { ...expected, updatedAt: expect.any(String) },
      pendingChange: null,
      frozen: false,
      payeeCheck: null,
    });

    const fetched = await read(idToken, enquiryId);
    expect(fetched.status).toBe(200);
    const fetchedText = await fetched.text();
    expect(JSON.parse(fetchedText)).toEqual({
      beneficiary: { ...expected, updatedAt: expect.any(String) },
      pendingChange: null,
      frozen: false,
      payeeCheck: null,
    });
    for (const text of [savedText, fetchedText]) {
      expect(text).not.toContain('66374958');
      expect(text).not.toContain('637495');
    }
  });

  it('keeps the details encrypted in the database: only the last four digits are in clear', async () => {
    const seller = await signedUpSeller();
    const { idToken, enquiryId, userId } = seller;
    await update(idToken, { enquiryId, ...GOOD });
    const row = await workers.db
      .prepare('SELECT * FROM beneficiaries WHERE enquiry_id = ?1')
      .bind(enquiryId)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ enquiry_id: enquiryId, customer_id: userId, last4: '4958', confirmed_at: null });
    const stored = JSON.stringify(row);
    for (const secret of ['66374958', '6637495', '089999', '08-99-99', 'Sarah Kennedy', 'Kennedy']) expect(stored).not.toContain(secret);
    // A fresh IV on every write: the same details never give the same ciphertext twice.
    await changePayee(seller, { accountName: 'S Kennedy', accountNumber: '88837491', sortCode: '107999' });
    await changePayee(seller, {});
    const again = await workers.db
      .prepare('SELECT details_iv, details_ciphertext FROM beneficiaries WHERE enquiry_id = ?1')
      .bind(enquiryId)
      .first();
    expect(again!.details_iv).not.toBe(row!.details_iv);
    expect(again!.details_ciphertext).not.toBe(row!.details_ciphertext);
  });

  it('ties the ciphertext to its enquiry: copied onto another seller’s row, it does not decrypt', async () => {
    const a = await signedUpSeller();
    const b = await signedUpSeller();
    await update(a.idToken, { enquiryId: a.enquiryId, ...GOOD });
    await update(b.idToken, { enquiryId: b.enquiryId, ...GOOD, accountName: 'S Kennedy', sortCode: '10-79-99', accountNumber: '88837491' });
    await workers.db
      .prepare(
        `UPDATE beneficiaries SET (details_iv, details_ciphertext) =
           (SELECT details_iv, details_ciphertext FROM beneficiaries WHERE enquiry_id = ?1) WHERE enquiry_id = ?2`,
      )
      .bind(a.enquiryId, b.enquiryId)
      .run();
    expect((await read(b.idToken, b.enquiryId)).status).toBe(500);
  });
});

describe('saving bank details through the app', () => {
  /** The platform's line per call it answered (docs/reporting.md), for one browser's requests. */
  const callsOf = (requesterId: string) => workers.logged('platform.request').filter((line) => line.requesterId === requesterId);

  it('asks the platform 3 times or fewer: the seller’s sale once, then the details saved and confirmed', async () => {
    const seller = await signedUpSeller();
    // A sale whose offer was accepted and confirmed, as the steps after it see one.
    await workers.db
      .prepare("UPDATE enquiries SET status = 'sold_confirmed', dp_state_slug = 'sold-confirmed' WHERE id = ?1")
      .bind(seller.enquiryId)
      .run();
    await workers.db
      .prepare(
        `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, outcome, accepted_at, confirmed_at, created_at)
         VALUES (?1, 1, 10000, 9000, 0, 0, 'accepted', ?2, ?2, ?2)`,
      )
      .bind(seller.enquiryId, new Date().toISOString())
      .run();
    const requesterId = (await sessionData(seller.browser)).requesterId as string;
    const before = callsOf(requesterId).length;

    const saved = await seller.browser.post('/KE19FTA/add-bank-details', GOOD);
    expect(saved.headers.get('location')).toBe('/KE19FTA/upload-documents');
    await expect.poll(() => callsOf(requesterId).some((line) => line.endpoint === 'sale.updateBeneficiary')).toBe(true);
    const made = callsOf(requesterId)
      .slice(before)
      .map((line) => line.endpoint);
    expect(made, made.join(', ')).toContain('sale.current');
    expect(made.length, made.join(', ')).toBeLessThanOrEqual(3);
    // None read for nothing: where the sale is after acceptance is the pages' to show, not the save's.
    expect(made).not.toContain('sale.status');
    expect(((await (await read(seller.idToken, seller.enquiryId)).json()) as BeneficiaryResponse).beneficiary).toMatchObject({
      accountNumberLast4: '4958',
      confirmed: true,
    });
  });
});

describe('whose details they are', () => {
  it('only the seller who owns the enquiry can read, change or confirm them', async () => {
    const owner = await signedUpSeller();
    const other = await signedUpSeller();
    await update(owner.idToken, { enquiryId: owner.enquiryId, ...GOOD });

    const peek = await read(other.idToken, owner.enquiryId);
    expect(peek.status).toBe(404);
    expect(await peek.text()).not.toContain('4958');
    expect(
      (await update(other.idToken, { enquiryId: owner.enquiryId, ...GOOD, accountNumber: '88837491', sortCode: '107999' })).status,
    ).toBe(404);
    expect((await confirm(other.idToken, owner.enquiryId)).status).toBe(404);
    expect((await call(other.idToken, `/platform/payments/payments/statuses?enquiryId=${owner.enquiryId}`)).status).toBe(404);
    expect((await read(null, owner.enquiryId)).status).toBe(401);

    const mine = (await (await read(owner.idToken, owner.enquiryId)).json()) as BeneficiaryResponse;
    expect(mine.beneficiary).toMatchObject({ sortCode: '08-99-99', accountNumberLast4: '4958', confirmed: false });
  });

  it('refuses an enquiry id that is not a number', async () => {
    const { idToken } = await signedUpSeller();
    expect((await read(idToken, 'abc' as never)).status).toBe(400);
    expect((await call(idToken, '/platform/payments/payments/statuses')).status).toBe(400);
  });
});

describe('confirming bank details', () => {
  it('needs details first, records who confirmed, and asks again after a change', async () => {
    const seller = await signedUpSeller();
    const { idToken, enquiryId, userId } = seller;
    const none = await confirm(idToken, enquiryId);
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ code: 'no_beneficiary' });

    await update(idToken, { enquiryId, ...GOOD });
    const confirmed = await confirm(idToken, enquiryId);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as BeneficiaryResponse).beneficiary).toMatchObject({ confirmed: true, accountNumberLast4: '4958' });
    expect(
      await workers.db.prepare('SELECT confirmed_by, confirmed_at FROM beneficiaries WHERE enquiry_id = ?1').bind(enquiryId).first(),
    ).toEqual({
      confirmed_by: userId,
      confirmed_at: expect.any(String),
    });

    // The same details again (a resubmitted form) are no change; different ones are.
    expect(((await (await update(idToken, { enquiryId, ...GOOD })).json()) as BeneficiaryResponse).beneficiary!.confirmed).toBe(true);
    const changed = await changePayee(seller, { accountName: 'S Kennedy', sortCode: '107999', accountNumber: '88837491' });
    expect(changed.beneficiary).toMatchObject({ confirmed: false, sortCode: '10-79-99', accountNumberLast4: '7491' });
    expect(((await (await read(idToken, enquiryId)).json()) as BeneficiaryResponse).beneficiary!.confirmed).toBe(false);
  });
});

describe('payment progress', () => {
  const setEnquiry = (id: number, slug: string | null, status: string) =>
    workers.db.prepare('UPDATE enquiries SET dp_state_slug = ?1, status = ?2 WHERE id = ?3').bind(slug, status, id).run();
  const states = (steps: PaymentStatusesResponse['statuses']) => Object.fromEntries(steps.map((s) => [s.status, s.state]));

  it('lists nothing before a sale is agreed, then follows bank details, collection and payment', async () => {
    const { idToken, enquiryId } = await signedUpSeller();
    expect(await statuses(idToken, enquiryId)).toEqual([]);

    await setEnquiry(enquiryId, 'sold-confirmed', 'sold_confirmed');
    expect(await statuses(idToken, enquiryId)).toEqual([
      { status: 'awaiting_bank_details', state: 'current' },
      { status: 'awaiting_collection', state: 'upcoming' },
      { status: 'payment_scheduled', state: 'upcoming' },
      { status: 'paid', state: 'upcoming' },
    ]);

    // Unconfirmed details are not enough.
    await update(idToken, { enquiryId, ...GOOD });
    expect(states(await statuses(idToken, enquiryId)).awaiting_bank_details).toBe('current');
    await confirm(idToken, enquiryId);
    expect(states(await statuses(idToken, enquiryId))).toEqual({
      awaiting_bank_details: 'done',
      awaiting_collection: 'current',
      payment_scheduled: 'upcoming',
      paid: 'upcoming',
    });

    // The dealer has the car (post-sale records it on the sale): the payment is due.
    await workers.db
      .prepare(
        `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, outcome, collected_at, created_at)
         VALUES (?1, 1, 10000, 9000, 0, 0, 'accepted', ?2, ?2)`,
      )
      .bind(enquiryId, new Date().toISOString())
      .run();
    expect(states(await statuses(idToken, enquiryId))).toEqual({
      awaiting_bank_details: 'done',
      awaiting_collection: 'done',
      payment_scheduled: 'current',
      paid: 'upcoming',
    });

    await setEnquiry(enquiryId, 'sold-invoice-paid', 'sold_invoice_paid');
    expect((await statuses(idToken, enquiryId)).every((s) => s.state === 'done')).toBe(true);
    const late = await update(idToken, { enquiryId, ...GOOD, sortCode: '107999', accountNumber: '88837491' });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'already_paid' });
  });

  it('keeps collection as done while bank details are still missing', async () => {
    const { idToken, enquiryId } = await signedUpSeller();
    await setEnquiry(enquiryId, 'sold-documents-reviewed', 'sold_documents_reviewed');
    await workers.db
      .prepare(
        `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, collected_at, created_at) VALUES (?1, 1, 1, 1, 0, 0, ?2, ?2)`,
      )
      .bind(enquiryId, new Date().toISOString())
      .run();
    expect(states(await statuses(idToken, enquiryId))).toEqual({
      awaiting_bank_details: 'current',
      awaiting_collection: 'done',
      payment_scheduled: 'upcoming',
      paid: 'upcoming',
    });
  });

  it('lists nothing once a sale has fallen through', async () => {
    const { idToken, enquiryId } = await signedUpSeller();
    await setEnquiry(enquiryId, 'sold-confirmed', 'dealer_withdrew_bid');
    expect(await statuses(idToken, enquiryId)).toEqual([]);
  });
});

describe('the payments key', () => {
  it('is refused in production when it is a development key', async () => {
    // Production sends e-mails through the provider's API, never into the development outbox.
    const provider = await messageProvider();
    const production = await startWorkers({
      appVars: { GATEWAY_SECRET: 'integration-tests-production-like-gateway-secret-01' },
      platformVars: {
        PROVIDER_LATENCY_MS: '0',
        ENVIRONMENT: 'production',
        APP_ORIGINS: 'http://localhost',
        TOKEN_SECRET: 'integration-tests-production-like-token-secret-0123',
        GATEWAY_SECRET: 'integration-tests-production-like-gateway-secret-01',
        NOTIFY_PROVIDER: 'http',
        EMAIL_API_URL: provider.url('/email'),
        EMAIL_API_KEY: 'integration-tests-email-key',
      },
    });
    try {
      const { idToken, enquiryId, email } = await signedUpSeller(production, { outbox: false });
      expect(provider.requests.filter((r) => r.body.to === email).map((r) => r.path)).toEqual(['/email']);
      expect(await production.db.prepare('SELECT count(*) AS n FROM outbox').first('n')).toBe(0);
      const response = await update(idToken, { enquiryId, ...GOOD }, production);
      expect(response.status).toBe(500);
      expect(await production.db.prepare('SELECT count(*) AS n FROM beneficiaries').first('n')).toBe(0);
    } finally {
      await production.dispose();
      await provider.close();
    }
  });
});

describe('changing the payout account (the attack: a session alone redirects the money)', () => {
  it('needs the code e-mailed to the proven address: without it the payee stays, and the code works once', async () => {
    const seller = await signedUpSeller();
    await update(seller.idToken, { enquiryId: seller.enquiryId, ...GOOD });
    await confirm(seller.idToken, seller.enquiryId);
    const attempt = await update(seller.idToken, {
      enquiryId: seller.enquiryId,
      accountName: 'Mallory Payee',
      // Outside the Confirmation of Payee sandbox's registry: the attacker's own account matches their name.
      sortCode: '107999',
      accountNumber: '31926819',
    });
    expect(attempt.status).toBe(202);
    expect(await attempt.json()).toEqual({
      pendingChange: {
        state: 'pending',
        accountNumberLast4: '6819',
        requestedAt: expect.any(String),
        expiresAt: expect.any(String),
        requestedBy: expect.stringMatching(/^[A-Z2-9]{6}$/),
        requestedHere: true,
      },
    });
    // Still the seller's account, still confirmed.
    const still = ((await (await read(seller.idToken, seller.enquiryId)).json()) as BeneficiaryResponse).beneficiary;
    expect(still).toMatchObject({ accountName: 'Sarah Kennedy', accountNumberLast4: '4958', confirmed: true });
    // Guessing: wrong codes count, and after five the change is dead even with the right code.
    const code = /on the page: (\d{6})/.exec((await latestEmail(workers, seller.email))!.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const guess = await call(seller.idToken, '/platform/payments/beneficiaries/confirm-change', {
        enquiryId: seller.enquiryId,
        code: wrong,
      });
      expect(guess.status).toBe(400);
    }
    const late = await call(seller.idToken, '/platform/payments/beneficiaries/confirm-change', { enquiryId: seller.enquiryId, code });
    expect(late.status).toBe(410);
    expect(((await (await read(seller.idToken, seller.enquiryId)).json()) as BeneficiaryResponse).beneficiary!.accountNumberLast4).toBe(
      '4958',
    );
  });

  it('e-mails every change with a freeze link; freezing holds the payment until support clears it', async () => {
    const seller = await signedUpSeller();
    await update(seller.idToken, { enquiryId: seller.enquiryId, ...GOOD });
    const first = (await latestEmail(workers, seller.email))!;
    expect(first.subject).toBe('Your payout account was set to one ending 4958');
    await changePayee(seller, { accountName: 'S Kennedy', sortCode: '107999', accountNumber: '88837491' });
    const notice = (await latestEmail(workers, seller.email))!;
    expect(notice.subject).toBe('Your payout account was changed to one ending 7491');
    expect(notice.body).toContain('Your payout account was changed to one ending 7491');
    expect(notice.body).toContain('Not you? Freeze my payout: http://localhost/auth/freeze-payout?token=');
    const link = new URL(notice.link!);
    // The older notice's link no longer works: only the newest one does.
    const oldToken = new URL(first.link!).searchParams.get('token');
    expect((await call(null, '/platform/payments/freeze', { token: oldToken })).status).toBe(400);

    // The link opens a page that asks; the press freezes, in any browser, signed in or not.
    const stranger = newSeller(workers);
    const page = await stranger.get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Freeze my payout');
    expect(await statusesFrozen(seller)).toBe(false);
    const frozen = await stranger.post(link.pathname + link.search, { token: link.searchParams.get('token')! });
    expect(frozen.status).toBe(302);
    expect(await (await stranger.follow(frozen)).text()).toContain('Your payout is frozen');
    // Whoever made the change is signed out with everyone else: the seller's session has ended too.
    expect((await call(seller.idToken, `/platform/payments/payments/statuses?enquiryId=${seller.enquiryId}`)).status).toBe(401);
    const row = await workers.db.prepare('SELECT frozen_at FROM beneficiaries WHERE enquiry_id = ?1').bind(seller.enquiryId).first();
    expect(row!.frozen_at).toEqual(expect.any(String));
  });
});

async function statusesFrozen(seller: { idToken: string; enquiryId: number }) {
  return (
    (await (
      await call(seller.idToken, `/platform/payments/payments/statuses?enquiryId=${seller.enquiryId}`)
    ).json()) as PaymentStatusesResponse
  ).frozen;
}
