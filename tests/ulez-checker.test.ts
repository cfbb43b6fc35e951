import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UlezCheckResponse } from '../contract/ulez';
import { Browser, mainText, textOf } from './support/browser';
import { newSeller, sessionData } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/** The ULEZ checker through the platform, as a visitor without JavaScript. */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { LOOKUP_RATE_LIMIT: '40' } });
});
afterAll(() => workers?.dispose());

/** The <section> whose opening tag carries `marker`, up to its end (sections here do not nest). */
const section = (html: string, marker: string) => {
  const start = html.lastIndexOf('<section', html.indexOf(marker));
  return html.slice(start, html.indexOf('</section>', start));
};
const h1 = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
async function check(vrm: string) {
  const response = await workers.platform('/platform/v3/ulez/check', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client-ip': `198.51.100.${vrm.length}` },
    body: JSON.stringify({ vrm }),
  });
  return { status: response.status, body: (await response.json()) as UlezCheckResponse & { code?: string } };
}

describe('POST /platform/v3/ulez/check', () => {
  it.each([
    ['KE19FTA', true, '6', 'euro_status'],
    ['KD15DSL', false, '5', 'euro_status'],
    ['KT70EVS', true, null, 'zero_emission'],
    ['KM17MCY', true, '4', 'euro_status'],
    ['KF14FAL', true, null, 'registration_date'],
    ['R123OLD', false, null, 'registration_date'],
    ['KG08LPG', null, null, 'unknown'],
  ])('%s: isCompliant %s, euroStatus %s (%s)', async (vrm, isCompliant, euroStatus, basis) => {
    const { status, body } = await check(vrm);
    expect(status).toBe(200);
    expect(body).toMatchObject({ isCompliant, euroStatus, basis, vehicle: { vrm } });
  });

  it('lists what each zone means: a Euro 5 diesel car pays in London, Birmingham and Bristol and is barred in Scotland', async () => {
    const { body } = await check('KD15DSL');
    const outcome = Object.fromEntries(body.zones.map((z) => [z.zoneId, z.charge ?? z.outcome]));
    expect(outcome).toMatchObject({
      'london-ulez': 12.5,
      'birmingham-caz': 8,
      'bristol-caz': 9,
      'bath-caz': 'free',
      'glasgow-lez': 'barred',
      'edinburgh-lez': 'barred',
    });
  });

  it.each([
    ['ER19ULZ', 503, 'compliance_service_error'],
    ['ER19NFD', 404, 'vehicle_lookup_failed'],
    ['ER19THR', 429, 'too_many_requests'],
    ['ER19MNT', 503, 'not_available'],
    ['ER19ERR', 500, 'vehicle_generation_failure'],
    ['ER19LMT', 409, 'exceeded'],
    ['ER19BAD', 400, 'bad_request'],
  ])('%s answers %i %s', async (vrm, status, code) => {
    const result = await check(vrm);
    expect(result.status).toBe(status);
    expect(result.body.code).toBe(code);
  });
});

