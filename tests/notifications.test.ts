import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mainText } from './support/browser';
import { file, jpeg, pdf } from './support/files';
import { newSeller, signUp, uniqueEmail, valueCar, completeProfile, SELLER } from './support/sellers';
import { messageProvider } from './support/message-provider';
import { postReply, signedReply } from './support/sms-webhook';
import { startWorkers, type Workers } from './support/workers';

/**
 * The sale's messages (docs/behaviour/sale.md#messages): enqueued when the sale's state changes,
 * delivered by the platform's queue consumer into the outbox, once per event and channel.
 */

const SMS_WEBHOOK_SECRET = 'dev-only-integration-tests-sms-webhook-secret-0123';
const WORKER_OPTIONS = {
  appVars: { FEATURE_FLAGS: '{"devMailbox":true}', ENVIRONMENT: 'development' },
  platformVars: { PROVIDER_LATENCY_MS: '0', SALE_START_DELAY_SECONDS: '1', SALE_WINDOW_SECONDS: '3', SMS_WEBHOOK_SECRET },
};

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers(WORKER_OPTIONS);
});
afterAll(() => workers?.dispose());

interface Sent {
  channel: 'email' | 'sms';
  subject: string;
  body: string;
}

/** What reached one seller, oldest first: their e-mails and the texts to their mobile. */
async function received(on: Workers, email: string, mobile: string): Promise<Sent[]> {
  const { results } = await on.db
    .prepare('SELECT channel, subject, body FROM outbox WHERE to_email = ?1 OR to_phone = ?2 ORDER BY id')
    .bind(email, mobile)
    .all<Sent>();
  return results;
}

/** Waits (bounded) until the seller has received `count` messages; the queue delivers asynchronously. */
async function receivedAtLeast(on: Workers, email: string, mobile: string, count: number): Promise<Sent[]> {
  return vi.waitFor(
    async () => {
      const sent = await received(on, email, mobile);
      if (sent.length < count) throw new Error(`${sent.length} of ${count} messages so far`);
      return sent;
    },
    { timeout: 10_000, interval: 25 },
  );
}

const e164 = (national: string) => `+44${national.replace(/\s/g, '').slice(1)}`;
let mobiles = 0;
const newMobile = () => `07400 1${String(++mobiles).padStart(5, '0')}`;

/** A signed-in seller with a mobile whose car has a complete profile. */
async function profiledSeller(vrm: string, mileage: string) {
  const seller = newSeller(workers);
  const email = uniqueEmail('notify');
  const mobile = newMobile();
  await valueCar(seller, vrm, mileage);
  await signUp(seller, email, vrm, { phone: mobile });
  await completeProfile(seller, vrm);
  return { seller, email, mobile: e164(mobile), nationalMobile: mobile };
}

/** The seller's account id and enquiry, for messages a test puts on the queue itself. */
async function enquiryOf(on: Workers, email: string): Promise<number> {
  const row = await on.db
    .prepare('SELECT e.id FROM enquiries e JOIN users u ON u.id = e.customer_id WHERE u.email = ?1 ORDER BY e.id DESC')
    .bind(email)
    .first<{ id: number }>();
  return row!.id;
}

async function queueOf(on: Workers) {
  return on.mf.getQueueProducer('NOTIFY_QUEUE', 'kerbside-platform');
}

