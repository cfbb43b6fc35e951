import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainText, textOf, Browser } from './support/browser';
import {
  enterMobileCode,
  latestEmail,
  newSeller,
  SELLER,
  sessionData,
  signInByLink,
  signUp,
  uniqueEmail,
  valueCar,
} from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0', CUSTOMER_VEHICLE_LIMIT: '3' } });
});
afterAll(() => workers?.dispose());

const main = mainText;
const header = (html: string) => textOf(html.slice(html.indexOf('<header'), html.indexOf('</header>')));
/** The account page's list item for one vehicle, and its 'Add a vehicle' section. */
const vehicleRow = (html: string, reg: string) => {
  const item = html.split('<li').find((li) => li.includes(reg)) ?? '';
  return item.slice(0, item.indexOf('</li>'));
};
const addSection = (html: string) => html.slice(html.indexOf('id="add-title"'), html.indexOf('</section>', html.indexOf('id="add-title"')));
const vehiclesSection = (html: string) =>
  html.slice(html.indexOf('id="vehicles-title"'), html.indexOf('</section>', html.indexOf('id="vehicles-title"')));

describe('signing up from the vehicle page', () => {
  it('asks for an account to see the full valuation, then shows it to the signed-in seller', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    const before = main(await (await seller.get('/KE19FTA')).text());
    expect(before).toContain('See your full valuation');
    expect(before).toContain('By clicking See valuation you agree to the Kerbside terms');

    const email = uniqueEmail('sarah');
    const response = await signUp(seller, email);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/KE19FTA');
    const html = await (await seller.follow(response)).text();
    expect(main(html)).toMatch(/Your instant valuation £\d{1,2},\d{3} Based on 65,000 miles/);
    expect(main(html)).toContain('What dealers are likely to offer');
    // One range on the page, the valuation's own, and no figure that is not data (a dealer count was a hash).
    const ranges = main(html).match(/£\d{1,2},\d{3} – £\d{1,2},\d{3}/g) ?? [];
    expect(ranges).toHaveLength(1);
    const enquiry = (await (
      await workers.platform(`/platform/premium-v3/enquiries/current?vrm=KE19FTA`, {
        headers: { 'x-mway-authorization': (await sessionData(seller)).auth.idToken },
      })
    ).json()) as {
      enquiry: { id: number };
    };
    const offer = (await (
      await workers.platform(`/platform/premium-offer?valuation_ref=${enquiry.enquiry.id}&vrm=KE19FTA`, {
        headers: { 'x-mway-authorization': (await sessionData(seller)).auth.idToken },
      })
    ).json()) as { offerLow: number; offerHigh: number };
    expect(ranges[0]).toBe(`£${offer.offerLow.toLocaleString('en-GB')} – £${offer.offerHigh.toLocaleString('en-GB')}`);
    expect(main(html)).not.toMatch(/dealers bought a car like this/);
    expect(header(html)).toContain('SK');
    expect(header(html)).toContain('Sarah');
    expect(header(html)).not.toContain('Sign in');
  });

  it('keeps every gateway token out of the page: they live only in the HttpOnly cookie', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('tokens'));
    const { auth } = await sessionData(seller);
    expect(auth.idToken).toMatch(/^ey/);
    for (const path of ['/KE19FTA', '/account', '/account/details', '/mileage']) {
      const body = await (await seller.get(path)).text();
      for (const token of [auth.idToken, auth.refreshToken, auth.authToken]) expect(body, path).not.toContain(token);
    }
  });

  it.each([
    ['name', 'Sarah', 'Enter your full name'],
    ['email', 'sarah@nowhere', 'Enter a valid email address'],
    ['phone', '07400/123456', "Please check you've entered your phone number correctly"],
    ['phone', '020 7946 0000', "Please check you've entered your phone number correctly"],
    ['phone', '07911 123456', "Please check you've entered your phone number correctly"],
    ['postcode', 'XX1', 'Enter a valid UK postcode'],
  ])('refuses a %s of %j with the spec message and keeps what was typed', async (field, value, message) => {
    const seller = newSeller(workers);
    await valueCar(seller);
    const response = await signUp(seller, uniqueEmail('bad'), 'KE19FTA', { [field]: value });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(main(html)).toContain(message);
    expect(html).toContain(`value="${value}"`);
  });

  it('never says an address has an account: its owner is e-mailed a sign-in link instead', async () => {
    const email = uniqueEmail('twice');
    const first = newSeller(workers);
    await valueCar(first);
    await signUp(first, email);
    const second = newSeller(workers);
    await valueCar(second);
    const response = await signUp(second, email);
    expect(response.headers.get('location')).toBe('/sign-in?sent&redirectTo=%2FKE19FTA');
    const page = main(await (await second.follow(response)).text());
    expect(page).toContain(`If ${email} has a Kerbside account, the sign-in link is there.`);
    expect(page).not.toMatch(/already/i);
    expect((await sessionData(second)).auth).toBeUndefined();
    const mail = await latestEmail(workers, email);
    expect(mail!.subject).toBe('Your Kerbside sign-in link');
    expect(mail!.body).toContain('You already have an account, so nothing new was made.');
    // A new address gets exactly the page a sign-in shows for it: the same words either way.
    const fresh = newSeller(workers);
    const asked = await fresh.post('/sign-in', { email: uniqueEmail('nobody') });
    expect(main(await (await fresh.follow(asked)).text()).replace(/\S+@example\.co\.uk/, 'X')).toBe(page.replace(email, 'X'));
  });
});

