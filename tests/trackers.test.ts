import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../contract/accounts';
import type { TrackerListResponse } from '../contract/trackers';
import { mainText, type Browser } from './support/browser';
import { latestEmail, newSeller, openLatestLink, SELLER, sessionData, signInByLink, uniqueEmail } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

const page = async (seller: Browser, path: string) => {
  const response = await seller.get(path);
  return { status: response.status, location: response.headers.get('location'), text: mainText(await response.text()) };
};

/** Registration → mileage on the tracker, as the seller's browser posts them. Returns where the mileage step sent them. */
async function track(seller: Browser, vrm: string, mileage: string) {
  const reg = await seller.post('/car-value-tracker', { vrm });
  expect(reg.headers.get('location')).toBe('/car-value-tracker/mileage');
  const step = await seller.post('/car-value-tracker/mileage', { mileage, intent: 'confirm' });
  return step.headers.get('location');
}

/** The tracker's own sign-up: a name and an e-mail address, nothing else. */
async function signUpHere(seller: Browser, email: string, marketing = true) {
  const response = await seller.post('/car-value-tracker/sign-in', {
    name: SELLER.name,
    email,
    ...(marketing ? { marketingConsent: 'on' } : {}),
  });
  expect(response.status).toBe(302);
  return response.headers.get('location');
}

async function userIdOf(email: string): Promise<number> {
  return (await workers.db.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first<{ id: number }>())!.id;
}

describe('tracking a car as a visitor', () => {
  it('goes from the reg to the mileage, to signing up, to the car’s value, and keeps it through a reload', async () => {
    const seller = newSeller(workers);
    expect((await page(seller, '/car-value-tracker')).text).toContain('Car value tracker');
    expect(await track(seller, 'ke19 fta', '65,000')).toBe('/car-value-tracker/sign-in');

    const signIn = await page(seller, '/car-value-tracker/sign-in');
    expect(signIn.text).toContain('We have valued KE19 FTA');
    // Before signing in, the car's page sends the visitor to sign in and back.
    expect((await page(seller, '/car-value-tracker/KE19FTA')).location).toBe(
      '/car-value-tracker/sign-in?redirectTo=%2Fcar-value-tracker%2FKE19FTA',
    );

    expect(await signUpHere(seller, uniqueEmail('tracker'))).toBe('/car-value-tracker/KE19FTA');
    const first = await page(seller, '/car-value-tracker/KE19FTA');
    expect(first.status).toBe(200);
    expect(first.text).toMatch(/Ford Fiesta .*valued at 65,000 miles .*Worth about £\d{1,2},\d{3}/);
    // Two years by default: the value then, and the depreciation in pounds and per cent.
    expect(first.text).toMatch(/Down £\d{1,2},\d{3} \(\d{1,2}(\.\d)?%\)/);
    const reloaded = await page(seller, '/car-value-tracker/KE19FTA');
    expect(reloaded.text).toBe(first.text);
  });

  it('keeps the car for a visitor who signs in by e-mail link to an account they already have', async () => {
    const email = uniqueEmail('returning');
    const earlier = newSeller(workers);
    await track(earlier, 'KF14FAL', '150000');
    await signUpHere(earlier, email);
    // An account they have: proven where they made it (proof elsewhere first would keep nothing typed there, ADR 031).
    await openLatestLink(earlier, email);

    const visitor = newSeller(workers);
    expect(await track(visitor, 'KE19FTA', '65000')).toBe('/car-value-tracker/sign-in');
    const signedIn = await signInByLink(workers, visitor, email, '/car-value-tracker/KE19FTA');
    expect(signedIn.headers.get('location')).toBe('/car-value-tracker/KE19FTA');
    expect((await page(visitor, '/car-value-tracker/KE19FTA')).text).toContain('Ford Fiesta');
    const list = (await page(visitor, '/car-value-tracker')).text;
    expect(list).toContain('KE19 FTA');
    expect(list).toContain('KF14 FAL');
    expect(list).toContain('You are tracking 2 of up to 10 cars.');
  });

  it('switches the chart between 3M, 6M, 1Y, 2Y and ALL with plain links', async () => {
    const seller = newSeller(workers);
    await track(seller, 'KD15DSL', '190000');
    await signUpHere(seller, uniqueEmail('ranges'));
    const html = await (await seller.get('/car-value-tracker/KD15DSL')).text();
    for (const range of ['3M', '6M', '1Y', '2Y', 'ALL']) expect(html).toContain(`href="/car-value-tracker/KD15DSL?range=${range}"`);
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/car-value-tracker\/KD15DSL\?range=2Y"|href="\/car-value-tracker\/KD15DSL\?range=2Y"[^>]*aria-current="page"/,
    );
    const rows = async (range: string) =>
      ((await (await seller.get(`/car-value-tracker/KD15DSL?range=${range}`)).text()).match(/<th scope="row">/g) ?? []).length;
    // The latest month and the months before it; ALL is the five years derived when it was added.
    expect(await rows('3M')).toBe(4);
    expect(await rows('6M')).toBe(7);
    expect(await rows('1Y')).toBe(13);
    expect(await rows('2Y')).toBe(25);
    expect(await rows('ALL')).toBe(61);
    expect(await (await seller.get('/car-value-tracker/KD15DSL?range=1Y')).text()).toContain('<svg class="tracker-chart"');
  });
});

