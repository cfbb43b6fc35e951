import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainText, textOf } from './support/browser';
import { newSeller, sessionData, signUp, uniqueEmail, valueCar, writeSession } from './support/sellers';
import { DEV_SECRET, startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  // An id token of 61 s is within the 60 s refresh margin a second after it is issued.
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0', ID_TOKEN_TTL_SECONDS: '61' } });
});
afterAll(() => workers?.dispose());

const main = mainText;
const header = (html: string) => textOf(html.slice(html.indexOf('<header'), html.indexOf('</header>')));
const DAY = 86_400_000;

/** The platform's own answer to a refresh, past the app. */
async function platformRefresh(refreshToken: string) {
  const response = await workers.platform('/platform/api/authn/refreshtoken', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

/** The platform's session id (sid) in an id token's claims. */
const sessionIdOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

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
    // The refresh token is replaced on every use (docs/decisions/031), and the cookie keeps the new one.
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.issuedAt).toBeGreaterThan(before.issuedAt);
    const row = await workers.db.prepare('SELECT count(*) AS n FROM sessions WHERE refreshed_at IS NOT NULL').first<{ n: number }>();
    expect(row!.n).toBeGreaterThan(0);
  });

  it('signs the seller out with the spec notice when the refresh is refused', async () => {
    const seller = await signedIn();
    await workers.db
      .prepare('UPDATE sessions SET revoked_at = ?1')
      .bind((await workers.clock.now()).toISOString())
      .run();
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
    const data = await sessionData(seller);
    // An id token the gateway will not accept (as after a key rotation), with a good refresh token.
    await writeSession(
      seller,
      {
        ...data,
        auth: { ...data.auth, idToken: 'eyJhbGciOiJIUzI1NiJ9.e30.bad', issuedAt: (await workers.clock.now()).getTime(), expiresIn: 3_600 },
      },
      DEV_SECRET,
    );
    const response = await seller.get('/account');
    expect(response.status).toBe(200);
    expect(main(await response.text())).toContain('Your vehicles');
    expect((await sessionData(seller)).auth.idToken).toMatch(/^ey.+\..+\..+$/);
    expect((await sessionData(seller)).auth.idToken).not.toContain('.bad');
  });

  it('sends the seller to sign in when the gateway ends their session mid-visit', async () => {
    const seller = await signedIn();
    const data = await sessionData(seller);
    const now = await workers.clock.now();
    await writeSession(seller, { ...data, auth: { ...data.auth, issuedAt: now.getTime(), expiresIn: 3_600 } }, DEV_SECRET);
    await workers.db.prepare('UPDATE sessions SET revoked_at = ?1').bind(now.toISOString()).run();
    const response = await seller.get('/account');
    expect(response.headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount');
    expect((await sessionData(seller)).auth).toBeUndefined();
  });
});

// Moves the file's clock forward by weeks: every test before these uses its own new seller.
describe('session limits (docs/sign-in-limits.md)', () => {
  it('refuses to refresh a session that started in 2020, however recently it was used (the reproduced attack)', async () => {
    const seller = await signedIn();
    const { auth } = await sessionData(seller);
    await workers.db
      .prepare("UPDATE sessions SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?1")
      .bind(sessionIdOf(auth.idToken))
      .run();
    expect(await platformRefresh(auth.refreshToken)).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'refresh_token_expired' }),
    });
    await workers.clock.advance(1_200);
    const response = await seller.get('/account');
    expect(response.headers.get('location')).toBe('/?logout=notify');
    expect((await sessionData(seller)).auth).toBeUndefined();
  });

  it('signs out a seller whose session went unused for 8 days: the refresh is refused and the next page shows them signed out', async () => {
    const seller = await signedIn();
    const { auth } = await sessionData(seller);
    await workers.clock.advance(8 * DAY);
    const response = await seller.get('/account');
    expect(response.headers.get('location')).toBe('/?logout=notify');
    expect((await sessionData(seller)).auth).toBeUndefined();
    const html = await (await seller.follow(response)).text();
    expect(main(html)).toContain('You were signed out due to a technical issue. Please sign in again.');
    expect(header(html)).toContain('Sign in');
    expect(header(html)).not.toContain('Sarah');
    // The platform itself refuses: the app never asked it to end the session.
    expect(await platformRefresh(auth.refreshToken)).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'refresh_token_expired' }),
    });
    expect(await (await seller.get('/account')).headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount');
  });

  it('keeps a session used within every 7 days, and still ends it 30 days after sign-in', async () => {
    const seller = await signedIn();
    const { auth } = await sessionData(seller);
    // Six days apart: never idle for 7, and the fifth visit is 30 days after signing in.
    for (const day of [6, 12, 18, 24]) {
      await workers.clock.advance(6 * DAY);
      const response = await seller.get('/account');
      expect(response.status, `day ${day}`).toBe(200);
      expect(main(await response.text())).toContain('Your vehicles');
    }
    // Daily visits near the end, so idleness has nothing to do with what follows.
    for (let day = 25; day <= 29; day++) {
      await workers.clock.advance(DAY);
      expect((await seller.get('/account')).status, `day ${day}`).toBe(200);
    }
    await workers.clock.advance(DAY);
    const response = await seller.get('/account');
    expect(response.headers.get('location')).toBe('/?logout=notify');
    expect((await sessionData(seller)).auth).toBeUndefined();
    expect(await platformRefresh(auth.refreshToken)).toEqual({
      status: 401,
      body: expect.objectContaining({ code: 'refresh_token_expired' }),
    });
  });
});