describe('signing out', () => {
  it('is a POST; a GET changes nothing', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('out'));
    expect((await seller.get('/sign-out')).headers.get('location')).toBe('/');
    expect((await sessionData(seller)).auth).toBeDefined();
    const { auth } = await sessionData(seller);
    const response = await seller.post('/sign-out', {});
    expect(response.headers.get('location')).toBe('/');
    expect((await sessionData(seller)).auth).toBeUndefined();
    expect(header(await (await seller.get('/')).text())).toContain('Sign in');
    // The platform revoked the session: its tokens no longer work.
    const refresh = await workers.platform('/platform/api/authn/refreshtoken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: auth.refreshToken }),
    });
    expect(refresh.status).toBe(401);
  });

  it('?logout=broadcast signs this tab out and leaves the URL', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('broadcast'));
    const response = await seller.get('/reviews?logout=broadcast&page=2');
    expect(response.headers.get('location')).toBe('/reviews?page=2');
    expect((await sessionData(seller)).auth).toBeUndefined();
  });
});

describe('signing in by e-mail link', () => {
  async function account() {
    const seller = newSeller(workers);
    const email = uniqueEmail('link');
    await valueCar(seller);
    await signUp(seller, email);
    await seller.post('/sign-out', {});
    return { seller, email };
  }

  it('sends a link, and the link signs the seller in and returns them where they were', async () => {
    const { seller, email } = await account();
    const needsSignIn = await seller.get('/account/details');
    expect(needsSignIn.headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount%2Fdetails');
    const sent = await seller.post('/sign-in', { email, redirectTo: '/account/details' });
    expect(sent.headers.get('location')).toBe('/sign-in?sent');
    expect(main(await (await seller.follow(sent)).text())).toContain(`If ${email} has a Kerbside account, the sign-in link is there.`);

    const mail = await latestEmail(workers, email);
    expect(mail!.subject).toBe('Your Kerbside sign-in link');
    const link = new URL(mail!.link!);
    expect(link.pathname).toBe('/auth/verify');
    // Opening the link signs nobody in by itself (mail scanners open links too).
    expect((await seller.get(link.pathname + link.search)).status).toBe(200);
    expect((await sessionData(seller)).auth).toBeUndefined();
    const signedIn = await seller.post(link.pathname + link.search, { token: link.searchParams.get('token')! });
    expect(signedIn.headers.get('location')).toBe('/account/details');
    expect((await sessionData(seller)).auth.email).toBe(email);
  });

  it('starts a new session: the requester id changes', async () => {
    const { seller, email } = await account();
    const before = (await sessionData(seller)).requesterId;
    await signInByLink(workers, seller, email);
    expect((await sessionData(seller)).requesterId).not.toBe(before);
  });

  it('sends a used link to /token-expired, and an expired one too', async () => {
    const { seller, email } = await account();
    await signInByLink(workers, seller, email);
    const link = new URL((await latestEmail(workers, email))!.link!);
    const again = await seller.post(link.pathname + link.search, { token: link.searchParams.get('token')! });
    expect(again.headers.get('location')).toBe('/token-expired');

    await seller.post('/sign-in', { email, redirectTo: '/account' });
    await workers.db.prepare("UPDATE sign_in_links SET expires_at = '2020-01-01T00:00:00.000Z' WHERE used_at IS NULL").run();
    const stale = new URL((await latestEmail(workers, email))!.link!);
    const expired = await seller.post(stale.pathname + stale.search, { token: stale.searchParams.get('token')! });
    expect(expired.headers.get('location')).toBe('/token-expired');
    const page = main(await (await seller.follow(expired)).text());
    expect(page).toContain('This sign-in link has expired');
    expect(page).toContain('Send me a new link');
  });

  it('answers an address with no account as it answers one with, and e-mails nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const response = await newSeller(workers).post('/sign-in', { email: nobody });
    expect(response.headers.get('location')).toBe('/sign-in?sent');
    expect(await latestEmail(workers, nobody)).toBeUndefined();
  });

  it('sends a visitor who opens the account to sign in first', async () => {
    const visitor = newSeller(workers);
    const account = await visitor.get('/account');
    expect(account.status).toBe(302);
    expect(account.headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount');
    const html = await (await visitor.follow(account)).text();
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    // The form sends the address typed and where to go afterwards.
    const form =
      /<form method="post" action="([^"]+)"[^>]*><input type="hidden" name="redirectTo" value="\/account"\/><div class="field"><label for="sign-in-email">Email address<\/label><input[^>]*name="email"[^>]*\/><\/div><button[^>]*>Email me a sign-in link<\/button><\/form>/.exec(
        html,
      );
    expect(form?.[1]).toBe('/sign-in?redirectTo=%2Faccount');
    const response = await visitor.post(form![1]!, { redirectTo: '/account', email: uniqueEmail('nobody') });
    expect(response.headers.get('location')).toBe('/sign-in?sent');
  });

  it('counts sign-in requests per network address across sessions: a script that drops its cookies is a robot at 31', async () => {
    const { email } = await account();
    const ip = '198.51.100.78';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await new Browser(workers.fetch, { ip }).post('/sign-in', { email: uniqueEmail('script') })).status);
    expect(statuses.slice(0, 30).every((status) => status === 302)).toBe(true);
    const robot = await new Browser(workers.fetch, { ip }).post('/sign-in', { email: uniqueEmail('script') });
    expect(robot.status).toBe(429);
    expect(main(await robot.text())).toContain('It looks like you are a robot');
    // A seller on another network is not held up by it.
    expect((await new Browser(workers.fetch, { ip: '198.51.100.79' }).post('/sign-in', { email })).headers.get('location')).toBe(
      '/sign-in?sent',
    );
    expect((await latestEmail(workers, email))!.subject).toBe('Your Kerbside sign-in link');
  }, 60_000);

  it('counts sign-ups per network address across sessions', async () => {
    const ip = '198.51.100.80';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const browser = new Browser(workers.fetch, { ip });
      await valueCar(browser);
      statuses.push((await browser.post('/KE19FTA?index', { ...SELLER, email: uniqueEmail('mass') })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(statuses[10]).toBe(429);
  }, 60_000);

  it('limits links per address', async () => {
    const { email } = await account();
    const seller = newSeller(workers);
    for (let i = 0; i < 5; i++) expect((await seller.post('/sign-in', { email })).status).toBe(302);
    expect(main(await (await seller.post('/sign-in', { email })).text())).toContain('It looks like you are a robot');
  });

  it('only redirects to local paths afterwards', async () => {
    const { seller, email } = await account();
    const signedIn = await signInByLink(workers, seller, email, 'https://evil.example/steal');
    expect(signedIn.headers.get('location')).toBe('/account');
  });
});

