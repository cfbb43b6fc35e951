import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, mainText, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '300' } });
});
afterAll(() => workers?.dispose());

let ip = 0;
const seller = (options: { runsScripts?: boolean } = {}) => new Browser(workers.fetch, { ip: `198.51.100.${++ip}`, ...options });

async function lookedUp(vrm = 'KE19FTA', browser = seller()) {
  const response = await browser.post('/?index', { vrm });
  expect(response.headers.get('location')).toBe('/mileage');
  return browser;
}

const main = mainText;

/**
 * The markup of the form whose submit button reads `button` (comments taken out): what a browser
 * without scripts sends when that button is pressed, its action, its fields and the button's own
 * name and value. Empty if the page has no such button.
 */
function formWith(html: string, button: string): string {
  for (const part of html
    .replace(/<!--[\s\S]*?-->/g, '')
    .split('<form')
    .slice(1)) {
    const form = `<form${part.slice(0, part.indexOf('</form>'))}</form>`;
    if ([...form.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)].some((m) => textOf(m[1]!) === button)) return form;
  }
  return '';
}

/** The mileage the step offers (the estimate for a fresh lookup). */
async function prefilled(browser: Browser): Promise<string> {
  return /name="mileage"[^>]*value="([\d,]+)"/.exec(await (await browser.get('/mileage')).text())![1]!;
}

