import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSmsReply } from '../platform/src/notify/sms-replies';
import { Browser, mainText } from './support/browser';
import { latestEmail, sellerBookedForCollection } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * The money after the handover (docs/decisions/037), through the app with a client that runs no
 * scripts: the payout's states on the product's clock, the provider's signed callbacks applied
 * once, a returned payment recovered under the payee-change rules, a crash between a payout and
 * its ledger row, and the ledger balancing over every sale.
 */
const START_DELAY_SECONDS = 600;
const PAST_THE_SALE_MS = START_DELAY_SECONDS * 1000 + 4_500;
const PAST_THE_SLOT_MS = 6 * 86_400_000;
const PAST_THE_CREDIT_MS = 11 * 60_000;
const FPS_WEBHOOK_SECRET = 'dev-only-integration-tests-fps-webhook-secret-0123';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({
    appVars: { FEATURE_FLAGS: '{"devMailbox":true}', ENVIRONMENT: 'development' },
    platformVars: {
      PROVIDER_LATENCY_MS: '0',
      SALE_START_DELAY_SECONDS: String(START_DELAY_SECONDS),
      SALE_WINDOW_SECONDS: '3',
      FPS_WEBHOOK_SECRET,
    },
  });
});
afterAll(() => workers?.dispose());

const main = mainText;
const text = async (browser: Browser, path: string) => main(await (await browser.get(path)).text());
const RETURNED = { sortCode: '11-87-65', accountNumber: '64371389' };

/** A seller whose car has been handed over at the agreed price (the clock past the slot). */
async function handedOver(account = { sortCode: '08-99-99', accountNumber: '66374958' }) {
  const { seller, email, agreed } = await sellerBookedForCollection(workers, 'KE19FTA', { pastTheSaleMs: PAST_THE_SALE_MS, account });
  const enquiryId = (await workers.db
    .prepare("SELECT id FROM enquiries WHERE owner_key = (SELECT 'customer:' || id FROM users WHERE email = ?1) ORDER BY id DESC LIMIT 1")
    .bind(email)
    .first<number>('id'))!;
  await workers.clock.advance(PAST_THE_SLOT_MS);
  // The next look at the sale finds the handover done and the payment sent.
  await seller.get('/KE19FTA/review-status');
  const saleId = (await workers.db
    .prepare('SELECT id FROM sales WHERE enquiry_id = ?1 ORDER BY id DESC LIMIT 1')
    .bind(enquiryId)
    .first<number>('id'))!;
  return { seller, email, agreed, enquiryId, saleId };
}

const payoutsOf = (saleId: number) =>
  workers.db
    .prepare('SELECT id, payee, state, amount_pence, account_last4, provider_payment_id FROM payouts WHERE sale_id = ?1 ORDER BY id')
    .bind(saleId)
    .all<{ id: number; payee: string; state: string; amount_pence: number; account_last4: string; provider_payment_id: string }>()
    .then((r) => r.results);
const ledgerOf = (saleId: number) =>
  workers.db
    .prepare('SELECT entry, amount_pence FROM ledger WHERE sale_id = ?1 ORDER BY id')
    .bind(saleId)
    .all<{ entry: string; amount_pence: number }>()
    .then((r) => r.results);
const subjects = async (email: string) =>
  (
    (await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { emails: { subject: string }[] }
  ).emails.map((m) => m.subject);

/** A callback as the payment provider sends it: Standard Webhooks, signed with its secret. */
async function callback(
  event: { type: string; data: Record<string, unknown> },
  id = `msg_${crypto.randomUUID()}`,
  secret = FPS_WEBHOOK_SECRET,
) {
  const body = JSON.stringify(event);
  const timestamp = String(Math.floor((await workers.clock.now()).getTime() / 1000));
  return workers.platform('/platform/payments/fps/callbacks', {
    asApp: false,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': await signSmsReply(secret, id, timestamp, body),
    },
    body,
  });
}