describe('the account area', () => {
  async function signedInSeller() {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('account'));
    return seller;
  }

  it('lists the vehicles, newest enquiry first', async () => {
    const seller = await signedInSeller();
    await valueCar(seller, 'KD15DSL', '130000');
    const html = await (await seller.get('/account')).text();
    const text = main(html);
    expect(text.indexOf('KD15 DSL')).toBeGreaterThan(-1);
    expect(text.indexOf('KD15 DSL')).toBeLessThan(text.indexOf('KE19 FTA'));
    expect(text).toContain('Valued at 130,000 miles');
  });

  it('adds and removes vehicles, within the limit and without duplicates', async () => {
    const seller = await signedInSeller();
    expect((await seller.post('/account?index', { intent: 'add', vrm: 'KT70EVS' })).headers.get('location')).toBe('/account');
    const again = await seller.post('/account?index', { intent: 'add', vrm: 'kt70 evs' });
    expect(main(await again.text())).toContain('You have already added this vehicle');
    await seller.post('/account?index', { intent: 'add', vrm: 'KH68HYB' });
    const over = await seller.post('/account?index', { intent: 'add', vrm: 'KV21VAN' });
    const overText = main(await over.text());
    expect(overText).toContain('Vehicle account limit reached');
    expect(overText).toContain('You have reached the maximum number of vehicles in your account. Remove one to add this vehicle.');

    const list = await (await seller.get('/account')).text();
    const item = list.split('<li').find((li) => li.includes('KT70 EVS'))!;
    const id = /name="vehicleId" value="(\d+)"/.exec(item)?.[1];
    expect(id).toBeTruthy();
    await seller.post('/account?index', { intent: 'remove', vehicleId: id! });
    expect(main(await (await seller.get('/account')).text())).not.toContain('KT70 EVS');
  });

  it("answers the removal of a vehicle already gone (another tab) above the list, not under 'Add a vehicle'", async () => {
    const seller = await signedInSeller();
    const id = /name="vehicleId" value="(\d+)"/.exec(await (await seller.get('/account')).text())![1]!;
    expect((await seller.post('/account?index', { intent: 'remove', vehicleId: id })).headers.get('location')).toBe('/account');
    const again = await seller.post('/account?index', { intent: 'remove', vehicleId: id });
    const html = await again.text();
    expect(again.status).toBe(404);
    expect(textOf(vehiclesSection(html))).toContain('Sorry, something went wrong. Please try again.');
    expect(addSection(html)).not.toMatch(/role="alert"/);
  });

  it('gives "Vehicle account limit reached" to a signed-in lookup over the limit', async () => {
    const seller = await signedInSeller();
    await seller.post('/account?index', { intent: 'add', vrm: 'KT70EVS' });
    await seller.post('/account?index', { intent: 'add', vrm: 'KH68HYB' });
    const response = await seller.post('/?index', { vrm: 'KV21VAN' });
    expect(response.headers.get('location')).toBe('/');
    const text = main(await (await seller.follow(response)).text());
    expect(text).toContain('Vehicle account limit reached');
    expect(text).toContain('Manage vehicles');
  });

  it('updates the details, and refuses a bad phone number keeping what was typed', async () => {
    const seller = await signedInSeller();
    const saved = await seller.post('/account/details', { name: 'Sarah Jane Kennedy', phone: '+44 7400 654321', postcode: 'm1 1ae' });
    // A new mobile is the account's once the code texted to it is entered (docs/decisions/031).
    expect(saved.headers.get('location')).toBe('/account/mobile?next=%2Faccount%2Fdetails%3Fsaved');
    const confirmed = await enterMobileCode(seller, '07400 654321', saved.headers.get('location')!);
    expect(confirmed.headers.get('location')).toBe('/account/details?saved');
    const html = await (await seller.follow(confirmed)).text();
    expect(html).toContain('value="Sarah Jane Kennedy"');
    expect(html).toContain('value="07400 654321"');
    expect(html).toContain('value="M1 1AE"');
    const bad = await seller.post('/account/details', { name: 'Sarah Kennedy', phone: '020 7946 0000', postcode: 'M1 1AE' });
    expect(main(await bad.text())).toContain("Please check you've entered your phone number correctly");
  });

  it('updates the contact preferences', async () => {
    const seller = await signedInSeller();
    expect((await seller.post('/account/preferences', { marketing: 'on' })).headers.get('location')).toBe('/account/preferences?saved');
    expect(await (await seller.get('/account/preferences')).text()).toMatch(/name="marketing" checked=""/);
  });
});

