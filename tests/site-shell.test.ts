import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAnalyticsEvent } from '../contract/shell';
import { Browser, mainText, parseSetCookie, textOf } from './support/browser';
import { newSeller, sessionData, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';
import { NEW_SESSION_GAP_MS } from '../app/lib/campaign';

/**
 * The site shell as a visitor without JavaScript meets it: header and footer, route flags, the
 * cookie choice and what it allows, the sticky banner, the home page's blocks, and the endpoints
 * the shell calls.
 */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({
    appVars: {
      FEATURE_FLAGS: '{"devMailbox":true,"hideSupportWidget":false}',
      YOUTUBE_EMBED_URL: 'https://www.youtube-nocookie.com/embed/test-video',
    },
  });
});
afterAll(() => workers?.dispose());

const visitor = () => new Browser(workers.fetch);
const section = (html: string, open: string, close: string) => html.slice(html.indexOf(open), html.indexOf(close, html.indexOf(open)));
const footer = (html: string) => section(html, '<footer', '</footer>');
const header = (html: string) => section(html, '<header', '</header>');

async function eventsWith(campaign: string): Promise<StoredAnalyticsEvent[]> {
  const { events } = (await (await workers.platform('/platform/dev/events')).json()) as { events: StoredAnalyticsEvent[] };
  return events.filter((event) => event.campaign?.utm_campaign === campaign);
}

describe('the header', () => {
  it('links to selling, how it works, help, every tool (the tax checker marked new) and the More pages', async () => {
    const html = header(await (await visitor().get('/')).text());
    for (const href of [
      '/sell-my-car',
      '/how-it-works',
      'https://help.kerbside.co.uk',
      '/car-value-tracker',
      '/mot-check',
      '/car-tax-check',
      '/ulez-checker',
      '/about',
      '/guides',
      '/stories',
      '/careers',
      'https://dealers.kerbside.co.uk',
    ]) {
      expect(html, href).toContain(`href="${href}"`);
    }
    expect(textOf(html)).toContain('Tax checker New');
    // Menus are disclosures: they open without JavaScript.
    expect(html.match(/<details class="menu"/g)?.length).toBe(2);
    expect(html).toContain('<details class="menu mobile-menu" data-menu="true">');
    expect(html).toContain('href="/sign-in"');
  });

  it('is translucent over the hero on / and /mileage only', async () => {
    expect(header(await (await visitor().get('/')).text())).toContain('class="site-header translucent"');
    expect(header(await (await visitor().get('/reviews')).text())).toContain('class="site-header"');
  });
});