describe('a payout with a state', () => {
  it('is sent at the handover, says where it went, and is credited on the clock', async () => {
    const { seller, email, agreed, saleId } = await handedOver();
    expect(await payoutsOf(saleId)).toMatchObject([{ payee: 'seller', state: 'sent', amount_pence: agreed * 100, account_last4: '4958' }]);
    expect(await ledgerOf(saleId)).toEqual([
      { entry: 'dealer_funds_in', amount_pence: agreed * 100 },
      { entry: 'seller_paid', amount_pence: agreed * 100 },
    ]);
    expect(await text(seller, '/KE19FTA/sale-complete')).toMatch(
      /Sent \d{2}:\d{2} on \d+ \w+ to the account ending 4958: usually in your account within 2 hours/,
    );
    expect(await text(seller, '/KE19FTA/vehicle-payment')).toMatch(
      /£[\d,]+ to the account ending 4958\s?: sent .+; usually in the account within 2 hours/,
    );
    await workers.clock.advance(PAST_THE_CREDIT_MS);
    await workers.runScheduled(await workers.clock.now());
    expect(await payoutsOf(saleId)).toMatchObject([{ state: 'credited' }]);
    expect(await text(seller, '/KE19FTA/vehicle-payment')).toMatch(/to the account ending 4958\s?: in the account since/);
    await expect.poll(async () => (await subjects(email)).filter((s) => s.includes('is in your account')).length).toBe(1);
    expect((await subjects(email)).filter((s) => s.startsWith('You have been paid')).length).toBe(1);
  }, 120_000);

  it('applies the provider’s signed callback once, however often it comes, and refuses an unsigned one', async () => {
    const { email, saleId } = await handedOver();
    const [payout] = await payoutsOf(saleId);
    const credited = {
      type: 'payment.credited',
      data: { paymentId: payout!.provider_payment_id, at: (await workers.clock.now()).toISOString() },
    };
    const first = await callback(credited, 'msg_credited_once');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ applied: true });
    // The same message again is a replay; the same event under a new id changes nothing.
    expect((await callback(credited, 'msg_credited_once')).status).toBe(403);
    const again = await callback(credited);
    expect(await again.json()).toEqual({ applied: false });
    // Not signed, or signed with another secret, or sent with the app's own secret: refused at the door.
    expect((await callback(credited, undefined, 'dev-only-someone-elses-webhook-secret-0123456')).status).toBe(403);
    const asApp = await workers.platform('/platform/payments/fps/callbacks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credited),
    });
    expect(asApp.status).toBe(403);
    expect(await payoutsOf(saleId)).toMatchObject([{ state: 'credited' }]);
    expect((await ledgerOf(saleId)).filter((r) => r.entry === 'seller_paid')).toHaveLength(1);
    await expect.poll(async () => (await subjects(email)).filter((s) => s.includes('is in your account')).length).toBe(1);
  }, 120_000);
});

describe('a returned payment', () => {
  it('asks for new details under the payee-change rules, then pays the new account once', async () => {
    const { seller, email, agreed, saleId } = await handedOver(RETURNED);
    await workers.clock.advance(PAST_THE_CREDIT_MS);
    // The seller's next look finds the payment returned: the sale is not paid, and the step asks for new details.
    expect((await seller.get('/KE19FTA/sale-complete')).headers.get('location')).not.toBeNull();
    const status = await text(seller, '/KE19FTA/review-status');
    expect(status).toMatch(/Your bank sent back the £[\d,]+ paid to the account ending 1389\. Give us new details/);
    expect(await payoutsOf(saleId)).toMatchObject([{ state: 'returned', account_last4: '1389' }]);
    // New details: a change of payout account, confirmed with the code e-mailed to the seller.
    const change = await seller.post('/KE19FTA/add-bank-details', {
      intent: 'save',
      accountName: 'Sarah Kennedy',
      sortCode: '08-99-99',
      accountNumber: '66374958',
    });
    expect(change.status).toBeLessThan(500);
    const code = /on the page: (\d{6})/.exec((await latestEmail(workers, email))!.body)![1]!;
    await seller.post('/KE19FTA/add-bank-details', { intent: 'code', code });
    await seller.get('/KE19FTA/review-status');
    const payouts = await payoutsOf(saleId);
    expect(payouts).toMatchObject([
      { state: 'returned', account_last4: '1389' },
      { state: 'sent', account_last4: '4958', amount_pence: agreed * 100 },
    ]);
    expect(await ledgerOf(saleId)).toEqual([
      { entry: 'dealer_funds_in', amount_pence: agreed * 100 },
      { entry: 'seller_paid', amount_pence: agreed * 100 },
      { entry: 'payout_returned', amount_pence: agreed * 100 },
      { entry: 'seller_paid', amount_pence: agreed * 100 },
    ]);
    expect((await subjects(email)).some((s) => s.startsWith('Your bank returned'))).toBe(true);
    await workers.clock.advance(PAST_THE_CREDIT_MS);
    await workers.runScheduled(await workers.clock.now());
    expect((await payoutsOf(saleId)).at(-1)).toMatchObject({ state: 'credited' });
  }, 120_000);
});