describe('a sale tells the seller what happens, by e-mail and by text', () => {
  it('sends each event once on each channel, in the order it happened', async () => {
    const vrm = 'KE19FTA';
    const { seller, email, mobile, nationalMobile } = await profiledSeller(vrm, '65000');
    const before = (await received(workers, email, mobile)).length;
    const since = async (count: number) => (await receivedAtLeast(workers, email, mobile, before + count)).slice(before);

    // Entered: the sale starts a second later.
    await seller.post(`/${vrm}/profile/timeline`, { intent: 'enter-sale' });
    await since(2);
    // The Cron Trigger notices the sale has started, and then that it ended with an offer.
    await workers.clock.advance(1_500);
    await workers.runScheduled();
    await since(4);
    await workers.clock.advance(3_000);
    await workers.runScheduled();
    const withOffer = await since(6);
    const amount = /£([\d,]+)/.exec(withOffer[4]!.subject)![1]!;
    // Six hours before the offer lapses (48 hours after the sale ended), a warning.
    await workers.clock.advance(43 * 3600_000);
    await workers.runScheduled();
    await since(8);
    // A second run in the warning window sends nothing new.
    await workers.runScheduled();

    await seller.post(`/${vrm}/accept-offer`, { intent: 'accept' });
    await since(10);
    const withRef = (await seller.get(`/${vrm}/confirm-sale`)).headers.get('location')!;
    await seller.post(withRef, {});
    await seller.post(`/${vrm}/add-bank-details`, { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
    await seller.post(`/${vrm}/upload-documents`, { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
    await seller.post(`/${vrm}/upload-documents`, {
      intent: 'upload',
      kind: 'driving-licence',
      file: file(jpeg(), 'licence.jpg', 'image/jpeg'),
    });
    await seller.post(`/${vrm}/upload-documents`, { intent: 'submit' });
    await seller.get(`/${vrm}/review-status`);
    const collection = await (await seller.get(`/${vrm}/collection`)).text();
    const day = /name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/.exec(collection)![1]!;
    const dayName = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/London',
    });
    expect((await seller.post(`/${vrm}/collection`, { date: day, slot: 'morning', notes: '' })).headers.get('location')).toBe(
      `/${vrm}/review-status`,
    );
    // The payout account's notice (the e-mail straight away, with its freeze link; the text through the queue) came before it.
    await since(14);
    // The day before collection, a reminder.
    const dayBefore = new Date(Date.parse(`${day}T07:00:00Z`) - 24 * 3600_000);
    await workers.runScheduled(dayBefore);
    await since(16);
    // The dealer arrives (the development switch): the car passes the inspection and the dealer pays.
    expect((await seller.post(`/${vrm}/review-status`, {})).headers.get('location')).toBe(`/${vrm}/sale-complete`);
    const all = await since(20);

    const emails = all.filter((m) => m.channel === 'email');
    const texts = all.filter((m) => m.channel === 'sms');
    expect(emails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/is in the next sale/),
      expect.stringMatching(/sale of your .+ has started/),
      expect.stringMatching(new RegExp(`A dealer offers £${amount} for your`)),
      expect.stringMatching(new RegExp(`Your £${amount} offer ends`)),
      expect.stringMatching(/You accepted the offer/),
      expect.stringMatching(/payout account was set to one ending 4958/),
      `Collection booked for ${dayName}`,
      expect.stringMatching(/is collected tomorrow/),
      expect.stringMatching(/passed the dealer's inspection/),
      `You have been paid £${amount}`,
    ]);
    expect(emails.at(-1)!.body).toContain('the account ending 4958');
    // Each sale message's e-mail has its text straight after it: one SMS with a short link and STOP;
    // the e-mail carries the seller's own link to stop the texts.
    const channels = Array.from({ length: 9 }, () => ['email', 'sms']).flat();
    channels.splice(10, 0, 'email', 'sms');
    expect(all.map((m) => m.channel)).toEqual(channels);
    const saleEmails = emails.filter((m) => !/payout account/.test(m.subject));
    expect(texts).toHaveLength(saleEmails.length + 1);
    // The payout text names the account and leads to the account page, never to the e-mail's freeze link.
    expect(texts[5]!.body).toMatch(/^Kerbside: New payout account ending 4958\. /);
    expect(texts[5]!.body).not.toContain('freeze-payout');
    for (const text of texts) {
      expect(text.body).toMatch(/^Kerbside: .+ http:\/\/localhost\/s\/[A-Za-z0-9]{10} Reply STOP to opt out$/);
      expect(text.body.length).toBeLessThanOrEqual(160);
    }
    for (const mail of saleEmails)
      expect(mail.body).toMatch(/To stop the texts \(not these e-mails\): http:\/\/localhost\/unsubscribe\/sms\?code=/);
    // The links lead to the page the message is about.
    expect(emails[2]!.body).toContain(`http://localhost/${vrm}/accept-offer`);

    // Nothing more arrives: a later message to someone else is delivered after any stray repeat would have been.
    const queue = await queueOf(workers);
    const other = await profiledSeller('KD15DSL', '130000');
    await queue.send({ key: 'no_bids#sentinel', enquiryId: await enquiryOf(workers, other.email), event: { kind: 'no_bids' } });
    await receivedAtLeast(workers, other.email, other.mobile, 2);
    expect(await received(workers, email, mobile)).toHaveLength(before + 20);

    // The development mailbox shows both kinds, each with who it went to, and its links work.
    const mailbox = await (await seller.get('/dev/mailbox')).text();
    expect(mainText(mailbox)).toContain(`Text to ${nationalMobile}`);
    expect(mainText(mailbox)).toContain(`E-mail to ${email}`);
    expect(mailbox).toContain(`<a href="http://localhost/${vrm}/accept-offer">`);
  }, 90_000);

  it('a seller who stops texts gets e-mails only, at once', async () => {
    const vrm = 'KT70EVS';
    const { seller, email, mobile } = await profiledSeller(vrm, '70000');
    const before = (await received(workers, email, mobile)).length;
    await seller.post(`/${vrm}/profile/timeline`, { intent: 'enter-sale' });
    const first = (await receivedAtLeast(workers, email, mobile, before + 2)).slice(before);
    const mail = first.find((m) => m.channel === 'email')!;
    // The e-mail's link to stop texts, opened and confirmed as the seller would.
    const stop = new URL(/To stop the texts \(not these e-mails\): (\S+)/.exec(mail.body)![1]!);
    expect((await seller.get(stop.pathname + stop.search)).status).toBe(200);
    const stopped = await seller.post(stop.pathname + stop.search, { code: stop.searchParams.get('code')! });
    expect(stopped.status).toBe(303);

    await workers.clock.advance(1_500);
    await workers.runScheduled();
    await workers.clock.advance(3_000);
    await workers.runScheduled();
    const later = (await receivedAtLeast(workers, email, mobile, before + 4)).slice(before + 2);
    expect(later.map((m) => m.channel)).toEqual(['email', 'email']);
    expect(later[0]!.subject).toMatch(/has started/);
  }, 60_000);

  it('the account page shows texts about the sale and stops them; ticking the box again starts them', async () => {
    const vrm = 'KE19FTA';
    const { seller, email, mobile } = await profiledSeller(vrm, '70000');
    const box = (html: string) => /<input[^>]*name="texts"[^>]*>/.exec(html)?.[0] ?? '';
    const page = await (await seller.get('/account/preferences')).text();
    expect(mainText(page)).toContain('Text me about my sale too: offers, collection and payment');
    expect(box(page)).toContain('checked');

    // Unticked and saved (a plain form post): the box comes back unticked and no text goes.
    const saved = await seller.post('/account/preferences', { textsOffered: 'on' });
    expect(saved.headers.get('location')).toBe('/account/preferences?saved');
    expect(box(await (await seller.get('/account/preferences')).text())).not.toContain('checked');
    const before = (await received(workers, email, mobile)).length;
    await seller.post(`/${vrm}/profile/timeline`, { intent: 'enter-sale' });
    await workers.clock.advance(1_500);
    await workers.runScheduled();
    await workers.clock.advance(3_000);
    await workers.runScheduled();
    const stopped = (await receivedAtLeast(workers, email, mobile, before + 2)).slice(before);
    // The car entered, the sale started (and, by now, perhaps its offer): e-mails, and not one text.
    expect(stopped.length).toBeGreaterThanOrEqual(2);
    expect(stopped.map((m) => m.channel)).toEqual(stopped.map(() => 'email'));

    // Ticked again: texts come back.
    await seller.post('/account/preferences', { textsOffered: 'on', texts: 'on' });
    expect(box(await (await seller.get('/account/preferences')).text())).toContain('checked');
  }, 60_000);

  it('a seller who replies STOP to a text gets e-mails only from then on', async () => {
    const vrm = 'KE19FTA';
    const { seller, email, mobile } = await profiledSeller(vrm, '70000');
    const before = (await received(workers, email, mobile)).length;
    await seller.post(`/${vrm}/profile/timeline`, { intent: 'enter-sale' });
    const first = (await receivedAtLeast(workers, email, mobile, before + 2)).slice(before);
    expect(first.map((m) => m.channel)).toEqual(['email', 'sms']);
    // The SMS provider posts the reply to the platform itself, signed with its webhook secret (it
    // cannot show the app's gateway secret); unsigned or wrongly signed, it is refused.
    const post = async (text: string, secret = SMS_WEBHOOK_SECRET) =>
      postReply(workers, await signedReply(workers, secret, { from: mobile, text }));
    const reply = async (text: string) => (await (await post(text)).json()) as { stopped: boolean };
    expect((await post('STOP', 'dev-only-someone-elses-secret-0123456789')).status).toBe(403);
    expect(
      (
        await workers.platform('/platform/notify/sms-replies', {
          asApp: false,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ from: mobile, text: 'STOP' }),
        })
      ).status,
    ).toBe(403);
    expect(await reply('Thanks!')).toEqual({ stopped: false });
    expect(await reply(' stop ')).toEqual({ stopped: true });

    await workers.clock.advance(1_500);
    await workers.runScheduled();
    await workers.clock.advance(3_000);
    await workers.runScheduled();
    const later = (await receivedAtLeast(workers, email, mobile, before + 4)).slice(before + 2);
    expect(later.map((m) => m.channel)).toEqual(['email', 'email']);
  }, 60_000);
});