describe('the tracker’s sign-up', () => {
  const signUpForm = (html: string) => /<form[^>]*id="tracker-sign-up"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';

  it('asks only for a name and an e-mail address, in words about the car’s value, not a sale', async () => {
    const visitor = newSeller(workers);
    await track(visitor, 'KE19FTA', '65000');
    const html = await (await visitor.get('/car-value-tracker/sign-in')).text();
    const form = signUpForm(html);
    expect(form).toContain('<label for="tracker-sign-up-name">Full name</label>');
    expect(form).toContain('<label for="tracker-sign-up-email">Email address</label>');
    expect(form).toContain('Email me when its value changes');
    expect(form).toMatch(/<button[^>]*>Create my account<\/button>/);
    const text = mainText(html);
    for (const saleWord of ['Mobile number', 'Postcode', 'dealers bid', 'collect', 'See valuation', 'your sale'])
      expect(text).not.toContain(saleWord);
    expect(form).not.toMatch(/name="(phone|postcode)"/);
  });

  it('makes an account without a mobile or postcode, and the car becomes its own', async () => {
    const visitor = newSeller(workers);
    await track(visitor, 'KE19FTA', '65000');
    const email = uniqueEmail('no-mobile');
    expect(await signUpHere(visitor, email, false)).toBe('/car-value-tracker/KE19FTA');
    const row = await workers.db
      .prepare('SELECT first_name, last_name, phone, postcode, email_crm_tier FROM users WHERE email = ?1')
      .bind(email)
      .first();
    expect(row).toEqual({ first_name: 'Sarah', last_name: 'Kennedy', phone: '', postcode: '', email_crm_tier: 'service' });
    expect((await page(visitor, '/car-value-tracker/KE19FTA')).text).toContain('Ford Fiesta');
  });

  it('keeps what was typed and says what is wrong, on the same page', async () => {
    const visitor = newSeller(workers);
    await track(visitor, 'KE19FTA', '65000');
    const response = await visitor.post('/car-value-tracker/sign-in', { name: 'Sarah', email: 'sarah@example', marketingConsent: 'on' });
    expect(response.status).toBe(400);
    const form = signUpForm(await response.text());
    expect(form).toMatch(/id="tracker-sign-up-name"[^>]*value="Sarah"/);
    expect(form).toMatch(/id="tracker-sign-up-email"[^>]*value="sarah@example"/);
    expect(form).toContain('Enter your full name');
    expect(form).toContain('Enter a valid email address');
    expect(form).toMatch(/id="tracker-sign-up-marketingConsent"[^>]*checked=""/);
    expect(await workers.db.prepare('SELECT id FROM users WHERE email = ?1').bind('sarah@example').first()).toBeNull();
  });

  it('e-mails a sign-in link to an address that already has an account, and says only that a link has gone', async () => {
    const email = uniqueEmail('tracker-again');
    const first = newSeller(workers);
    await track(first, 'KF14FAL', '150000');
    await signUpHere(first, email);

    const visitor = newSeller(workers);
    await track(visitor, 'KE19FTA', '65000');
    expect(await signUpHere(visitor, email)).toBe('/sign-in?sent&redirectTo=%2Fcar-value-tracker%2FKE19FTA');
    expect((await latestEmail(workers, email))?.link).toContain('/auth/verify?token=');
  });

  it('holds every sign-up but the tracker’s to the sale’s rules on the platform', async () => {
    const signUp = (body: Record<string, unknown>) =>
      workers.platform('/platform/api/authn/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-ip': '198.51.100.7' },
        body: JSON.stringify({
          name: 'Rosalind Hart',
          email: uniqueEmail('rules'),
          marketingConsent: false,
          linkBase: 'http://localhost',
          ...body,
        }),
      });
    for (const purpose of [undefined, 'sale', 'anything']) {
      const refused = await signUp({ purpose });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({
        phone: "Please check you've entered your phone number correctly",
        postcode: 'Enter a valid UK postcode',
      });
    }
    expect((await signUp({ purpose: 'tracker' })).status).toBe(201);
  });
});