describe('the ledger', () => {
  it('writes a payout and its ledger row together: a crash between them leaves neither, and the retry sends it once', async () => {
    // The ledger refuses a seller's payment for a moment (a crash between the two writes).
    await workers.db
      .prepare(
        "CREATE TRIGGER crash_seller_paid BEFORE INSERT ON ledger WHEN NEW.entry = 'seller_paid' BEGIN SELECT RAISE(ABORT, 'crash'); END",
      )
      .run();
    let handed;
    try {
      handed = await handedOver();
      expect(await payoutsOf(handed.saleId)).toMatchObject([{ state: 'requested' }]);
      expect((await ledgerOf(handed.saleId)).map((r) => r.entry)).toEqual(['dealer_funds_in']);
    } finally {
      await workers.db.prepare('DROP TRIGGER crash_seller_paid').run();
    }
    await workers.runScheduled(await workers.clock.now());
    expect(await payoutsOf(handed.saleId)).toMatchObject([{ state: 'sent' }]);
    expect((await ledgerOf(handed.saleId)).map((r) => r.entry)).toEqual(['dealer_funds_in', 'seller_paid']);
    // The provider was asked twice with the same idempotency key: one payment.
    const payments = await workers.db
      .prepare('SELECT count(*) AS n FROM sim_fps_payments WHERE idempotency_key = ?1')
      .bind(`payout-${(await payoutsOf(handed.saleId))[0]!.id}`)
      .first<number>('n');
    expect(payments).toBe(1);
  }, 120_000);

  it('balances for every sale: the price (and any shortfall received) is what went to the lender and the seller', async () => {
    const { results } = await workers.db
      .prepare(
        `SELECT sale_id,
                sum(CASE WHEN entry IN ('dealer_funds_in', 'shortfall_in', 'payout_returned') THEN amount_pence ELSE 0 END) AS money_in,
                sum(CASE WHEN entry IN ('lender_paid', 'seller_paid') THEN amount_pence ELSE 0 END) AS money_out
           FROM ledger GROUP BY sale_id`,
      )
      .all<{ sale_id: number; money_in: number; money_out: number }>();
    expect(results.length).toBeGreaterThanOrEqual(4);
    for (const sale of results) {
      const open = (await payoutsOf(sale.sale_id)).some((p) => p.state === 'requested' || p.state === 'held');
      if (open) continue;
      expect(sale.money_out, `sale ${sale.sale_id}`).toBe(sale.money_in);
    }
    // And each sale's funds in are its final price.
    const prices = await workers.db
      .prepare("SELECT s.id, s.final_amount, l.amount_pence FROM sales s JOIN ledger l ON l.sale_id = s.id AND l.entry = 'dealer_funds_in'")
      .all<{ id: number; final_amount: number; amount_pence: number }>();
    for (const row of prices.results) expect(row.amount_pence).toBe(row.final_amount * 100);
  });
});
