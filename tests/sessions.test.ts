import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../app/lib/format';
import { Browser, mainText, textOf } from './support/browser';
import { sessionData, signInByLink, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  // Id tokens that outlive the tests' moves of the clock: a refresh writes last_seen_at every time,
  // and these tests are about what a call writes (tests/token-refresh.test.ts has the refreshes).
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0', ID_TOKEN_TTL_SECONDS: '7200' } });
});
afterAll(() => workers?.dispose());

const main = mainText;
const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

let counter = 0;
/** A browser of its own (its own cookie jar and address), with the User-Agent given. */
const browser = (userAgent: string) => new Browser(workers.fetch, { ip: `198.51.100.${++counter}`, userAgent });

/** The /account section listing the seller's sessions, one text per session, and the section's whole text. */
function sessionsOf(html: string) {
  const start = html.indexOf('id="sessions-title"');
  const section = html.slice(start, html.indexOf('</section>', start));
  const items = section
    .split('data-testid="account-session"')
    .slice(1)
    .map((item) => textOf(`<x ${item.slice(0, item.indexOf('</li>'))}`));
  return { items, text: textOf(`<x ${section}`) };
}

/** A seller with an account, signed in on two browsers: a phone (signed up there) and a laptop (by e-mail link). */
async function sellerOnTwoBrowsers() {
  const email = uniqueEmail('devices');
  const phone = browser(UA.chromeAndroid);
  await valueCar(phone);
  expect((await signUp(phone, email)).status).toBe(302);
  const laptop = browser(UA.firefoxWindows);
  expect((await signInByLink(workers, laptop, email)).headers.get('location')).toBe('/account');
  return { phone, laptop, email };
}

const sessionIdOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe("the seller's sessions on /account", () => {
  it('lists each browser the seller is signed in on, with its device and dates, and marks this one', async () => {
    const { phone, laptop } = await sellerOnTwoBrowsers();
    const today = formatDate((await workers.clock.now()).toISOString());

    const onPhone = sessionsOf(await (await phone.get('/account')).text());
    expect(onPhone.items).toHaveLength(2);
    // Each with the short id the e-mails about it name, and the network the edge saw (none locally).
    expect(onPhone.items[0]).toMatch(
      new RegExp(`^Chrome on Android This device Session [A-Z2-9]{6} Network Unknown First signed in ${today} Last seen ${today}$`),
    );
    expect(onPhone.items[1]).toMatch(
      new RegExp(`^Firefox on Windows Session [A-Z2-9]{6} Network Unknown First signed in ${today} Last seen ${today}$`),
    );
    expect(onPhone.text).toContain('Sign out of all other devices');

    const onLaptop = sessionsOf(await (await laptop.get('/account')).text());
    expect(onLaptop.items[0]).toMatch(/^Firefox on Windows This device /);
    expect(onLaptop.items[1]).toMatch(/^Chrome on Android Session /);
  });

  it('signs out of all other devices from one browser: the other is signed out on its next request, this one stays', async () => {
    const { phone, laptop } = await sellerOnTwoBrowsers();
    const response = await phone.post('/account?index', { intent: 'sign-out-others' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/account?others-signed-out');
    const html = await (await phone.follow(response)).text();
    expect(main(html)).toContain('You are signed out of all other devices.');
    const after = sessionsOf(html);
    expect(after.items).toEqual([expect.stringMatching(/^Chrome on Android This device /)]);
    expect(after.text).not.toContain('Sign out of all other devices');

    const next = await laptop.get('/account');
    expect(next.headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount');
    expect((await sessionData(laptop)).auth).toBeUndefined();
    // This browser is still signed in, page after page.
    expect((await phone.get('/account')).status).toBe(200);
    expect((await sessionData(phone)).auth).toBeDefined();
  });

  it("never lists or ends another seller's sessions", async () => {
    const { phone } = await sellerOnTwoBrowsers();
    const other = browser(UA.safariIphone);
    await valueCar(other);
    await signUp(other, uniqueEmail('other'));
    const otherSession = sessionIdOf((await sessionData(other)).auth.idToken);

    expect(sessionsOf(await (await phone.get('/account')).text()).text).not.toContain('Safari on iPhone');
    expect((await phone.post('/account?index', { intent: 'sign-out-others' })).headers.get('location')).toBe('/account?others-signed-out');

    const row = await workers.db
      .prepare('SELECT revoked_at FROM sessions WHERE id = ?1')
      .bind(otherSession)
      .first<{ revoked_at: string | null }>();
    expect(row).toEqual({ revoked_at: null });
    const page = await other.get('/account');
    expect(page.status).toBe(200);
    expect(sessionsOf(await page.text()).items).toEqual([expect.stringMatching(/^Safari on iPhone This device /)]);
  });

  it('answers 401 to callers who are not signed in', async () => {
    expect((await workers.platform('/platform/api/sessions')).status).toBe(401);
    expect((await workers.platform('/platform/api/sessions/revoke-others', { method: 'POST' })).status).toBe(401);
    const anonymous = browser(UA.chromeAndroid);
    expect((await anonymous.post('/account?index', { intent: 'sign-out-others' })).headers.get('location')).toBe(
      '/sign-in?redirectTo=%2Faccount',
    );
  });
});

describe('session use', () => {
  it('is written down at most once an hour', async () => {
    const { phone } = await sellerOnTwoBrowsers();
    const sid = sessionIdOf((await sessionData(phone)).auth.idToken);
    const lastSeen = async () =>
      (await workers.db.prepare('SELECT last_seen_at FROM sessions WHERE id = ?1').bind(sid).first<{ last_seen_at: string }>())!
        .last_seen_at;
    const started = await lastSeen();
    await workers.clock.advance(30 * 60_000);
    expect((await phone.get('/account')).status).toBe(200);
    expect(await lastSeen()).toBe(started);
    await workers.clock.advance(31 * 60_000);
    expect((await phone.get('/account')).status).toBe(200);
    expect(Date.parse(await lastSeen()) - Date.parse(started)).toBeGreaterThanOrEqual(61 * 60_000);
  });

  it('ends with the session: an id token still in date is refused once its session is past 30 days', async () => {
    const { phone } = await sellerOnTwoBrowsers();
    const sid = sessionIdOf((await sessionData(phone)).auth.idToken);
    const monthAgo = new Date((await workers.clock.now()).getTime() - 31 * 86_400_000).toISOString();
    await workers.db.prepare('UPDATE sessions SET created_at = ?1 WHERE id = ?2').bind(monthAgo, sid).run();
    const response = await phone.get('/account');
    expect(response.headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount');
    expect((await sessionData(phone)).auth).toBeUndefined();
  });
});