describe('the footer and route flags', () => {
  it('on the home page leaves out the reviews and the lookup block, and keeps links, disclaimer and copyright', async () => {
    const html = footer(await (await visitor().get('/')).text());
    expect(html).not.toContain('footer-reviews');
    expect(html).not.toContain('footer-lookup');
    for (const href of ['/about', '/terms', '/privacy', '/cookies', '/sitemap', '/accessibility', '/sell-my-van'])
      expect(html).toContain(`href="${href}"`);
    expect(textOf(html)).toContain(`© ${(await workers.clock.now()).getUTCFullYear()} Kerbside`);
    expect(html).toContain('id="price-disclaimer"');
  });

  it("leads the strapline's '*' to the price disclaimer", async () => {
    const html = await (await visitor().get('/')).text();
    expect(html).toMatch(/best price<a href="#price-disclaimer"[^>]*>\*<\/a>/);
  });

  it('elsewhere shows the reviews (cut to the shell card) and the lookup block, and the brand page speaks of the make', async () => {
    const signIn = footer(await (await visitor().get('/sign-in')).text());
    // The seeded sample's figures (platform/seed/sample-reviews.sql); tests/honest-figures.test.ts changes them.
    expect(textOf(signIn)).toContain('Sellers rate Kerbside 4.2 out of 5');
    expect(textOf(signIn)).toContain('Read 10 reviews');
    expect(textOf(signIn)).toContain('Sold my Fiesta in two days');
    expect(textOf(signIn)).toContain('Find out what your car is worth');
    // The reviews page does not repeat its own reviews in the footer.
    expect(footer(await (await visitor().get('/reviews')).text())).not.toContain('footer-reviews');
    const brand = footer(await (await visitor().get('/sell-my-car/brands/ford')).text());
    expect(textOf(brand)).toContain('Ready to sell your Ford?');
  });

  it('hides the footer on the profile timeline', async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    await signUp(seller, uniqueEmail('profile'));
    const html = await (await seller.get('/KE19FTA/profile/timeline')).text();
    expect(mainText(html)).toContain('profile');
    // Hidden, with only the links the browser keeps for the next page (ADR 012): no lookup, reviews or disclaimer.
    expect(html).toContain('<footer class="site-footer" hidden="">');
    expect(footer(html)).not.toContain('footer-lookup');
    expect(footer(html)).not.toContain('footer-reviews');
    expect(footer(html)).not.toContain('price-disclaimer');
  });

  it('keeps pages of the journey out of search engines, and not the public ones', async () => {
    const browser = visitor();
    await browser.post('/?index', { vrm: 'KE19FTA' });
    expect(await (await browser.get('/mileage')).text()).toContain('<meta name="robots" content="noindex"/>');
    expect(await (await browser.get('/sign-in')).text()).toContain('<meta name="robots" content="noindex"/>');
    expect(await (await visitor().get('/')).text()).not.toContain('noindex');
    expect(await (await visitor().get('/reviews')).text()).not.toContain('noindex');
  });
});

describe('titles and error pages', () => {
  it('gives an unknown step under a registration the 404 page, without the vehicle header', async () => {
    const response = await visitor().get('/KE19FTA/no-such-step');
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain('<title>Page not found | Kerbside</title>');
    expect(mainText(html)).toContain('Page not found');
    expect(mainText(html)).not.toContain('Change car');
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Drive me home<\/a>/);
  });

  it('titles a vehicle page the platform could not read by the plate it knows', async () => {
    const response = await visitor().get('/ER19ERR');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('<title>ER19 ERR | Kerbside</title>');
  });

  it('answers /favicon.ico', async () => {
    const response = await visitor().get('/favicon.ico');
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0, 0, 1, 0]));
  });
});

describe('the cookie notice and consent', () => {
  it('asks until the seller chooses, and the choice comes back to the same page for 365 days', async () => {
    const browser = visitor();
    const first = await (await browser.get('/reviews')).text();
    expect(textOf(first)).toContain('Cookies on Kerbside');
    expect(first).toMatch(/<a[^>]+href="\/cookies"/);
    const response = await browser.post('/cookie-consent', { choice: 'reject', returnTo: '/reviews?page=2' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/reviews?page=2');
    const cookie = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === 'kerbside_consent')!;
    expect(cookie.value).toBe('denied');
    expect(cookie.attributes).toEqual(expect.arrayContaining(['Path=/', 'Max-Age=31536000', 'HttpOnly', 'Secure', 'SameSite=Lax']));
    expect(textOf(await (await browser.get('/reviews')).text())).not.toContain('Cookies on Kerbside');
  });

  it('never sends the seller to another site, and ignores a post without a choice', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\t/evil.example', '/\\evil.example']) {
      const response = await visitor().post('/cookie-consent', { choice: 'accept', returnTo });
      expect(response.headers.get('location'), returnTo).toBe('/');
    }
    const nothing = await visitor().post('/cookie-consent', { returnTo: '/reviews' });
    expect(nothing.headers.get('location')).toBe('/reviews');
    expect(nothing.headers.getSetCookie().join()).not.toContain('kerbside_consent');
  });

  it('closes in place for a script (no redirect)', async () => {
    const response = await visitor().post('/cookie-consent', { choice: 'accept', returnTo: '/', js: '1' });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toContain('kerbside_consent=granted');
  });
});

