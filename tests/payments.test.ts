import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../contract/accounts';
import type { BeneficiaryResponse, PaymentStatusesResponse } from '../contract/bank-details';
import { newSeller, sessionData, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

const GOOD = { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' };

/** A seller signed up through the app, with the enquiry the valuation made, and their id token. */
async function signedUpSeller(w: Workers = workers) {
  const browser = newSeller(w);
  await valueCar(browser);
  expect((await signUp(browser, uniqueEmail('payee'))).status).toBe(302);
  const idToken: string = (await sessionData(browser)).auth.idToken;
  const user = (await (await w.platform('/platform/user', { headers: { 'x-mway-authorization': idToken } })).json()) as User;
  const enquiryId = user.vehicles![0]!.enquiry!.id;
  return { idToken, enquiryId, userId: user.id };
}

function call(token: string | null, path: string, body?: Record<string, unknown>, w: Workers = workers) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['x-mway-authorization'] = token;
  return w.platform(path, body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers });
}

const update = (token: string, body: Record<string, unknown>, w?: Workers) => call(token, '/platform/payments/beneficiaries/update', body, w);
const read = (token: string | null, enquiryId: number) => call(token, `/platform/payments/beneficiaries/${enquiryId}`);
const confirm = (token: string, enquiryId: number) => call(token, '/platform/payments/beneficiaries/confirmation', { enquiryId });
const statuses = async (token: string, enquiryId: number) =>
  ((await (await call(token, `/platform/payments/payments/statuses?enquiryId=${enquiryId}`)).json()) as PaymentStatusesResponse).statuses;

describe('adding bank details', () => {
  it.each([
    ['a sort code that is not one', { sortCode: '08-99-9' }, { sortCode: 'Enter a valid sort code, like 12-34-56' }],
    ['an account number that is not one', { accountNumber: '6637' }, { accountNumber: 'Enter a valid 8-digit account number' }],
    ['details that fail the modulus check', { accountNumber: '66374959' }, { accountNumber: 'Check the sort code and account number: they do not match' }],
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
    const expected = { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumberLast4: '4958', confirmed: false };
    expect(JSON.parse(savedText)).toEqual({ beneficiary: { ...expected, updatedAt: expect.any(String) } });

    const fetched = await read(idToken, enquiryId);
    expect(fetched.status).toBe(200);
    const fetchedText = await fetched.text();
    expect(JSON.parse(fetchedText)).toEqual({ beneficiary: { ...expected, updatedAt: expect.any(String) } });
    for (const text of [savedText, fetchedText]) {
      expect(text).not.toContain('66374958');
      expect(text).not.toContain('637495');
    }
  });

  it('keeps the details encrypted in the database: only the last four digits are in clear', async () => {
    const { idToken, enquiryId, userId } = await signedUpSeller();
    await update(idToken, { enquiryId, ...GOOD });
    const row = await workers.db.prepare('SELECT * FROM beneficiaries WHERE enquiry_id = ?1').bind(enquiryId).first<Record<string, unknown>>();
    expect(row).toMatchObject({ enquiry_id: enquiryId, customer_id: userId, last4: '4958', confirmed_at: null });
    const stored = JSON.stringify(row);
    for (const secret of ['66374958', '6637495', '089999', '08-99-99', 'Sarah Kennedy', 'Kennedy']) expect(stored).not.toContain(secret);
    // A fresh IV on every write: the same details never give the same ciphertext twice.
    await update(idToken, { enquiryId, ...GOOD, accountNumber: '88837491', sortCode: '107999' });
    await update(idToken, { enquiryId, ...GOOD });
    const again = await workers.db.prepare('SELECT details_iv, details_ciphertext FROM beneficiaries WHERE enquiry_id = ?1').bind(enquiryId).first();
    expect(again!.details_iv).not.toBe(row!.details_iv);
    expect(again!.details_ciphertext).not.toBe(row!.details_ciphertext);
  });

  it('ties the ciphertext to its enquiry: copied onto another seller’s row, it does not decrypt', async () => {
    const a = await signedUpSeller();
    const b = await signedUpSeller();
    await update(a.idToken, { enquiryId: a.enquiryId, ...GOOD });
    await update(b.idToken, { enquiryId: b.enquiryId, ...GOOD, accountName: 'Bob Jones', sortCode: '10-79-99', accountNumber: '88837491' });
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

describe('whose details they are', () => {
  it('only the seller who owns the enquiry can read, change or confirm them', async () => {
    const owner = await signedUpSeller();
    const other = await signedUpSeller();
    await update(owner.idToken, { enquiryId: owner.enquiryId, ...GOOD });

    const peek = await read(other.idToken, owner.enquiryId);
    expect(peek.status).toBe(404);
    expect(await peek.text()).not.toContain('4958');
    expect((await update(other.idToken, { enquiryId: owner.enquiryId, ...GOOD, accountNumber: '88837491', sortCode: '107999' })).status).toBe(404);
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
    const { idToken, enquiryId, userId } = await signedUpSeller();
    const none = await confirm(idToken, enquiryId);
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ code: 'no_beneficiary' });

    await update(idToken, { enquiryId, ...GOOD });
    const confirmed = await confirm(idToken, enquiryId);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as BeneficiaryResponse).beneficiary).toMatchObject({ confirmed: true, accountNumberLast4: '4958' });
    expect(await workers.db.prepare('SELECT confirmed_by, confirmed_at FROM beneficiaries WHERE enquiry_id = ?1').bind(enquiryId).first()).toEqual({
      confirmed_by: userId,
      confirmed_at: expect.any(String),
    });

    // The same details again (a resubmitted form) are no change; different ones are.
    expect(((await (await update(idToken, { enquiryId, ...GOOD })).json()) as BeneficiaryResponse).beneficiary!.confirmed).toBe(true);
    const changed = (await (await update(idToken, { enquiryId, ...GOOD, sortCode: '107999', accountNumber: '88837491' })).json()) as BeneficiaryResponse;
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
      .prepare(`INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, collected_at, created_at) VALUES (?1, 1, 1, 1, 0, 0, ?2, ?2)`)
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
    const production = await startWorkers({
      appVars: { GATEWAY_SECRET: 'integration-tests-production-like-gateway-secret-01' },
      platformVars: {
        PROVIDER_LATENCY_MS: '0',
        ENVIRONMENT: 'production',
        TOKEN_SECRET: 'integration-tests-production-like-token-secret-0123',
        GATEWAY_SECRET: 'integration-tests-production-like-gateway-secret-01',
      },
    });
    try {
      const { idToken, enquiryId } = await signedUpSeller(production);
      const response = await update(idToken, { enquiryId, ...GOOD }, production);
      expect(response.status).toBe(500);
      expect(await production.db.prepare('SELECT count(*) AS n FROM beneficiaries').first('n')).toBe(0);
    } finally {
      await production.dispose();
    }
  });
});