describe('when the platform fails to save', () => {
  // A trigger makes the platform's write fail for real, as a database outage would.
  async function failingUserWrites<T>(run: () => Promise<T>): Promise<T> {
    await workers.db
      .prepare("CREATE TRIGGER fail_user_writes BEFORE UPDATE ON users BEGIN SELECT RAISE(ABORT, 'simulated outage'); END")
      .run();
    try {
      return await run();
    } finally {
      await workers.db.prepare('DROP TRIGGER fail_user_writes').run();
    }
  }

  it('says "Couldn\'t update contact info" and keeps what was typed', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('outage'));
    const response = await failingUserWrites(() =>
      seller.post('/account/details', { name: 'Sarah Jane Kennedy', phone: '07400 654321', postcode: 'M1 1AE' }),
    );
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(main(html)).toContain("Couldn't update contact info");
    expect(html).toContain('value="Sarah Jane Kennedy"');
  });

  it("shows a failed removal by the vehicle it was for, not under 'Add a vehicle'", async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('outage'));
    await valueCar(seller, 'KD15DSL', '130000');
    const id = /name="vehicleId" value="(\d+)"/.exec(vehicleRow(await (await seller.get('/account')).text(), 'KE19 FTA'))![1]!;
    await workers.db
      .prepare("CREATE TRIGGER fail_vehicle_removals BEFORE DELETE ON customer_vehicles BEGIN SELECT RAISE(ABORT, 'simulated outage'); END")
      .run();
    let response: Response;
    try {
      response = await seller.post('/account?index', { intent: 'remove', vehicleId: id });
    } finally {
      await workers.db.prepare('DROP TRIGGER fail_vehicle_removals').run();
    }
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(vehicleRow(html, 'KE19 FTA')).toMatch(/role="alert"[^>]*>Sorry, something went wrong\. Please try again\.</);
    expect(vehicleRow(html, 'KD15 DSL')).not.toMatch(/role="alert"/);
    expect(addSection(html)).not.toMatch(/role="alert"/);
  });

  it('gives the contact preferences failure text', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('outage'));
    const response = await failingUserWrites(() => seller.post('/account/preferences', { marketing: 'on' }));
    expect(main(await response.text())).toContain(
      'Sorry, we could not update your contact preferences at this time. Please refresh the page and try again.',
    );
  });
});

describe('URLs', () => {
  it('lose credential parameters by a redirect, except under the auth prefix', async () => {
    const seller = newSeller(workers);
    const response = await seller.get('/reviews?token=abc&username=x&page=2');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/reviews?page=2');
    // Under the auth prefix the token stays for the page to read (this one is no good, so it says so).
    expect((await seller.get('/auth/verify?token=abc')).headers.get('location')).toBe('/token-expired');
  });

  it('hide the development mailbox unless it is switched on', async () => {
    expect((await newSeller(workers).get('/dev/mailbox')).status).toBe(404);
  });
});