describe('analytics', () => {
  it('records nothing before consent, not even with a campaign in the address', async () => {
    const browser = visitor();
    await browser.get('/?utm_source=news&utm_campaign=before-consent');
    await browser.post('/?index', { vrm: 'ER19NFD' });
    await browser.post('/cookie-consent', { choice: 'reject', returnTo: '/?utm_campaign=before-consent' });
    await browser.get('/reviews?utm_campaign=before-consent');
    expect(await eventsWith('before-consent')).toEqual([]);
    const html = await (await browser.get('/')).text();
    expect(html).not.toContain('dataLayer');
  });

  it('after Accept records page views, the new session, journey steps and a failed lookup, with the campaign', async () => {
    const browser = visitor();
    await browser.get('/?utm_source=news&utm_medium=email&utm_campaign=accepted&gclid=G-1');
    await browser.post('/cookie-consent', {
      choice: 'accept',
      returnTo: '/?utm_source=news&utm_medium=email&utm_campaign=accepted&gclid=G-1',
    });
    const html = await (await browser.get('/reviews')).text();
    expect(html).toContain('window.dataLayer.push({"event":"page_view","path":"/reviews"');
    await browser.post('/?index', { vrm: 'ER19NFD' });
    await browser.post('/?index', { vrm: 'KE19FTA' });
    await browser.post('/mileage', { intent: 'submit', mileage: '65,000' });
    // Events are sent after the response (waitUntil): until they have all arrived.
    const expected = ['cookie_consent_given', 'page_view', 'lookup_failed', 'vehicle_looked_up', 'mileage_submitted', 'enquiry_created'];
    await expect.poll(async () => (await eventsWith('accepted')).map((event) => event.name)).toEqual(expect.arrayContaining(expected));
    const events = await eventsWith('accepted');
    expect(events.find((e) => e.name === 'lookup_failed')!.properties).toEqual({ code: 'vehicle_lookup_failed' });
    expect(events[0]!.campaign).toEqual({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'accepted', gclid: 'G-1' });
    // No registration is ever stored in an event.
    expect(JSON.stringify(events)).not.toMatch(/KE19 ?FTA|ER19 ?NFD/);
    // The enquiry carries the campaign too.
    const row = await workers.db
      .prepare("SELECT campaign FROM enquiries WHERE campaign LIKE '%accepted%' ORDER BY id DESC LIMIT 1")
      .first<{ campaign: string }>();
    expect(JSON.parse(row!.campaign)).toMatchObject({ utm_campaign: 'accepted' });
  });

  it('starts a new session when the campaign changes later', async () => {
    const browser = visitor();
    await browser.post('/cookie-consent', { choice: 'accept', returnTo: '/?utm_campaign=first-visit' });
    await workers.clock.advance(NEW_SESSION_GAP_MS + 100);
    await browser.get('/?utm_campaign=second-visit');
    await expect
      .poll(async () => (await eventsWith('second-visit')).map((e) => e.name))
      .toEqual(expect.arrayContaining(['new_session', 'page_view']));
  });
});

describe('the sticky registration banner', () => {
  it('follows long pages until closed, and stays closed', async () => {
    const browser = visitor();
    const html = await (await browser.get('/')).text();
    expect(html).toContain('<aside class="sticky-vrm" aria-label="Value your car">');
    expect(textOf(section(html, '<aside class="sticky-vrm"', '</aside>'))).toContain('Go Value your car');
    const response = await browser.post('/sticky-vrm', { returnTo: '/' });
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.getSetCookie().join()).toMatch(/kerbside_sticky_vrm=off; Path=\/; Max-Age=31536000/);
    expect(await (await browser.get('/')).text()).not.toContain('<aside class="sticky-vrm"');
  });
});