describe('the tracker’s errors', () => {
  it('shows the not-found panel for a reg the register does not have, keeping the reg', async () => {
    const seller = newSeller(workers);
    expect(await (await seller.get('/car-value-tracker')).text()).toMatch(
      /<form method="post" action="\/car-value-tracker" id="tracker-lookup"[^>]*>(?:(?!<\/form>)[\s\S])*<button[^>]*>Track my car<\/button><\/form>/,
    );
    await seller.post('/car-value-tracker', { vrm: 'ER19NFD' });
    const { text } = await page(seller, '/car-value-tracker');
    expect(text).toContain('Did we get the reg right?');
    expect(text).toContain('Check again');
    const html = await (await seller.get('/car-value-tracker')).text();
    expect(html).toContain('value="ER19 NFD"');
    // The reg is kept in the tracker's own form, whose button now says to check again.
    expect(html).toMatch(
      /<form method="post" action="\/car-value-tracker" id="tracker-lookup"[^>]*>(?:(?!<\/form>)[\s\S])*<label for="tracker-lookup-vrm">Enter your reg<\/label>(?:(?!<\/form>)[\s\S])*name="vrm"[^>]*value="ER19 NFD"(?:(?!<\/form>)[\s\S])*<button[^>]*>Check again<\/button><\/form>/,
    );
  });

  it('uses the hero’s texts for an invalid reg and for a failing register', async () => {
    const seller = newSeller(workers);
    const bad = await seller.post('/car-value-tracker', { vrm: 'not a reg!' });
    expect(bad.status).toBe(400);
    expect(mainText(await bad.text())).toContain('Enter a valid UK vehicle registration');
    await seller.post('/car-value-tracker', { vrm: 'AB99CDE' });
    expect((await page(seller, '/car-value-tracker')).text).toContain('AB99 CDE is a not a valid reg');
    await seller.post('/car-value-tracker', { vrm: 'ER19MNT' });
    expect((await page(seller, '/car-value-tracker')).text).toContain('Vehicle details unavailable');
  });

  it('shows vehicle_pricing_failed on the mileage step, with the mileage kept', async () => {
    const seller = newSeller(workers);
    expect(await track(seller, 'ER19PRC', '152000')).toBe('/car-value-tracker/mileage');
    const html = await (await seller.get('/car-value-tracker/mileage')).text();
    expect(mainText(html)).toContain('Unable to add the vehicle');
    expect(mainText(html)).toContain('We could not work out a value for this vehicle');
    expect(html).toContain('value="152,000"');
  });

  it('shows vehicle_pricing_failed for a mileage sent with "See my valuation" too', async () => {
    const seller = newSeller(workers);
    expect((await seller.post('/car-value-tracker', { vrm: 'ER19PRC' })).headers.get('location')).toBe('/car-value-tracker/mileage');
    const step = await (await seller.get('/car-value-tracker/mileage')).text();
    expect(step).toMatch(
      /<form method="post" action="\/car-value-tracker\/mileage" id="mileage"[^>]*>(?:(?!<\/form>)[\s\S])*<button[^>]*name="intent" value="submit">See my valuation<\/button><\/form>/,
    );
    const posted = await seller.post('/car-value-tracker/mileage', { mileage: '62000', intent: 'submit' });
    expect(posted.headers.get('location')).toBe('/car-value-tracker/mileage');
    const html = await (await seller.follow(posted)).text();
    expect(html).toMatch(/<h2[^>]*>Unable to add the vehicle<\/h2>/);
    expect(html).toMatch(/<input[^>]*id="mileage-mileage"[^>]*name="mileage"[^>]*value="62,000"/);
  });

  it('sends a visitor who opens a tracked car’s page to sign in first', async () => {
    const visitor = newSeller(workers);
    const { location } = await page(visitor, '/car-value-tracker/KE19FTA');
    expect(location).toBe('/car-value-tracker/sign-in?redirectTo=%2Fcar-value-tracker%2FKE19FTA');
    const html = await (await visitor.get(location!)).text();
    expect(html).toMatch(/<h2[^>]*>Already have an account\?<\/h2>/);
  });

  it('tells a seller they have already added a car, with a link to its value', async () => {
    const seller = newSeller(workers);
    await track(seller, 'KH68HYB', '130000');
    await signUpHere(seller, uniqueEmail('twice'));
    await seller.post('/car-value-tracker', { vrm: 'KH68HYB' });
    const html = await (await seller.get('/car-value-tracker')).text();
    expect(mainText(html)).toContain('You have already added this vehicle');
    expect(html).toContain('href="/car-value-tracker/KH68HYB"');
  });

  it('lets a visitor start 3 cars before signing in, and a signed-in seller keep 10', async () => {
    const visitor = newSeller(workers);
    for (const vrm of ['KE19FTA', 'KD15DSL', 'KH68HYB']) expect(await track(visitor, vrm, '200000')).toBe('/car-value-tracker/sign-in');
    await visitor.post('/car-value-tracker', { vrm: 'KT70EVS' });
    expect((await page(visitor, '/car-value-tracker')).text).toContain('You can start tracking 3 vehicles before you sign in');

    const email = uniqueEmail('ten');
    await signUpHere(visitor, email);
    // The three became the account's; fill it up to ten behind the scenes.
    const id = await userIdOf(email);
    for (const vrm of ['KV21VAN', 'KM17MCY', 'KC16CLK', 'KF14FAL', 'KK18KMS', 'A123BCD', 'ABC123D']) {
      await workers.db
        .prepare("INSERT INTO trackers (owner_key, vrm, miles_per_month, created_at) VALUES (?1, ?2, 500, '2026-01-01T00:00:00Z')")
        .bind(`customer:${id}`, vrm)
        .run();
    }
    await visitor.post('/car-value-tracker', { vrm: 'KT70EVS' });
    expect((await page(visitor, '/car-value-tracker')).text).toContain('You are tracking 10 vehicles, the most one account can');
  });
});