describe('the mileage step', () => {
  it('is only there once a vehicle has been looked up', async () => {
    const response = await seller().get('/mileage');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('shows the vehicle, "Not my car", and the estimated mileage in a numeric field', async () => {
    const browser = await lookedUp();
    const html = await (await browser.get('/mileage')).text();
    const text = main(html);
    expect(text).toContain('Sell your car the Kerbside way');
    expect(text).toContain('KE19 FTA');
    expect(text).toContain('Ford Fiesta');
    expect(text).toContain('Not my car');
    const field = html.match(/<input[^>]*name="mileage"[^>]*>/)?.[0] ?? '';
    expect(field).toMatch(/maxLength="7"/);
    expect(field).toMatch(/inputMode="numeric"/);
    expect(field).toMatch(/value="[\d,]+"/);
    expect(html).toContain('<title>Add vehicle mileage | Kerbside</title>');
  });

  it('shows the same step again on a reload', async () => {
    const browser = await lookedUp();
    await browser.get('/mileage');
    const reloaded = await browser.get('/mileage');
    const html = await reloaded.text();
    expect(reloaded.status).toBe(200);
    expect(main(html)).toContain('Ford Fiesta');
    expect(html).toContain('<label for="mileage-mileage">What&#x27;s your mileage?</label>');
    expect(html).toMatch(/<input[^>]*id="mileage-mileage"[^>]*name="mileage"/);
  });

  it('creates the enquiry and shows the valuation on the vehicle page', async () => {
    const browser = await lookedUp();
    const response = await browser.post('/mileage', { intent: 'submit', mileage: '65,000' });
    expect(response.headers.get('location')).toBe('/KE19FTA');
    const text = main(await (await browser.follow(response)).text());
    // Anonymous sellers see the range; the exact figure and the dealer estimate come with an account.
    expect(text).toMatch(/Your instant valuation £\d{1,2},\d{3} – £\d{1,2},\d{3} Based on 65,000 miles/);
    expect(text).toContain('See your full valuation');
    expect(text).not.toContain('What dealers are likely to offer');
    // The mileage is remembered: back on the step, the field shows it.
    await browser.post('/?index', { vrm: 'KE19FTA' });
    expect(await (await browser.get('/mileage')).text()).toContain('value="65,000"');
  });

  it.each([
    ['abc', 'Enter the mileage without symbols or spaces'],
    ['12 000', 'Enter the mileage without symbols or spaces'],
    ['100', "Mileage too low! The value you entered is less than your car's last MOT reading"],
  ])('rejects %j with the spec message and keeps what was typed', async (mileage, message) => {
    const browser = await lookedUp();
    const response = await browser.post('/mileage', { intent: 'submit', mileage });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(main(html)).toContain(message);
    expect(html).toContain(`value="${mileage}"`);
  });

  it('asks to confirm an implausible mileage; confirming values the car', async () => {
    const browser = await lookedUp();
    const response = await browser.post('/mileage', { intent: 'submit', mileage: '200000' });
    expect(response.headers.get('location')).toBe('/mileage?confirm');
    const html = await (await browser.follow(response)).text();
    const text = main(html);
    expect(text).toContain('This mileage seems a little high, are you sure?');
    expect(text).toContain('200,000 miles seems high for the age of your car. Did you enter the correct value?');
    // An open dialog named by its question, whose Yes is a plain form that sends the mileage again.
    expect(html).toMatch(/<dialog open=""[^>]*aria-labelledby="confirm-title"/);
    expect(html).toContain('<h2 id="confirm-title">This mileage seems a little high, are you sure?</h2>');
    const yes = formWith(html, 'Yes, 200,000 miles is right');
    expect(yes).toMatch(/^<form method="post" action="\/mileage"/);
    expect(yes).toContain('<input type="hidden" name="mileage" value="200000"/>');
    expect(yes).toContain('name="intent" value="confirm"');
    const confirmed = await browser.post('/mileage', { intent: 'confirm', mileage: '200000' });
    expect(confirmed.headers.get('location')).toBe('/KE19FTA');
    expect(main(await (await browser.follow(confirmed)).text())).toContain('Based on 200,000 miles');
  });

  it('lets the seller cancel the confirmation and change the mileage they typed', async () => {
    const browser = await lookedUp();
    await browser.post('/mileage', { intent: 'submit', mileage: '200000' });
    const no = formWith(await (await browser.get('/mileage?confirm')).text(), 'No, change it');
    expect(no).toMatch(/^<form method="post" action="\/mileage"/);
    expect(no).toContain('name="intent" value="cancel"');
    const cancelled = await browser.post('/mileage', { intent: 'cancel' });
    expect(cancelled.headers.get('location')).toBe('/mileage');
    const html = await (await browser.follow(cancelled)).text();
    expect(html).not.toContain('<dialog');
    expect(html).toContain('value="200,000"');
    // The seller types another mileage, and it values the car.
    const changed = await browser.post('/mileage', { intent: 'submit', mileage: '70000' });
    expect(changed.headers.get('location')).toBe('/KE19FTA');
  });

  it('"Not my car" clears the lookup', async () => {
    const browser = await lookedUp();
    const button = formWith(await (await browser.get('/mileage')).text(), 'Not my car');
    expect(button).toMatch(/^<form method="post" action="\/mileage"/);
    expect(button).toContain('name="intent" value="not-my-car"');
    const response = await browser.post('/mileage', { intent: 'not-my-car' });
    expect(response.headers.get('location')).toBe('/');
    expect(await (await browser.follow(response)).text()).toMatch(/<h1[^>]*>The way to sell your car<\/h1>/);
    expect((await browser.get('/mileage')).headers.get('location')).toBe('/');
  });

  it('keeps the typed mileage and says so when the platform cannot create the enquiry', async () => {
    const browser = await lookedUp('KH68HYB');
    const mileage = await prefilled(browser);
    // The register loses the car between the lookup and the mileage: create-enquiry answers 404.
    await workers.db.batch([
      workers.db.prepare("DELETE FROM mot_tests WHERE vrm = 'KH68HYB'"),
      workers.db.prepare("DELETE FROM register_vehicles WHERE vrm = 'KH68HYB'"),
    ]);
    const response = await browser.post('/mileage', { intent: 'confirm', mileage });
    const html = await response.text();
    // The platform's 404 keeps its status (ADR 010); the seller reads the spec's sign-up failure text.
    expect(response.status).toBe(404);
    expect(main(html)).toContain('Sorry, something went wrong. Please try again.');
    expect(html).toContain(`value="${mileage}"`);
  });
});

describe('marketplace eligibility and partners', () => {
  it('passes a 28-year-old car with over 280,000 miles to the car buying group', async () => {
    const browser = await lookedUp('R123OLD');
    const response = await browser.post('/mileage', { intent: 'confirm', mileage: await prefilled(browser) });
    const text = main(await (await browser.follow(response)).text());
    expect(text).toContain('pass your car to our car buying group');
    expect(text).not.toContain('What dealers are likely to offer');
  });

  it('passes a car worth less than the minimum price to the scrap and recycling service', async () => {
    const browser = await lookedUp('KS12SRN');
    const response = await browser.post('/mileage', { intent: 'confirm', mileage: '250000' });
    const text = main(await (await browser.follow(response)).text());
    expect(text).toContain('pass your car to our scrap and recycling service');
  });
});

describe('the checkout hand-off to a partner buyer', () => {
  it('passes a scrap-value car to the recycling service and takes the seller to its page', async () => {
    const browser = await lookedUp('KS12SRN');
    await browser.post('/mileage', { intent: 'confirm', mileage: '250000' });
    const response = await browser.post('/checkout/ctb', {});
    expect(response.headers.get('location')).toBe('/checkout/ctb');
    const html = await (await browser.follow(response)).text();
    expect(html).toContain('<title>Taking you to the buyer | Kerbside</title>');
    expect(html).toMatch(
      /<meta http-equiv="refresh" content="3;url=https:\/\/scrap\.partners\.kerbside\.co\.uk\/quote\?ref=KS-\d+&amp;vrm=KS12SRN"/,
    );
    expect(main(html)).toContain('Taking you to our scrap and recycling service…');
  });

  it('fails clearly when the buyer is not the one for this car, or unknown', async () => {
    const browser = await lookedUp('KS12SRN');
    await browser.post('/mileage', { intent: 'confirm', mileage: '250000' });
    const wrong = await browser.post('/checkout/tcbg', {});
    expect(wrong.headers.get('location')).toBe('/checkout/tcbg/failed?vrm=KS12SRN');
    const text = main(await (await browser.follow(wrong)).text());
    expect(text).toContain('Offer selection failed');
    expect(text).toContain('Our team has been notified.');
    expect(text).toContain('Please select a different buyer');
    expect(main(await (await browser.get('/checkout/nobody/failed')).text())).toContain('Offer selection failed');
  });
});

describe('enquiries already in the sale', () => {
  it.each([
    ['KU20OFR', '/KU20OFR/accept-offer'],
    ['KW19SLD', '/KW19SLD/confirm-sale?valuation_ref=700002'],
    ['KR18DOC', '/KR18DOC/review-status'],
    ['KP17PRF', '/KP17PRF/profile/timeline'],
    ['KA16ACT', '/KA16ACT'],
  ])('the sandbox car %s goes to %s', async (vrm, path) => {
    const browser = seller();
    const response = await browser.post('/?index', { vrm });
    expect(response.headers.get('location')).toBe(path);
    const step = await browser.follow(response);
    // The sale's steps belong to the car's seller: anyone else is asked to sign in first.
    if (path === `/${vrm}`) expect(step.status).toBe(200);
    else {
      expect(step.headers.get('location')).toBe(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
      expect(await (await browser.follow(step)).text()).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    }
  });

  it('a seeded sale is never overwritten by seeding again', async () => {
    await workers.db.prepare("UPDATE enquiries SET mileage = 41999 WHERE owner_key = 'sandbox' AND vrm = 'KU20OFR'").run();
    await workers.reseed();
    const rows = await workers.db
      .prepare("SELECT mileage FROM enquiries WHERE owner_key = 'sandbox' AND vrm = 'KU20OFR'")
      .all<{ mileage: number }>();
    expect(rows.results).toEqual([{ mileage: 41999 }]);
  });

  it('skip the mileage step and go to the step of their state', async () => {
    const browser = await lookedUp('KD15DSL');
    await browser.follow(await browser.post('/mileage', { intent: 'confirm', mileage: await prefilled(browser) }));
    await workers.db.prepare("UPDATE enquiries SET dp_state_slug = 'under-offer', dp_enquiry_id = 9001 WHERE vrm = 'KD15DSL'").run();
    const response = await browser.post('/?index', { vrm: 'KD15DSL' });
    expect(response.headers.get('location')).toBe('/KD15DSL/accept-offer');

    await workers.db.prepare("UPDATE enquiries SET dp_state_slug = 'sold-wait' WHERE vrm = 'KD15DSL'").run();
    expect((await browser.post('/?index', { vrm: 'KD15DSL' })).headers.get('location')).toBe('/KD15DSL/confirm-sale?valuation_ref=9001');
  });
});

describe('brand pages', () => {
  it('greet the make and send its lookup to the brand mileage step', async () => {
    const browser = seller();
    const page = await browser.get('/sell-my-car/brands/ford');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Sell your Ford car the Kerbside way | Kerbside</title>');
    expect(main(html)).toContain('Sell your Ford car the Kerbside way');
    const lookup = formWith(html, 'Value my car');
    expect(lookup).toMatch(/^<form method="post" action="\/sell-my-car\/brands\/ford"/);
    expect(lookup).toContain('>Enter your reg</label>');
    const response = await browser.post('/sell-my-car/brands/ford', { vrm: 'KE19FTA' });
    expect(response.headers.get('location')).toBe('/sell-my-car/brands/ford/mileage');
    const step = await (await browser.follow(response)).text();
    expect(main(step)).toContain('Ford Fiesta');
    // The brand's mileage step values the car like the home page's.
    const mileage = formWith(step, 'See my valuation');
    expect(mileage).toMatch(/^<form method="post" action="\/sell-my-car\/brands\/ford\/mileage"/);
    expect(mileage).toContain('name="intent" value="submit"');
    const valued = await browser.post('/sell-my-car/brands/ford/mileage', { intent: 'submit', mileage: '66000' });
    expect(valued.headers.get('location')).toBe('/KE19FTA');
  });

  it('shows lookup errors on the brand page itself', async () => {
    const browser = seller();
    const response = await browser.post('/sell-my-car/brands/ford', { vrm: 'ER19NFD' });
    expect(response.headers.get('location')).toBe('/sell-my-car/brands/ford');
    expect(main(await (await browser.follow(response)).text())).toContain('Did we get the reg right?');
  });

  it('are not found for a make nobody sells', async () => {
    expect((await seller().get('/sell-my-car/brands/trabant')).status).toBe(404);
  });
});

describe('landing pages', () => {
  it('look a car up from their own hero and go on to the mileage step', async () => {
    const browser = seller();
    const html = await (await browser.get('/sell-my-car/diesel')).text();
    expect(html).toMatch(/<h1[^>]*>Sell your diesel car<\/h1>/);
    const lookup = formWith(html, 'Value my car');
    expect(lookup).toMatch(/^<form method="post" action="\/sell-my-car\/diesel"/);
    expect(lookup).toContain('>Enter your reg</label>');
    const response = await browser.post('/sell-my-car/diesel', { vrm: 'KD15DSL' });
    expect(response.headers.get('location')).toBe('/mileage');
    expect(await (await browser.follow(response)).text()).toMatch(/<h2[^>]*>Volkswagen Golf<\/h2>/);
  });
});

describe('the hero', () => {
  it('links to the reviews when there is no error, and the reviews page lists every one', async () => {
    const browser = seller();
    const home = await (await browser.get('/')).text();
    // The hero's own link (the home page's reviews carousel links there too).
    expect(main(home)).toContain('See what sellers say: read their reviews');
    const reviews = main(await (await browser.get('/reviews')).text());
    expect(reviews).toContain('Rated 4.2 out of 5 from 10 reviews.');
    expect(reviews).toContain('Sold my Fiesta in two days');
    expect(reviews).toContain('Did not sell');
    await browser.post('/?index', { vrm: 'ER19NFD' });
    const withError = await (await browser.get('/')).text();
    expect(main(withError)).not.toContain('See what sellers say: read their reviews');
  });
});

describe('streaming the valuation', () => {
  it('sends the vehicle first and the valuation later to a browser that runs scripts', async () => {
    const browser = await lookedUp('KE19FTA', seller({ runsScripts: true }));
    await browser.post('/mileage', { intent: 'submit', mileage: '65000' });
    const reader = (await browser.get('/KE19FTA')).body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(decoder.decode(r.value, { stream: true }));
    const shell = chunks.findIndex((c) => c.includes('Working out your valuation'));
    const valuation = chunks.findIndex((c) => c.includes('data-testid="valuation-range"'));
    expect(shell).toBeGreaterThanOrEqual(0);
    expect(valuation).toBeGreaterThan(shell);
  });
});