describe('the checker without JavaScript', () => {
  it('goes from the form to a result that survives a reload, kept in the session', async () => {
    const seller = newSeller(workers);
    const form = await seller.get('/ulez-checker');
    expect(h1(await form.text())).toBe('ULEZ checker');
    const posted = await seller.post('/ulez-checker', { vrm: 'kd15 dsl' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/ulez-checker/KD15DSL');
    const result = mainText(await (await seller.follow(posted)).text());
    expect(result).toContain('No: it does not meet the ULEZ standard');
    expect(result).toContain('Its engine is Euro 5; diesel cars and vans need Euro 6.');
    expect(result).toContain('It pays £12.50 a day to drive anywhere in London');
    expect(result).toContain('closed to new applications on 8 September 2024');
    expect(result).toContain('Glasgow Low Emission Zone');
    expect((await sessionData(seller)).ulezVehicleData).toMatchObject({ isCompliant: false, euroStatus: '5', vehicle: { vrm: 'KD15DSL' } });
    // A reload reads the kept result: no second check (the platform's counter stays the same).
    const before = await workers.db.prepare("SELECT sum(count) AS n FROM rate_limits WHERE key LIKE 'ulez-check:%'").first<{ n: number }>();
    expect(mainText(await (await seller.get('/ulez-checker/KD15DSL')).text())).toContain('No: it does not meet the ULEZ standard');
    const after = await workers.db.prepare("SELECT sum(count) AS n FROM rate_limits WHERE key LIKE 'ulez-check:%'").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it('has one address per registration: any other spelling of it moves there for good (301)', async () => {
    const loose = await newSeller(workers).get('/ulez-checker/kd15dsl');
    expect(loose.status).toBe(301);
    expect(loose.headers.get('location')).toBe('/ulez-checker/KD15DSL');
    // Not a registration at all: the checker's panel over the form, with what was typed.
    const wrong = await newSeller(workers).get('/ulez-checker/NOTAREG1');
    expect(wrong.status).toBe(400);
    const main = mainText(await wrong.text());
    expect(main).toContain('Did we get the reg right?');
    expect(main).toContain('Check again');
  });

  it('keeps what was typed when the reg is malformed', async () => {
    const response = await newSeller(workers).post('/ulez-checker', { vrm: 'NOT A REG!!' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('value="NOT A REG!!"');
  });

  it.each([
    [
      'ER19ULZ',
      503,
      'In high demand',
      'Our checking service is currently extremely busy and we cannot check your vehicle right now. Please try again in a few minutes!',
    ],
    [
      'ER19NFD',
      404,
      'Did we get the reg right?',
      "We couldn't find a vehicle with that registration. Enter a valid UK reg. Recent registrations take a few days to appear on our system.",
    ],
    ['ER19THR', 429, 'Too many requests', 'We have detected you are making a lot of requests to Kerbside. Please try again later.'],
    ['ER19MNT', 503, 'Compliance status unavailable', 'Unfortunately, we are unable to confirm whether this car is ULEZ compliant.'],
    ['ER19ERR', 503, 'Sorry, an error has occurred', 'Please refresh the page and try again.'],
    [
      'ER19LMT',
      409,
      'Vehicle account limit reached',
      'You have reached the maximum number of vehicles in your account. Remove one to add this vehicle.',
    ],
    ['ER19BAD', 400, 'Bad request', 'Please refresh the page and try again.'],
  ])('%s shows its panel with the reg kept and "Check again"', async (vrm, status, title, text) => {
    const response = await newSeller(workers).get(`/ulez-checker/${vrm}`);
    expect(response.status).toBe(status);
    const html = await response.text();
    const main = mainText(html);
    expect(main).toContain(title);
    expect(main).toContain(text);
    expect(main).toContain('Check again');
    expect(html).toContain(`value="${vrm.slice(0, 4)} ${vrm.slice(4)}"`);
  });

  it('shows a busy checking service over the form with the reg kept, and "Check again" goes on to a result', async () => {
    const seller = newSeller(workers);
    const form = await (await seller.get('/ulez-checker')).text();
    expect(form).toMatch(
      /<form method="post" action="\/ulez-checker" id="ulez-checker"[^>]*>(?:(?!<\/form>)[\s\S])*<label for="ulez-checker-vrm">Enter your vehicle reg<\/label>(?:(?!<\/form>)[\s\S])*<button[^>]*>Check compliance<\/button><\/form>/,
    );
    const posted = await seller.post('/ulez-checker', { vrm: 'ER19ULZ' });
    expect(posted.headers.get('location')).toBe('/ulez-checker/ER19ULZ');
    const busy = await seller.follow(posted);
    expect(busy.status).toBe(503);
    const html = await busy.text();
    expect(html).toMatch(/<section [^>]*class="panel" role="alert"[^>]*><h2[^>]*>In high demand<\/h2>/);
    // The form under the panel keeps the reg, and its button says to check again.
    expect(html).toMatch(
      /<form method="post" action="\/ulez-checker" id="ulez-checker"[^>]*>(?:(?!<\/form>)[\s\S])*<label for="ulez-checker-vrm">Enter your vehicle reg<\/label>(?:(?!<\/form>)[\s\S])*name="vrm"[^>]*value="ER19 ULZ"(?:(?!<\/form>)[\s\S])*<button[^>]*>Check again<\/button><\/form>/,
    );
    const again = await seller.post('/ulez-checker', { vrm: 'KE19FTA' });
    expect(again.headers.get('location')).toBe('/ulez-checker/KE19FTA');
    const result = await (await seller.follow(again)).text();
    expect(textOf(section(result, 'data-testid="ulez-result"'))).toContain('Yes: it meets the ULEZ standard');
    expect(textOf(section(result, 'aria-labelledby="london-title"'))).toMatch(/^In London No ULEZ charge/);
  });

  it('says it cannot tell for a fuel the standard does not cover', async () => {
    const main = mainText(await (await newSeller(workers).get('/ulez-checker/KG08LPG')).text());
    expect(main).toContain('Compliance status unavailable');
    expect(main).toContain('this vehicle runs on gas bi-fuel');
    expect(main).not.toContain('£12.50 a day');
    // Checked from the form, the same result, with the way to value the car.
    const seller = newSeller(workers);
    const posted = await seller.post('/ulez-checker', { vrm: 'KG08LPG' });
    expect(posted.headers.get('location')).toBe('/ulez-checker/KG08LPG');
    const html = await (await seller.follow(posted)).text();
    const result = textOf(section(html, 'data-testid="ulez-result"'));
    expect(result).toContain('Compliance status unavailable');
    expect(result).toContain('this vehicle runs on gas bi-fuel');
    expect(html.replace(/<!--[\s\S]*?-->/g, '')).toMatch(
      /<form method="post" action="\/\?index"[^>]*><input type="hidden" name="vrm" value="KG08LPG"\/><button[^>]*>Value my Vauxhall<\/button><\/form>/,
    );
  });

  it('marks a result of the date estimate as one, and explains the historic exemption for a classic', async () => {
    const main = mainText(await (await newSeller(workers).get('/ulez-checker/ABC123D')).text());
    expect(main).toContain('so this is an estimate from when it was first registered');
    expect(main).toContain('Vehicles in the historic vehicle tax class');
  });

  it('the footer widget of a ULEZ landing page posts to the checker', async () => {
    const html = await new Browser(workers.fetch).get('/sell-my-car/ulez').then((r) => r.text());
    expect(html).toContain('Is your vehicle ULEZ compliant?');
    expect(html).toMatch(/<form[^>]*action="\/ulez-checker"/);
  });
});