describe('the sticky registration banner on long reading', () => {
  const banner = (html: string) => section(html, '<aside class="sticky-vrm"', '</aside>');

  it('follows guides, stories, blog posts and the long pages about selling, with the home page’s lookup form', async () => {
    for (const path of [
      '/guides/selling-a-car-on-finance',
      '/sell-my-car/guides/selling-a-van',
      '/stories/selling-a-van-with-a-declared-dent',
      '/blog/2026/10/14/how-the-daily-sale-works',
      '/how-it-works',
      '/about',
      '/claims',
    ]) {
      const html = await (await visitor().get(path)).text();
      expect(html, path).toContain('<aside class="sticky-vrm" aria-label="Value your car">');
      expect(banner(html), path).toMatch(/<form method="post" action="\/\?index" id="sticky-lookup"[^>]*>/);
      expect(banner(html), path).toMatch(/<input[^>]*id="sticky-lookup-vrm"[^>]*name="vrm"/);
    }
  });

  it('stays off short pages: lists of articles and the legal pages', async () => {
    for (const path of ['/guides', '/stories', '/blog', '/terms', '/cookies']) {
      expect(await (await visitor().get(path)).text(), path).not.toContain('<aside class="sticky-vrm"');
    }
  });

  it('takes a registration from a guide to the mileage step, as the home page’s form does', async () => {
    const seller = newSeller(workers);
    const guide = await (await seller.get('/guides/selling-a-car-on-finance')).text();
    const action = /<form method="post" action="([^"]+)" id="sticky-lookup"/.exec(guide)![1]!.replace(/&amp;/g, '&');
    const posted = await seller.post(action, { vrm: 'ke19 fta' });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('/mileage');
    expect(mainText(await (await seller.get('/mileage')).text())).toContain('Ford Fiesta');
    // A registration that does not read as one comes back with its message, as from the home page.
    const bad = await seller.post(action, { vrm: 'NOT A REG!' });
    expect(bad.status).toBe(400);
    expect(mainText(await bad.text())).toContain('Enter a valid UK vehicle registration');
  });
});

describe('the home page', () => {
  it('shows the hero, benefits, the video behind a facade, the steps, the reviews carousel, recent sales and dealers', async () => {
    const html = await (await visitor().get('/')).text();
    const text = mainText(html);
    expect(text).toContain('The way to sell your car');
    expect(text).toContain('Why sellers choose us');
    // The video host is not contacted until the seller asks: a link, no frame.
    expect(html).toContain('href="https://www.youtube-nocookie.com/embed/test-video"');
    expect(html).not.toContain('<iframe');
    expect(text).toContain('How it works');
    expect(html).toMatch(/aria-roledescription="carousel" aria-label="Sellers&#x27; reviews"/);
    expect(text).toContain('Did not sell'); // no review is left out for its rating
    expect(text).toContain('Better than the big buying…'); // the shell card's 27 characters
    expect(text).toContain('Recently sold');
    expect(html).toMatch(/<img src="\/media\/vehicles\/[a-z-]+\.svg" alt="" width="137" height="124" loading="lazy"/);
    expect(html).toMatch(/<img src="\/media\/dealers\/\d+\.svg" alt="[^"]+" width="160" height="48" loading="lazy"/);
  });

  it("sends its static sections once in a document, and as markup in a navigation's data (ADR 012)", async () => {
    const browser = visitor();
    const html = await (await browser.get('/')).text();
    // Rendered in the page, and not a second time in the page's data.
    expect(html.split('Free collection</strong> from your door').length - 1).toBe(1);
    expect(html.split('Build your profile').length - 1).toBe(1);
    const data = await (await browser.get('/_root.data?_routes=routes%2Fhome')).text();
    expect(data).toContain('Why sellers choose us');
    expect(data).toContain('Build your profile');
    expect(data).toContain('href=\\"/how-it-works\\"');
  });

  it('serves the images it shows from the platform, as inert SVG', async () => {
    const html = await (await visitor().get('/')).text();
    const src = /src="(\/media\/vehicles\/[a-z-]+\.svg)"/.exec(html)![1]!;
    const response = await visitor().get(src);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await visitor().get('/media/../platform/dev/outbox')).status).toBe(404);
    expect((await visitor().get('/media/vehicles/NOPE.svg')).status).toBe(404);
  });

  it('puts the reviews first for sellers in that experiment', async () => {
    const forced = await startWorkers({ appVars: { EXPERIMENT_DECISIONS: '{"home_reviews_first":"on"}' } });
    try {
      const text = mainText(await (await new Browser(forced.fetch).get('/')).text());
      expect(text.indexOf('out of 5 by sellers')).toBeLessThan(text.indexOf('How it works'));
    } finally {
      await forced.dispose();
    }
  });

  it('still serves the page when the reviews, sales and dealers services fail, without those blocks', async () => {
    const broken = await startWorkers({ withoutBinding: true, appVars: { GATEWAY_URL: 'http://127.0.0.1:9' } });
    try {
      const response = await new Browser(broken.fetch).get('/');
      const text = mainText(await response.text());
      expect(response.status).toBe(200);
      expect(text).toContain('The way to sell your car');
      expect(text).not.toContain('Recently sold');
      expect(text).not.toContain('out of 5 by sellers');
    } finally {
      await broken.dispose();
    }
  });
});