describe('the platform’s trackers', () => {
  it('lists a seller’s trackers, carries them on their account vehicles, and prefills the valuation’s mileage from the latest', async () => {
    const seller = newSeller(workers);
    await track(seller, 'KC16CLK', '188123');
    const email = uniqueEmail('prefill');
    await signUpHere(seller, email);

    // The hero's lookup for the same car: the mileage step offers the tracker's mileage.
    expect((await seller.post('/?index', { vrm: 'KC16CLK' })).headers.get('location')).toBe('/mileage');
    expect(await (await seller.get('/mileage')).text()).toContain('value="188,123"');
    const account = await page(seller, '/account');
    expect(account.text).toContain('Its value over time');
  });

  it('answers the list only to a signed-in seller', async () => {
    const response = await workers.platform('/platform/v3/trackers/list', { headers: { 'x-requester-id': 'someone' } });
    expect(response.status).toBe(401);
  });

  it('stops tracking a car when the seller asks', async () => {
    const seller = newSeller(workers);
    await track(seller, 'KK18KMS', '170000');
    await signUpHere(seller, uniqueEmail('stop'));
    const removed = await seller.post('/car-value-tracker/KK18KMS', { intent: 'remove' });
    expect(removed.headers.get('location')).toBe('/car-value-tracker');
    const after = await page(seller, '/car-value-tracker/KK18KMS');
    expect(after.status).toBe(404);
    expect(after.text).toContain('You are not tracking KK18 KMS');
  });
});

describe('a failing platform', () => {
  it('gives the car’s page a clear message and a way to try again, not the error page', async () => {
    const seller = newSeller(workers);
    await track(seller, 'KM17MCY', '60000');
    await signUpHere(seller, uniqueEmail('down'));
    await workers.db.prepare('ALTER TABLE tracker_valuations RENAME TO tracker_valuations_away').run();
    try {
      const response = await seller.get('/car-value-tracker/KM17MCY?range=1Y');
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(mainText(html)).toContain('Sorry, we couldn’t load this page');
      expect(html).toContain('href="/car-value-tracker/KM17MCY?range=1Y"');
    } finally {
      await workers.db.prepare('ALTER TABLE tracker_valuations_away RENAME TO tracker_valuations').run();
    }
    expect((await seller.get('/car-value-tracker/KM17MCY')).status).toBe(200);
  });
});

