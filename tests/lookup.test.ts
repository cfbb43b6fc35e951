import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, textOf } from './support/browser';
import { signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { LOOKUP_RATE_LIMIT: '5' } });
});
afterAll(() => workers?.dispose());

let ip = 0;
/** Each test is its own seller, so the lookup rate limit of one does not touch another. */
const seller = () => new Browser(workers.fetch, { ip: `203.0.113.${++ip}` });

describe('looking up a registration without JavaScript', () => {
  it('takes a sandbox registration, typed loosely, to the mileage step and its vehicle page', async () => {
    const browser = seller();
    const response = await browser.post('/?index', { vrm: ' ke19 fta ' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/mileage');
    const page = await browser.get('/KE19FTA');
    const html = await page.text();
    const text = textOf(html);
    expect(page.status).toBe(200);
    expect(html).toContain('<title>Ford Fiesta KE19 FTA | Kerbside</title>');
    expect(text).toContain('Ford Fiesta');
    expect(text).toContain('KE19 FTA');
    expect(text).toMatch(/Year 2019 Colour Blue Fuel Petrol/);
    expect(text).toMatch(/\d+ MOT tests on record/);
  });

  it('offers "Change car" to a signed-in seller only, not to a visitor', async () => {
    const visitor = seller();
    await valueCar(visitor);
    const changeCar = /<a[^>]*href="\/"[^>]*>Change car<\/a>/;
    expect(await (await visitor.get('/KE19FTA')).text()).not.toMatch(changeCar);
    // Nor on a car's page opened from a link, without a lookup.
    expect(await (await seller().get('/KD15DSL')).text()).not.toMatch(changeCar);
    await signUp(visitor, uniqueEmail('change-car'));
    expect(await (await visitor.get('/KE19FTA')).text()).toMatch(changeCar);
  });

  it('re-shows the form with the spec message and the typed value for a malformed registration', async () => {
    const response = await seller().post('/?index', { vrm: 'NOT A REG!' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(textOf(html)).toContain('Enter a valid UK vehicle registration');
    expect(html).toContain('value="NOT A REG!"');
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it.each([
    ['ER19NFD', 'Did we get the reg right?', "We couldn't find a vehicle with that registration.", 'Check again'],
    ['ZZ12ZZZ', 'ZZ12 ZZZ is a not a valid reg', 'Please check your reg and try again.', 'Check again'],
    ['AB99CDE', 'AB99 CDE is a not a valid reg', 'Please check your reg and try again.', 'Check again'],
    ['ER19BAD', 'Bad request', 'Please refresh the page and try again.', 'Refresh'],
    [
      'ER19THR',
      'Too many requests',
      'We have detected you are making a lot of requests to Kerbside. Please try again later.',
      'Value my car',
    ],
    ['ER19ERR', 'Sorry, an error has occurred', 'Please refresh the page and try again.', 'Refresh'],
    ['ER19MNT', 'Vehicle details unavailable', 'unable to get the details of this vehicle', 'Refresh'],
    ['ER19ULZ', 'In high demand', 'Our checking service is currently extremely busy', 'Refresh'],
  ])('%s shows the panel "%s", and a reload shows it again', async (vrm, title, text, button) => {
    const browser = seller();
    const response = await browser.post('/?index', { vrm });
    expect(response.headers.get('location')).toBe('/');
    const firstHtml = await (await browser.follow(response)).text();
    const first = textOf(firstHtml);
    // The registration stays in the form under every panel.
    expect(firstHtml).toMatch(/<input[^>]*name="vrm"[^>]*value="[A-Z0-9 ]+"/);
    expect(first).toContain(title);
    expect(first).toContain(text);
    expect(first).toContain(button);
    const reloaded = textOf(await (await browser.get('/')).text());
    expect(reloaded).toContain(title);
  });

  it('keeps the typed registration in the form under a panel', async () => {
    const browser = seller();
    const html = await (await browser.follow(await browser.post('/?index', { vrm: 'er19nfd' }))).text();
    expect(html).toContain('value="ER19 NFD"');
  });

  it('runs the lookup again from the Refresh button', async () => {
    const browser = seller();
    const html = await (await browser.follow(await browser.post('/?index', { vrm: 'ER19ERR' }))).text();
    const refresh =
      /<form method="post" action="(\/\?index)"[^>]*><input type="hidden" name="vrm" value="(ER19ERR)"\/><button[^>]*>Refresh/.exec(html);
    expect(refresh).toBeTruthy();
    // Pressed, it posts the same lookup, which answers with the same panel.
    const again = await browser.post(refresh![1]!, { vrm: refresh![2]! });
    expect(again.headers.get('location')).toBe('/');
    expect(textOf(await (await browser.follow(again)).text())).toContain('Sorry, an error has occurred');
  });

  it('limits lookups per seller: too many in a minute gives "Too many requests"', async () => {
    const browser = seller();
    for (let i = 0; i < 5; i++) {
      expect((await browser.post('/?index', { vrm: 'KE19FTA' })).headers.get('location')).toBe('/mileage');
    }
    const limited = await browser.post('/?index', { vrm: 'KE19FTA' });
    expect(limited.headers.get('location')).toBe('/');
    expect(textOf(await (await browser.follow(limited)).text())).toContain('Too many requests');
    // Another seller is not affected.
    expect((await seller().post('/?index', { vrm: 'KE19FTA' })).headers.get('location')).toBe('/mileage');
  });

  it('gives the default panel when the register takes longer than the gateway timeout', async () => {
    const browser = seller();
    const started = Date.now();
    const response = await browser.post('/?index', { vrm: 'ER19SLW' });
    expect(Date.now() - started).toBeLessThan(9_000);
    const html = await (await browser.follow(response)).text();
    expect(textOf(html)).toContain('Bad request');
    expect(html).toContain('value="ER19 SLW"');
  }, 20_000);
});

describe('the vehicle page', () => {
  it.each(['ke19fta', 'KE19FTA', 'KE19%20FTA'])('accepts the registration %s in the URL', async (path) => {
    const response = await seller().get(`/${path}`);
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain('Ford Fiesta');
  });

  it.each(['A123BCD', 'ABC123D', '1234AB', 'ABZ1234'])('shows the %s plate format', async (vrm) => {
    const response = await seller().get(`/${vrm}`);
    expect(response.status).toBe(200);
  });

  it('shows "Vehicle not found" with the three hints for an unknown registration', async () => {
    const response = await seller().get('/ER19NFD');
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain('<title>Vehicle not found | Kerbside</title>');
    const text = textOf(html);
    expect(text).toContain('Vehicle not found');
    expect(text).toContain('Check the reg');
    expect(text).toContain('UK registration');
    expect(text).toContain('Very recent registrations');
  });

  it('is hidden from search engines', async () => {
    expect(await (await seller().get('/KE19FTA')).text()).toContain('<meta name="robots" content="noindex"/>');
  });
});