describe("the shell's shared blocks", () => {
  const BLOCKS = '^/platform/(reviews|recent-sales|dealers/featured)$';

  it('are kept for the next visitors, who get them without asking the platform again', async () => {
    const kept = await startWorkers({ withFaults: true });
    try {
      const first = mainText(await (await new Browser(kept.fetch, { ip: '10.9.0.1' }).get('/')).text());
      expect(first).toContain('Recently sold');
      // The platform now fails these calls for the next visitor, who still gets every block.
      await kept.faults.inject({ ip: '10.9.0.2', path: BLOCKS, fault: 'server-error' });
      const second = mainText(await (await new Browser(kept.fetch, { ip: '10.9.0.2' }).get('/')).text());
      expect(second).toContain('Recently sold');
      expect(second).toContain('out of 5 by sellers');
      expect((await kept.faults.rules('10.9.0.2'))[0]!.hits).toBe(0);
    } finally {
      await kept.dispose();
    }
  });

  it('are fetched for every page view with SHARED_BLOCKS_SECONDS=0, and hidden when that fails', async () => {
    const uncached = await startWorkers({ withFaults: true, appVars: { SHARED_BLOCKS_SECONDS: '0' } });
    try {
      expect(mainText(await (await new Browser(uncached.fetch, { ip: '10.9.0.1' }).get('/')).text())).toContain('Recently sold');
      await uncached.faults.inject({ ip: '10.9.0.2', path: BLOCKS, fault: 'server-error' });
      const text = mainText(await (await new Browser(uncached.fetch, { ip: '10.9.0.2' }).get('/')).text());
      expect(text).toContain('The way to sell your car');
      expect(text).not.toContain('Recently sold');
      expect((await uncached.faults.rules('10.9.0.2'))[0]!.hits).toBe(3);
    } finally {
      await uncached.dispose();
    }
  });
});

describe('the support chat', () => {
  it('is a help-centre link without JavaScript, loads its script on demand, and logs signed-in sellers in only', async () => {
    const html = footer(await (await visitor().get('/reviews')).text());
    expect(textOf(html)).toContain('Questions? Visit our help centre');
    const script = await visitor().get('/chat/widget.js');
    expect(script.headers.get('content-type')).toContain('application/javascript');
    expect(await script.text()).toContain('KerbsideChat');
    expect((await visitor().get('/api/chat-login')).status).toBe(401);
  });
});