describe('the monthly revaluation', () => {
  /** 06:00 UTC on the first of next month, by the product's clock. */
  const nextMonth = async () => {
    const now = await workers.clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6));
  };

  it('values each tracked car for the new month and e-mails a seller who takes e-mails when the value changed', async () => {
    // Tracked in the middle of a month, so that the first of the next is weeks away, whatever day
    // the suite runs on (late on the 31st the value would not have moved by the morning).
    const now = await workers.clock.now();
    await workers.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15, 10)));
    const seller = newSeller(workers);
    await track(seller, 'KV21VAN', '160000');
    const email = uniqueEmail('monthly');
    await signUpHere(seller, email, true);
    const quiet = newSeller(workers);
    await track(quiet, 'KV21VAN', '160000');
    const quietEmail = uniqueEmail('quiet');
    await signUpHere(quiet, quietEmail, false);

    // The platform's own scheduled handler, as the Cron Trigger runs it on the first of next month.
    const firstOfNextMonth = await nextMonth();
    await workers.runScheduled(firstOfNextMonth, '0 6 * * *');

    const mail = await latestEmail(workers, email);
    expect(mail!.subject).toMatch(/^Your Ford Transit Custom is now worth about £\d{1,2},\d{3}$/);
    expect(mail!.body).toMatch(/less than last time \(£\d{1,2},\d{3}\)/);
    expect(mail!.body).toContain('/car-value-tracker/KV21VAN');
    expect(mail!.body).toMatch(/\/unsubscribe\?code=/);
    // A seller who said no to news and offers by e-mail gets no value e-mail (only their sign-in ones).
    expect((await latestEmail(workers, quietEmail))!.subject).toBe('Confirm your e-mail address for Kerbside');

    const month = firstOfNextMonth.toISOString().slice(0, 7);
    // Over two weeks unused, the session has ended (docs/sign-in-limits.md): the seller signs in again.
    await signInByLink(workers, seller, email);
    const list = (await page(seller, '/car-value-tracker/KV21VAN?range=3M')).text;
    expect(list).toContain(
      new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    );

    // Running again in the same month changes nothing and sends nothing.
    const again = await workers.platform('/platform/dev/trackers/revalue', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: firstOfNextMonth.toISOString() }),
    });
    expect(((await again.json()) as { revalued: number }).revalued).toBe(0);
  });

  it('carries the tracker on the account’s vehicles (GET /platform/user?include=tracker) and in the list', async () => {
    const seller = newSeller(workers);
    await track(seller, 'KT70EVS', '125000');
    await signUpHere(seller, uniqueEmail('user'));
    // A tracked car joins the account's vehicles when the seller looks it up to sell it.
    expect((await seller.post('/?index', { vrm: 'KT70EVS' })).headers.get('location')).toBe('/mileage');
    const { auth } = await sessionData(seller);
    const headers = { 'x-mway-authorization': auth.idToken as string };
    const user = (await (await workers.platform('/platform/user?include=tracker', { headers })).json()) as User;
    const tracker = user.vehicles!.find((v) => v.vrm === 'KT70EVS')!.userVehicleTracker!;
    expect(tracker.trackerValuations.at(-1)).toMatchObject({ mileage: 125000, source: 'entered' });
    const list = (await (await workers.platform('/platform/v3/trackers/list', { headers })).json()) as TrackerListResponse;
    expect(list.limit).toBe(10);
    expect(list.trackers.map((t) => t.vrm)).toEqual(['KT70EVS']);
    expect(list.trackers[0]!.trackerValuations).toEqual(tracker.trackerValuations);
  });
});

describe('the tracker’s rate limit', () => {
  let limited: Workers;
  beforeAll(async () => {
    limited = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0', LOOKUP_RATE_LIMIT: '2' } });
  });
  afterAll(() => limited?.dispose());

  it('answers too_many_requests past the lookup’s budget a minute, shown with the hero’s panel', async () => {
    const seller = newSeller(limited);
    await seller.post('/car-value-tracker', { vrm: 'KE19FTA' });
    await seller.post('/car-value-tracker', { vrm: 'KD15DSL' });
    await seller.post('/car-value-tracker', { vrm: 'KH68HYB' });
    const text = mainText(await (await seller.get('/car-value-tracker')).text());
    expect(text).toContain('Too many requests');
    expect(text).toContain('We have detected you are making a lot of requests to Kerbside');
  });
});
