import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainText } from './support/browser';
import { newSeller, sessionData, signUp, uniqueEmail, valueCar, writeSession } from './support/sellers';
import { DEV_SECRET, startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  // An id token of 61 s is within the 60 s refresh margin a second after it is issued.
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0', ID_TOKEN_TTL_SECONDS: '61' } });
});
afterAll(() => workers?.dispose());

const main = mainText;

async function signedIn() {
  const seller = newSeller(workers);
  await valueCar(seller);
  await signUp(seller, uniqueEmail('refresh'));
  return seller;
}

describe('token refresh', () => {
  it('refreshes an id token near expiry on the next page, without the seller noticing', async () => {
    const seller = await signedIn();
    const before = (await sessionData(seller)).auth;
    await workers.clock.advance(1_200);
    const response = await seller.get('/account');
    expect(response.status).toBe(200);
    expect(main(await response.text())).toContain('Your vehicles');
    const after = (await sessionData(seller)).auth;
    expect(after.idToken).not.toBe(before.idToken);
    expect(after.refreshToken).toBe(before.refreshToken);
    expect(after.issuedAt).toBeGreaterThan(before.issuedAt);
    const row = await workers.db.prepare('SELECT count(*) AS n FROM sessions WHERE refreshed_at IS NOT NULL').first<{ n: number }>();
    expect(row!.n).toBeGreaterThan(0);
  });

  it('signs the seller out with the spec notice when the refresh is refused', async () => {
    const seller = await signedIn();
    await workers.db.prepare('UPDATE sessions SET revoked_at = ?1').bind((await workers.clock.now()).toISOString()).run();
    await workers.clock.advance(1_200);
    const response = await seller.get('/account');
    expect(response.headers.get('location')).toBe('/?logout=notify');
    expect((await sessionData(seller)).auth).toBeUndefined();
    const html = await (await seller.follow(response)).text();
    expect(html).toMatch(/<div id="logout-notification"[^>]*role="alert"/);
    expect(main(html)).toContain('You were signed out due to a technical issue. Please sign in again.');
  });

  it('refreshes once and retries when a call answers 401 with a refresh token at hand', async () => {
    const seller = await signedIn();
    const data = (await sessionData(seller));
    // An id token the gateway will not accept (as after a key rotation), with a good refresh token.
    await writeSession(seller, { ...data, auth: { ...data.auth, idToken: 'eyJhbGciOiJIUzI1NiJ9.e30.bad', issuedAt: (await workers.clock.now()).getTime(), expiresIn: 3_600 } }, DEV_SECRET);
    const response = await seller.get('/account');
    expect(response.status).toBe(200);
    expect(main(await response.text())).toContain('Your vehicles');
    expect((await sessionData(seller)).auth.idToken).toMatch(/^ey.+\..+\..+$/);
    expect((await sessionData(seller)).auth.idToken).not.toContain('.bad');
  });

  it('sends the seller to sign in when the gateway ends their session mid-visit', async () => {
    const seller = await signedIn();
    const data = (await sessionData(seller));
    const now = await workers.clock.now();
    await writeSession(seller, { ...data, auth: { ...data.auth, issuedAt: now.getTime(), expiresIn: 3_600 } }, DEV_SECRET);
    await workers.db.prepare('UPDATE sessions SET revoked_at = ?1').bind(now.toISOString()).run();
    const response = await seller.get('/account');
    expect(response.headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount');
    expect((await sessionData(seller)).auth).toBeUndefined();
  });
});
