import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSeller, signUp, uniqueEmail, valueCar } from './support/sellers';
import { postReply, signedReply, WEBHOOK } from './support/sms-webhook';
import { startWorkers, type Workers } from './support/workers';

/**
 * The SMS provider's STOP replies (docs/notifications.md): signed as Standard Webhooks sign, over
 * the message's id and timestamp as well as its body, so a captured reply is good once and for
 * five minutes at most.
 */

const SMS_WEBHOOK_SECRET = 'dev-only-integration-tests-sms-webhook-secret-0123';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { SMS_WEBHOOK_SECRET } });
});
afterAll(() => workers?.dispose());

/** A signed-in seller with a mobile, whose texts are on. */
async function sellerWithTexts(mobile: string) {
  const seller = newSeller(workers);
  await valueCar(seller, 'KE19FTA', '60000');
  await signUp(seller, uniqueEmail('webhook'), 'KE19FTA', { phone: mobile });
  return seller;
}

/** Whether the seller's account page shows texts about the sale ticked (what the seller sees). */
async function textsOn(seller: ReturnType<typeof newSeller>): Promise<boolean> {
  const page = await (await seller.get('/account/preferences')).text();
  return (/<input[^>]*name="texts"[^>]*>/.exec(page)?.[0] ?? '').includes('checked');
}

const turnTextsBackOn = (seller: ReturnType<typeof newSeller>) => seller.post('/account/preferences', { textsOffered: 'on', texts: 'on' });

describe('a STOP reply from the SMS provider', () => {
  it('is taken once; the same signed request replayed later is refused and changes nothing', async () => {
    const seller = await sellerWithTexts('07400 900001');
    expect(await textsOn(seller)).toBe(true);
    const stop = await signedReply(workers, SMS_WEBHOOK_SECRET, { from: '+447400900001', text: 'STOP' });

    const first = await postReply(workers, stop);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ stopped: true });
    expect(await textsOn(seller)).toBe(false);

    // The seller changes their mind; an attacker who captured the STOP sends it again, at once and
    // a minute later (inside the timestamp's five minutes).
    await turnTextsBackOn(seller);
    expect(await textsOn(seller)).toBe(true);
    expect((await postReply(workers, stop)).status).toBe(403);
    await workers.clock.advance(60_000);
    expect((await postReply(workers, stop)).status).toBe(403);
    expect(await textsOn(seller)).toBe(true);
    expect(workers.logged('platform.notify.sms_webhook_refused').map((line) => line.reason)).toContain('replayed');
  });

  it('is refused when signed more than five minutes from the platform’s clock, either way', async () => {
    const seller = await sellerWithTexts('07400 900002');
    const now = await workers.clock.now();
    const reply = { from: '+447400900002', text: 'STOP' };
    const stale = await signedReply(workers, SMS_WEBHOOK_SECRET, reply, { signedAt: new Date(now.getTime() - 6 * 60_000) });
    const ahead = await signedReply(workers, SMS_WEBHOOK_SECRET, reply, { signedAt: new Date(now.getTime() + 6 * 60_000) });
    expect((await postReply(workers, stale)).status).toBe(403);
    expect((await postReply(workers, ahead)).status).toBe(403);
    expect(await textsOn(seller)).toBe(true);

    // A captured reply ages out as well: taken at once, but not after the five minutes, whatever id.
    const late = await signedReply(workers, SMS_WEBHOOK_SECRET, reply);
    await workers.clock.advance(5 * 60_000 + 2_000);
    expect((await postReply(workers, late)).status).toBe(403);
    expect(await textsOn(seller)).toBe(true);
    // Just inside the window either way, it is taken.
    const inside = await signedReply(workers, SMS_WEBHOOK_SECRET, reply, {
      signedAt: new Date((await workers.clock.now()).getTime() - 4 * 60_000),
    });
    expect((await postReply(workers, inside)).status).toBe(200);
    expect(await textsOn(seller)).toBe(false);
  });

  it('is refused with its id or timestamp changed under the signature, or its body', async () => {
    const seller = await sellerWithTexts('07400 900003');
    const reply = { from: '+447400900003', text: 'STOP' };
    const signed = await signedReply(workers, SMS_WEBHOOK_SECRET, reply);
    const withId = { ...signed, headers: { ...signed.headers, [WEBHOOK.id]: `${signed.id}x` } };
    const withTime = { ...signed, headers: { ...signed.headers, [WEBHOOK.timestamp]: String(Number(signed.timestamp) + 1) } };
    const withBody = { ...signed, body: JSON.stringify({ from: '+447400900004', text: 'STOP' }) };
    for (const tampered of [withId, withTime, withBody]) expect((await postReply(workers, tampered)).status).toBe(403);
    // The old scheme's body-only signature (hex in x-sms-signature) opens nothing either.
    const bodyOnly = { body: signed.body, headers: { 'content-type': 'application/json', 'x-sms-signature': 'ab'.repeat(32) } };
    expect((await postReply(workers, bodyOnly)).status).toBe(403);
    expect(await textsOn(seller)).toBe(true);

    // Untouched, with a retired key's signature beside the current one (a provider rotating its
    // secret sends both), the same message is taken: the refusals above were the tampering's.
    const rotated = {
      ...signed,
      headers: {
        ...signed.headers,
        [WEBHOOK.signature]: `v1,${btoa('old key')} ${signed.headers[WEBHOOK.signature]}`,
      },
    };
    expect((await postReply(workers, rotated)).status).toBe(200);
    expect(await textsOn(seller)).toBe(false);
  });

  it('keeps the ids it has seen until their timestamps refuse them anyway; the daily run forgets them after', async () => {
    const stop = await signedReply(workers, SMS_WEBHOOK_SECRET, { from: '+447400900005', text: 'Thanks' });
    expect((await postReply(workers, stop)).status).toBe(200);
    const seen = () =>
      workers.db.prepare('SELECT COUNT(*) AS n FROM sms_webhook_messages WHERE id = ?1').bind(stop.id).first<{ n: number }>();
    await workers.runScheduled();
    expect((await seen())!.n).toBe(1);
    await workers.runScheduled(new Date((await workers.clock.now()).getTime() + 25 * 60 * 60_000));
    await expect.poll(async () => (await seen())!.n).toBe(0);
    expect((await postReply(workers, stop)).status).toBe(403);
  });
});