describe('cross-site posts', () => {
  it('are refused with a page that says what happened, and change nothing', async () => {
    const response = await workers.fetch('/cookie-consent', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'choice=accept&returnTo=/',
    });
    expect(response.status).toBe(403);
    expect(textOf(await response.text())).toContain('We did not send that form');
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('development feature flags', () => {
  it('can be overridden from /dev/flags outside production, and the development tools cannot', async () => {
    const browser = visitor();
    expect(textOf(footer(await (await browser.get('/reviews')).text()))).toContain('Questions?');
    const response = await browser.post('/dev/flags', { intent: 'save', hideSupportWidget: 'on', devMailbox: 'off' });
    expect(response.status).toBe(303);
    expect(textOf(footer(await (await browser.get('/reviews')).text()))).not.toContain('Questions?');
    expect((await browser.get('/dev/mailbox')).status).toBe(200);
    await browser.post('/dev/flags', { intent: 'reset' });
    expect(textOf(footer(await (await browser.get('/reviews')).text()))).toContain('Questions?');
  });
});

describe('the mileage step', () => {
  async function lookedUp() {
    const browser = visitor();
    await browser.post('/?index', { vrm: 'KE19FTA' });
    return browser;
  }

  it.each([
    ['', 'Required'],
    ['0', 'Enter a valid mileage'],
    ['600000', 'Mileage too high! Enter the correct mileage for your car'],
  ])('refuses %j with %s and keeps what was typed', async (mileage, message) => {
    const response = await (await lookedUp()).post('/mileage', { intent: 'submit', mileage });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(mainText(html)).toContain(message);
    if (mileage) expect(html).toContain(`value="${mileage}"`);
  });

  it('asks about a mileage that seems low for the age of the car, and takes it once confirmed', async () => {
    const browser = visitor();
    await browser.post('/?index', { vrm: '123ABC' }); // a 1957 Morris Minor, no MOT readings
    const response = await browser.post('/mileage', { intent: 'submit', mileage: '3,000' });
    expect(response.headers.get('location')).toBe('/mileage?confirm=low');
    const text = mainText(await (await browser.follow(response)).text());
    expect(text).toContain('This mileage seems a little low, are you sure?');
    expect(text).toContain('3,000 miles seems low for the age of your car. Did you enter the correct value?');
    const confirmed = await browser.post('/mileage', { intent: 'confirm', mileage: '3000' });
    expect(confirmed.headers.get('location')).toBe('/123ABC');
  });

  it('lets the seller say no to a mileage that seems low and stay on the step with it', async () => {
    const browser = visitor();
    await browser.post('/?index', { vrm: '123ABC' });
    const response = await browser.post('/mileage', { intent: 'submit', mileage: '3000' });
    expect(response.headers.get('location')).toBe('/mileage?confirm=low');
    const html = await (await browser.follow(response)).text();
    // An open dialog named by its question, whose 'No, change it' is a plain form.
    expect(html).toMatch(/<dialog open=""[^>]*aria-labelledby="confirm-title"/);
    expect(html).toContain('<h2 id="confirm-title">This mileage seems a little low, are you sure?</h2>');
    expect(html).toMatch(
      /<form method="post" action="\/mileage"[^>]*><button[^>]*name="intent" value="cancel">No, change it<\/button><\/form>/,
    );
    const cancelled = await browser.post('/mileage', { intent: 'cancel' });
    expect(cancelled.headers.get('location')).toBe('/mileage');
    const step = await (await browser.follow(cancelled)).text();
    expect(step).not.toContain('<dialog');
    expect(step).toMatch(/<input[^>]*name="mileage"[^>]*value="3,000"/);
  });

  it('keeps the brand page title on the brand mileage step', async () => {
    const browser = visitor();
    const response = await browser.post('/sell-my-car/brands/ford', { vrm: 'KE19FTA' });
    expect(response.headers.get('location')).toBe('/sell-my-car/brands/ford/mileage');
    expect(mainText(await (await browser.follow(response)).text())).toContain('Sell your Ford car the Kerbside way');
  });
});

describe('partner pages', () => {
  it('carry the partner on the page, and the affiliate onto the enquiry the seller makes', async () => {
    const browser = newSeller(workers);
    const html = await (await browser.get('/sell-my-car/topcashback')).text();
    expect(textOf(html)).toContain('In partnership with TopCashback');
    expect(textOf(footer(html))).toContain('Get your Kerbside valuation');
    await browser.get('/partner/regit');
    await valueCar(browser);
    const row = await workers.db
      .prepare("SELECT affiliate FROM enquiries WHERE vrm = 'KE19FTA' AND owner_key = ?1 ORDER BY id DESC LIMIT 1")
      .bind(`requester:${(await sessionData(browser)).requesterId}`)
      .first<{ affiliate: string }>();
    expect(row?.affiliate).toBe('regit');
  });

  it('refuses an affiliate the platform does not know', async () => {
    const response = await workers.platform('/platform/api/affiliates', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requester-id': 'r-affiliate-test' },
      body: JSON.stringify({ affiliate: 'evil' }),
    });
    expect(response.status).toBe(400);
  });
});

describe('caching public pages', () => {
  it('lets shared caches keep a public page for a visitor without our cookies, and nothing else', async () => {
    for (const path of ['/guides', '/about', '/sell-my-car/petrol', '/sell-your-car/leeds', '/blog']) {
      const response = await visitor().get(path);
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=86400');
      expect(response.headers.get('vary'), path).toContain('Cookie');
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
    // The same page for a visitor with a choice or a session is theirs.
    const chosen = visitor();
    await chosen.post('/cookie-consent', { choice: 'reject', returnTo: '/guides' });
    expect((await chosen.get('/guides')).headers.get('cache-control')).toBe('private, no-store');
    // Pages that depend on the seller, or set a cookie, never are.
    expect((await visitor().get('/')).headers.get('cache-control')).toBe('private, no-store');
    expect((await visitor().get('/sell-my-car/topcashback')).headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('unsubscribing', () => {
  it('works from the link in an e-mail, without JavaScript, and only with a genuine code', async () => {
    const seller = newSeller(workers);
    const email = uniqueEmail('unsubscribe');
    await valueCar(seller);
    await signUp(seller, email, 'KE19FTA', { marketingConsent: 'on' });
    await seller.post('/sign-out', {});
    await seller.post('/sign-in', { email });
    const { emails } = (await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      emails: { body: string }[];
    };
    const link = new URL(/No news and offers from us by e-mail: (\S+)/.exec(emails[0]!.body)![1]!);
    const reader = newSeller(workers); // another device, signed out
    const page = await reader.get(link.pathname + link.search);
    expect(textOf(await page.text())).toContain('Unsubscribe from news and offers by e-mail');
    const tampered = await reader.post(link.pathname, { code: `${link.searchParams.get('code')!.slice(0, -3)}abc` });
    expect(tampered.status).toBe(400);
    expect(textOf(await tampered.text())).toContain('This unsubscribe link is not complete');
    const done = await reader.post(link.pathname, { code: link.searchParams.get('code')! });
    expect(done.headers.get('location')).toBe('/unsubscribe?done');
    expect(textOf(await (await reader.follow(done)).text())).toContain('You are unsubscribed');
    const row = await workers.db
      .prepare('SELECT email_crm_tier, sms_marketing FROM users WHERE email = ?1')
      .bind(email)
      .first<{ email_crm_tier: string; sms_marketing: number }>();
    expect(row).toEqual({ email_crm_tier: 'service', sms_marketing: 1 });
  });

  it('says what the link stopped when an e-mail’s link is posted to the texts’ address', async () => {
    const seller = newSeller(workers);
    const email = uniqueEmail('unsubscribe-channel');
    await valueCar(seller);
    await signUp(seller, email, 'KE19FTA', { marketingConsent: 'on' });
    await seller.post('/sign-out', {});
    await seller.post('/sign-in', { email });
    const { emails } = (await (await workers.platform(`/platform/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      emails: { body: string }[];
    };
    const code = new URL(/No news and offers from us by e-mail: (\S+)/.exec(emails[0]!.body)![1]!).searchParams.get('code')!;
    const reader = newSeller(workers);
    const done = await reader.post('/unsubscribe/sms', { code });
    expect(done.headers.get('location')).toBe('/unsubscribe?done');
    const page = textOf(await (await reader.follow(done)).text());
    expect(page).toContain('We will not send you news and offers by e-mail any more');
    expect(page).not.toContain('text message');
    // And it is e-mails that stopped: texts go on.
    const row = await workers.db
      .prepare('SELECT email_crm_tier, sms_stopped_at FROM users WHERE email = ?1')
      .bind(email)
      .first<{ email_crm_tier: string; sms_stopped_at: string | null }>();
    expect(row).toEqual({ email_crm_tier: 'service', sms_stopped_at: null });
  });
});