describe("the dealer's document check", () => {
  it('asks again for a licence too blurred to read, by e-mail and text, and the sale goes on once a clear one is sent', async () => {
    const vrm = 'KE19FTA';
    const { seller, email, mobile } = await profiledSeller(vrm, '65000');
    await seller.post(`/${vrm}/profile/timeline`, { intent: 'enter-sale' });
    await workers.clock.advance(1_500);
    await workers.runScheduled();
    await workers.clock.advance(3_000);
    await workers.runScheduled();
    await seller.post(`/${vrm}/accept-offer`, { intent: 'accept' });
    await seller.post((await seller.get(`/${vrm}/confirm-sale`)).headers.get('location')!, {});
    await seller.post(`/${vrm}/add-bank-details`, { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
    await seller.post(`/${vrm}/upload-documents`, { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
    // A photo of the licence at a tenth of a sharp one's detail: the upload warns, the seller sends it anyway.
    await seller.post(`/${vrm}/upload-documents`, {
      intent: 'upload',
      kind: 'driving-licence',
      file: file(jpeg(1600, 1200, 40_000), 'licence.jpg', 'image/jpeg'),
    });
    expect(mainText(await (await seller.get(`/${vrm}/upload-documents`)).text())).toContain('it looks blurry');
    const before = (await received(workers, email, mobile)).length;
    await seller.post(`/${vrm}/upload-documents`, { intent: 'submit' });

    // The check runs when the sale's status is next read: it asks for the licence again.
    const status = await (await seller.get(`/${vrm}/review-status`)).text();
    expect(mainText(status)).toContain('The dealer has asked for your driving licence again: upload a clearer copy and send it.');
    expect(status).toContain(`href="/${vrm}/request/driving-licence"`);
    const [mail, text] = (await receivedAtLeast(workers, email, mobile, before + 2)).slice(before);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Please upload your driving licence again' });
    expect(mail!.body).toContain('needs your driving licence again: the photo is too blurred to read.');
    expect(mail!.body).toContain(`http://localhost/${vrm}/request/driving-licence`);
    expect(text!.channel).toBe('sms');
    const short = /http:\/\/localhost(\/s\/[A-Za-z0-9]{10})/.exec(text!.body)![1]!;
    expect((await seller.get(short)).headers.get('location')).toBe(`/${vrm}/request/driving-licence`);
    const page = mainText(await (await seller.get(`/${vrm}/request/driving-licence`)).text());
    expect(page).toContain('The dealer has asked for your driving licence again: the photo is too blurred to read.');

    // Reading the status again asks nothing new.
    await seller.get(`/${vrm}/review-status`);
    // A clear photo, sent: the check passes and the sale moves on to collection; the request is closed.
    await seller.post(`/${vrm}/request/driving-licence`, {
      intent: 'upload',
      kind: 'driving-licence',
      file: file(jpeg(), 'licence-clear.jpg', 'image/jpeg'),
    });
    await seller.post(`/${vrm}/upload-documents`, { intent: 'submit' });
    const next = await seller.get(`/${vrm}/review-status`);
    expect(next.status).toBe(200);
    expect(mainText(await next.text())).toMatch(/Next: collection booked/i);
    expect(mainText(await (await seller.get(`/${vrm}/upload-documents`)).text())).not.toContain('has asked for');
    await (
      await queueOf(workers)
    ).send({ key: 'no_bids#doc-sentinel', enquiryId: await enquiryOf(workers, email), event: { kind: 'no_bids' } });
    const after = (await receivedAtLeast(workers, email, mobile, before + 4)).slice(before + 2);
    expect(after.map((m) => m.subject)).toEqual([expect.stringMatching(/No dealer bid/), '']);
  }, 60_000);
});

describe('security messages from the account', () => {
  it('a new sign-in link is also texted, as a notice without the link; a seller who stopped texts gets only the e-mail', async () => {
    const seller = newSeller(workers);
    const email = uniqueEmail('signin');
    const national = newMobile();
    await valueCar(seller, 'KE19FTA', '65000');
    await signUp(seller, email, 'KE19FTA', { phone: national });
    const mobile = e164(national);
    const before = (await received(workers, email, mobile)).length;

    const other = newSeller(workers);
    expect((await other.post('/sign-in', { email })).status).toBe(302);
    const sent = (await receivedAtLeast(workers, email, mobile, before + 2)).slice(before);
    expect(sent.map((m) => m.channel)).toEqual(['email', 'sms']);
    expect(sent[0]!.subject).toBe('Your Kerbside sign-in link');
    expect(sent[1]!.body).toBe(
      'Kerbside: we have e-mailed you a sign-in link. If you did not ask for it, ignore it: nobody can sign in without your e-mail. Reply STOP to opt out',
    );
    expect(sent[1]!.body).not.toMatch(/token|http/);

    // After STOP, the link is still e-mailed; no text.
    const stop = await workers.platform('/platform/notify/sms-replies', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: mobile, text: 'STOP' }),
    });
    expect(stop.status).toBe(200);
    expect((await other.post('/sign-in', { email })).status).toBe(302);
    await receivedAtLeast(workers, email, mobile, before + 3);
    // A last message through the queue, so the text (if any) would have come before it.
    await (
      await queueOf(workers)
    ).send({ key: 'no_bids#after-stop', enquiryId: await enquiryOf(workers, email), event: { kind: 'no_bids' } });
    const all = (await receivedAtLeast(workers, email, mobile, before + 4)).slice(before);
    expect(all.map((m) => m.channel)).toEqual(['email', 'sms', 'email', 'email']);
  });
});

describe('once-only delivery', () => {
  it('a message delivered twice, or again after a restart, is sent once', async () => {
    const seller = newSeller(workers);
    const email = uniqueEmail('once');
    const national = newMobile();
    await valueCar(seller, 'KE19FTA', '65000');
    await signUp(seller, email, 'KE19FTA', { phone: national });
    const mobile = e164(national);
    const enquiryId = await enquiryOf(workers, email);
    const queue = await queueOf(workers);
    const paid = { key: 'paid#redelivered', enquiryId, event: { kind: 'paid', amount: 7250, accountEnding: '4958' } };
    const before = (await received(workers, email, mobile)).length;

    // The queue delivers the same message twice (a retry, a second producer).
    await queue.send(paid);
    await queue.send(paid);
    // The platform died mid-send before a restart: it had claimed the e-mail (long enough ago for
    // the claim to have lapsed) and sent the text; the queue delivers the message again.
    const now = (await workers.clock.now()).getTime();
    await workers.db.batch([
      workers.db
        .prepare(
          "INSERT INTO notification_deliveries (event_key, enquiry_id, channel, status, attempts, claimed_at) VALUES ('no_bids#restart', ?1, 'email', 'sending', 1, ?2)",
        )
        .bind(enquiryId, now - 61_000),
      workers.db
        .prepare(
          "INSERT INTO notification_deliveries (event_key, enquiry_id, channel, status, attempts, claimed_at, sent_at) VALUES ('no_bids#restart', ?1, 'sms', 'sent', 1, ?2, ?3)",
        )
        .bind(enquiryId, now - 61_000, new Date(now).toISOString()),
    ]);
    await queue.send({ key: 'no_bids#restart', enquiryId, event: { kind: 'no_bids' } });
    // A last message, so that everything before it has been delivered.
    await queue.send({ key: 'offer_accepted#sentinel', enquiryId, event: { kind: 'offer_accepted' } });

    const sent = (await receivedAtLeast(workers, email, mobile, before + 5)).slice(before);
    expect(sent.map((m) => [m.channel, m.subject.replace(/ for your .*| on your .*/, '')])).toEqual([
      ['email', 'You have been paid £7,250'],
      ['sms', ''],
      ['email', 'No dealer bid'],
      ['email', 'You accepted the offer'],
      ['sms', ''],
    ]);
  }, 60_000);
});

describe('a failing provider', () => {
  /** Workers whose provider fails the first `failures` sends of every message, and a seller with a mobile on them. */
  async function sellerOnFailingProvider(failures: string, name: string, phone: string) {
    const failing = await startWorkers({
      ...WORKER_OPTIONS,
      platformVars: { ...WORKER_OPTIONS.platformVars, NOTIFY_FAIL_SENDS: failures },
    });
    const seller = newSeller(failing);
    const email = uniqueEmail(name);
    await valueCar(seller, 'KE19FTA', '65000');
    await signUp(seller, email, 'KE19FTA', { phone });
    return { failing, seller, email, queue: await queueOf(failing), enquiryId: await enquiryOf(failing, email) };
  }

  it('is retried with backoff until a send goes through', async () => {
    // Attempts 1 and 2 fail; the queue allows three retries.
    const { failing, email, queue, enquiryId } = await sellerOnFailingProvider('2', 'retry', '07400 199999');
    try {
      const before = (await received(failing, email, '+447400199999')).length;
      await queue.send({ key: 'no_bids#retried', enquiryId, event: { kind: 'no_bids' } });
      const sent = (await receivedAtLeast(failing, email, '+447400199999', before + 2)).slice(before);
      expect(sent.filter((m) => /No dealer bid/.test(m.subject))).toHaveLength(1);
      expect(sent.filter((m) => m.channel === 'sms')).toHaveLength(1);
    } finally {
      await failing.dispose();
    }
  }, 60_000);

  it('ends in the dead letter after repeated failures, shown in the mailbox', async () => {
    const { failing, seller, email, queue, enquiryId } = await sellerOnFailingProvider('99', 'dead', '07400 188888');
    try {
      const before = (await received(failing, email, '+447400188888')).length;
      await queue.send({ key: 'no_bids#dead', enquiryId, event: { kind: 'no_bids' } });
      const mailbox = await vi.waitFor(
        async () => {
          const html = await (await seller.get('/dev/mailbox')).text();
          if (!html.includes('no_bids#dead')) throw new Error('not in the dead letters yet');
          return mainText(html);
        },
        { timeout: 15_000, interval: 50 },
      );
      expect(mailbox).toContain('Messages not sent');
      expect(mailbox).toMatch(/no_bids#dead for enquiry \d+, .+: email: Error: NOTIFY_FAIL_SENDS/);
      expect(await received(failing, email, '+447400188888')).toHaveLength(before);
    } finally {
      await failing.dispose();
    }
  }, 60_000);
});

describe('a restart mid-send', () => {
  it('sends what was owed after the platform is killed and started again, and nothing twice', async () => {
    const api = await messageProvider();
    const stateDir = mkdtempSync(path.join(os.tmpdir(), 'kerbside-restart-'));
    const options = {
      ...WORKER_OPTIONS,
      stateDir,
      platformVars: {
        ...WORKER_OPTIONS.platformVars,
        NOTIFY_PROVIDER: 'http',
        EMAIL_API_URL: api.url('/email'),
        EMAIL_API_KEY: 'dev-only-email-key',
        SMS_API_URL: api.url('/sms'),
        SMS_API_KEY: 'dev-only-sms-key',
      },
    };
    const vrm = 'KE19FTA';
    const email = uniqueEmail('restart');
    const national = newMobile();
    let first: Workers | undefined = await startWorkers(options);
    let second: Workers | undefined;
    try {
      const seller = newSeller(first);
      await valueCar(seller, vrm, '65000');
      // The account's own e-mails go to the provider too: the sign-in link arrives there.
      const response = await seller.post(`/${vrm}?index`, { ...SELLER, email, phone: national });
      expect(response.headers.get('location')).toBe(`/${vrm}`);
      const link = api.requests.find((r) => r.path === '/email' && r.body.to === email)?.body.text.match(/http:\/\/localhost\S+/)?.[0];
      expect(link, 'the sign-in link, e-mailed through the provider').toBeDefined();
      const signIn = new URL(link!);
      expect((await seller.get(signIn.pathname + signIn.search)).status).toBe(200);
      const proven = await seller.post(signIn.pathname + signIn.search, { token: signIn.searchParams.get('token')! });
      // The mobile's code went through the provider too; the seller enters it (docs/decisions/031).
      const codeText = api.requests.find((r) => r.path === '/sms' && r.body.to === e164(national))?.body.text ?? '';
      const mobileCode = /(\d{6}) is your code/.exec(codeText)?.[1];
      expect(mobileCode, 'the mobile code, texted through the provider').toBeDefined();
      expect((await seller.post(proven.headers.get('location')!, { intent: 'code', code: mobileCode! })).status).toBe(302);
      await completeProfile(seller, vrm);

      // The seller enters the sale; the e-mail goes, and the platform dies while the text is being sent.
      api.hold(/^\/sms$/);
      await seller.post(`/${vrm}/profile/timeline`, { intent: 'enter-sale' });
      const owed = () => api.requests.filter((r) => r.key?.startsWith('sale_entered#'));
      await vi.waitFor(() => expect(owed().map((r) => r.path)).toEqual(['/email', '/sms']), { timeout: 10_000, interval: 25 });
      await first.dispose();
      first = undefined;

      // Started again on the same storage; its queue is empty (Miniflare's queue lived in memory).
      second = await startWorkers(options);
      const row = await second.db
        .prepare("SELECT outcome FROM notification_messages WHERE event_key LIKE 'sale_entered#%' AND enquiry_id = ?1")
        .bind(await enquiryOf(second, email))
        .first<{ outcome: string | null }>();
      expect(row, 'the message is on record, not settled').toEqual({ outcome: null });
      // Past the send lease and the redelivery wait, the Cron Trigger puts it back on the queue.
      await second.clock.advance(16 * 60_000);
      await second.runScheduled(undefined, '*/10 * * * *');
      await vi.waitFor(() => expect(owed().map((r) => r.path)).toEqual(['/email', '/sms', '/sms']), { timeout: 10_000, interval: 25 });
      const texts = owed().filter((r) => r.path === '/sms');
      // The text is sent again under the same idempotency key (the provider drops a repeat of one it
      // had taken); the e-mail, sent before the kill, is not sent again.
      expect(texts[1]!.key).toBe(texts[0]!.key);
      expect(texts[1]!.body.to).toBe(e164(national));
      await vi.waitFor(
        async () =>
          expect(
            await second!.db
              .prepare("SELECT outcome FROM notification_messages WHERE event_key LIKE 'sale_entered#%' AND enquiry_id = ?1")
              .bind(await enquiryOf(second!, email))
              .first('outcome'),
          ).toBe('delivered'),
        { timeout: 10_000, interval: 25 },
      );
      expect(owed().map((r) => r.path)).toEqual(['/email', '/sms', '/sms']);
    } finally {
      await first?.dispose();
      await second?.dispose();
      await api.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
  }, 90_000);
});

/*
 * A state change and its message are one write (docs/decisions/033): the message's record goes in
 * the change's own batch. A trigger makes the record fail, as a write that dies between the two
 * would: the change must not happen either, the seller sees the step's error (not a stack trace),
 * and the same step then goes through with its message.
 */
describe('a state change and its message, written together', () => {
  const main = mainText;
  async function failingMessages<T>(key: string, run: () => Promise<T>): Promise<T> {
    await workers.db
      .prepare(
        `CREATE TRIGGER fail_message BEFORE INSERT ON notification_messages WHEN NEW.event_key LIKE '${key}#%'
         BEGIN SELECT RAISE(ABORT, 'simulated outage'); END`,
      )
      .run();
    try {
      return await run();
    } finally {
      await workers.db.prepare('DROP TRIGGER fail_message').run();
    }
  }
  const recorded = (enquiryId: number, key: string) =>
    workers.db
      .prepare('SELECT count(*) AS n FROM notification_messages WHERE enquiry_id = ?1 AND event_key LIKE ?2')
      .bind(enquiryId, `${key}#%`)
      .first<number>('n');
  const stateOf = (enquiryId: number) =>
    workers.db.prepare('SELECT dp_state_slug, status FROM enquiries WHERE id = ?1').bind(enquiryId).first<Record<string, string>>();
  const lots = (enquiryId: number) =>
    workers.db.prepare('SELECT count(*) AS n FROM sales WHERE enquiry_id = ?1').bind(enquiryId).first<number>('n');
  const refusedCleanly = async (response: Response) => {
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(main(html)).toContain('Sorry, something went wrong. Please try again.');
    expect(html).not.toMatch(/simulated outage|D1_ERROR|SQLITE|\bat \S+ \(/);
  };

  it('entering the sale: without its message there is no lot, no bids and no new state; then both', async () => {
    const { seller, email } = await profiledSeller('KD15DSL', '130000');
    const enquiryId = await enquiryOf(workers, email);
    const before = await stateOf(enquiryId);
    expect(before).toEqual({ dp_state_slug: 'profile-in-progress', status: 'full_details' });

    await refusedCleanly(await failingMessages('sale_entered', () => seller.post('/KD15DSL/profile/timeline', { intent: 'enter-sale' })));
    expect(await stateOf(enquiryId)).toEqual(before);
    expect(await lots(enquiryId)).toBe(0);
    expect(await recorded(enquiryId, 'sale_entered')).toBe(0);

    expect((await seller.post('/KD15DSL/profile/timeline', { intent: 'enter-sale' })).headers.get('location')).toBe('/KD15DSL');
    expect(await stateOf(enquiryId)).toEqual({ dp_state_slug: 'ready-for-sale', status: 'ready_for_sale' });
    expect(await lots(enquiryId)).toBe(1);
    expect(await recorded(enquiryId, 'sale_entered')).toBe(1);
  }, 60_000);

  it('accepting the offer: without its message the offer stays open; then it is accepted, with its message', async () => {
    const { seller, email } = await profiledSeller('KE19FTA', '65000');
    const enquiryId = await enquiryOf(workers, email);
    expect((await seller.post('/KE19FTA/profile/timeline', { intent: 'enter-sale' })).headers.get('location')).toBe('/KE19FTA');
    await workers.clock.advance(4_500);
    expect((await seller.get('/KE19FTA/accept-offer')).status).toBe(200);
    const before = await stateOf(enquiryId);
    expect(before).toEqual({ dp_state_slug: 'under-offer', status: 'under_offer' });

    await refusedCleanly(await failingMessages('offer_accepted', () => seller.post('/KE19FTA/accept-offer', { intent: 'accept' })));
    expect(await stateOf(enquiryId)).toEqual(before);
    expect(await workers.db.prepare('SELECT outcome FROM sales WHERE enquiry_id = ?1').bind(enquiryId).first('outcome')).toBeNull();
    expect(await recorded(enquiryId, 'offer_accepted')).toBe(0);

    const accepted = await seller.post('/KE19FTA/accept-offer', { intent: 'accept' });
    expect(accepted.headers.get('location')).toBe('/KE19FTA/confirm-sale-summary');
    expect(await stateOf(enquiryId)).toEqual({ dp_state_slug: 'sold-wait', status: 'sold' });
    expect(await recorded(enquiryId, 'offer_accepted')).toBe(1);
  }, 60_000);
});
