import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { VehicleTaxResponse } from '../contract/tax';
import { Browser, mainText, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { LOOKUP_RATE_LIMIT: '5' } });
});
afterAll(() => workers?.dispose());

let ip = 0;
/** Each test is its own seller: the rate limit of one does not touch another. */
const seller = () => new Browser(workers.fetch, { ip: `198.51.100.${++ip}` });

async function platformTax(vrm: string): Promise<{ status: number; body: VehicleTaxResponse }> {
  const response = await workers.platform(`/platform/vehicle-checker/tax/${vrm}`, { headers: { 'x-client-ip': `192.0.2.${++ip}` } });
  return { status: response.status, body: (await response.json()) as VehicleTaxResponse };
}

/** The first of the month the run's clock started in: the seeded register's reference date. */
const firstOfThisMonth = () => `${inject('kerbsideWorkers').now.slice(0, 7)}-01`;

describe('the car tax check without JavaScript', () => {
  it('takes a registration, typed loosely, to a results page whose address carries it', async () => {
    const browser = seller();
    const posted = await browser.post('/car-tax-check', { vrm: ' ke19 fta ' });
    // 303, as every registration tool answers a post (it was a 302 before the tools became one kind of page).
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/car-tax-check/results?vrm=KE19FTA');
    const page = await browser.follow(posted);
    const text = mainText(await page.text());
    expect(page.status).toBe(200);
    expect(text).toContain('Tax for KE19 FTA');
    expect(text).toContain('Ford Fiesta');
    expect(text).toMatch(/Taxed Tax is due on \d{1,2} \w+ 20\d\d\./);
    expect(text).toContain('£195 a year');
    expect(text).toContain('12 monthly Direct Debits £204.75 in total');
    expect(text).toContain("These are GOV.UK's rates for the 2025/26 tax year (1 April 2025 to 31 March 2026).");
    expect(text).toContain('No expensive car supplement any more: it is paid in years 2 to 6 only, which ended on 14 March 2025.');
  });

  it('shows the same results on a reload, or to anyone opening the address', async () => {
    const first = mainText(await (await seller().get('/car-tax-check/results?vrm=KD15DSL')).text());
    const again = mainText(await (await seller().get('/car-tax-check/results?vrm=KD15DSL')).text());
    expect(first).toContain('band F');
    expect(again).toBe(first);
  });

  it('gives each registration one address', async () => {
    const response = await seller().get('/car-tax-check/results?vrm=kd15%20dsl');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/car-tax-check/results?vrm=KD15DSL');
  });

  it('re-shows the form with the hero’s message and the typed value for a malformed registration', async () => {
    const response = await seller().post('/car-tax-check', { vrm: 'NOT A REG!' });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(mainText(html)).toContain('Enter a valid UK vehicle registration');
    expect(html).toContain('value="NOT A REG!"');
  });

  it('asks for a registration when the results address has none', async () => {
    const response = await seller().get('/car-tax-check/results');
    expect(response.status).toBe(200);
    expect(mainText(await response.text())).toContain('Car tax check Enter a registration to see its tax.');
  });

  it.each([
    ['ER19NFD', 404, 'Did we get the reg right?', "We couldn't find a vehicle with that registration.", 'Check again'],
    ['AB99CDE', 400, 'AB99 CDE is a not a valid reg', 'Please check your reg and try again.', 'Check again'],
    ['ER19BAD', 400, 'Bad request', 'Please refresh the page and try again.', 'Refresh'],
    ['ER19THR', 429, 'Too many requests', 'We have detected you are making a lot of requests to Kerbside.', 'Check tax'],
    ['ER19ERR', 503, 'Sorry, an error has occurred', 'Please refresh the page and try again.', 'Refresh'],
    ['ER19MNT', 503, 'Vehicle details unavailable', 'unable to get the details of this vehicle', 'Refresh'],
    ['ER19ULZ', 503, 'In high demand', 'Our checking service is currently extremely busy', 'Refresh'],
  ])(
    '%s shows the panel "%s" over the form, with the registration kept, and again on a reload',
    async (vrm, status, title, text, button) => {
      const browser = seller();
      const page = await browser.follow(await browser.post('/car-tax-check', { vrm }));
      const html = await page.text();
      expect(page.status).toBe(status);
      expect(mainText(html)).toContain(title);
      expect(mainText(html)).toContain(text);
      expect(mainText(html)).toContain(button);
      expect(html).toMatch(/<input[^>]*name="vrm"[^>]*value="[A-Z0-9 ]+"/);
      const reloaded = await browser.get(`/car-tax-check/results?vrm=${vrm}`);
      expect(mainText(await reloaded.text())).toContain(title);
    },
  );

  // What the results page says for each kind of sandbox vehicle (docs/sandbox.md): its tax status
  // and what it costs, or why no amount is given.
  it.each([
    ['KS12SRN', 'SORN: declared off the road', 'band E'],
    ['KU16TAX', 'Untaxed', 'band C'],
    ['KL21LUX', 'Taxed', 'If its list price was over £40,000, add the expensive car supplement: £425 a year'],
    ['KE25ZEV', 'Taxed', 'If its list price was over £50,000'],
    ['AB1234', 'SORN: declared off the road', 'In the historic tax class: vehicles built before 1 January'],
    ['R123OLD', 'Taxed', 'We have not been able to confirm the 2025/26 amount'],
    ['KV21VAN', 'Taxed', 'The flat van rate'],
    ['KM17MCY', 'Taxed', 'The 401 to 600 cc rate'],
  ])('%s: the results say "%s" and "%s"', async (vrm, status, cost) => {
    const browser = seller();
    const page = await browser.follow(await browser.post('/car-tax-check', { vrm }));
    const html = await page.text();
    expect(page.status).toBe(200);
    const statusBlock = /data-testid="tax-status"[\s\S]*?<h2[^>]*>([\s\S]*?)<\/h2>/.exec(html);
    expect(statusBlock?.[1]?.replace(/<[^>]+>/g, '').trim()).toBe(status);
    const costBlock = /data-testid="tax-cost"[\s\S]*?<\/section>/.exec(html);
    expect(costBlock && textOf(costBlock[0])).toContain(cost);
  });

  it('checks another vehicle from the results page', async () => {
    const browser = seller();
    await browser.get('/car-tax-check/results?vrm=KE19FTA');
    const posted = await browser.post('/car-tax-check', { vrm: 'KU16TAX' });
    expect(posted.headers.get('location')).toBe('/car-tax-check/results?vrm=KU16TAX');
    expect(mainText(await (await browser.follow(posted)).text())).toContain('Its tax ran out on');
  });

  it('runs the check again from the Refresh button', async () => {
    const html = await (await seller().get('/car-tax-check/results?vrm=ER19ERR')).text();
    expect(html).toMatch(
      /<form method="post" action="\/car-tax-check"[^>]*><input type="hidden" name="vrm" value="ER19ERR"\/><button[^>]*>Refresh/,
    );
    const browser = seller();
    const again = await browser.post('/car-tax-check', { vrm: 'ER19ERR' });
    expect(again.headers.get('location')).toBe('/car-tax-check/results?vrm=ER19ERR');
    expect(mainText(await (await browser.follow(again)).text())).toContain('Sorry, an error has occurred');
  });

  it('is rate-limited like the lookup, counted apart from it', async () => {
    const browser = seller();
    for (let i = 0; i < 5; i++) expect((await browser.get('/car-tax-check/results?vrm=KE19FTA')).status).toBe(200);
    const limited = await browser.get('/car-tax-check/results?vrm=KE19FTA');
    expect(limited.status).toBe(429);
    expect(mainText(await limited.text())).toContain('We have detected you are making a lot of requests to Kerbside.');
    // The registration lookup still answers the same seller.
    expect((await browser.post('/?index', { vrm: 'KE19FTA' })).headers.get('location')).toBe('/mileage');
  });
});

describe('GET /platform/vehicle-checker/tax/{vrm} for the sandbox registrations', () => {
  it('says which tax year its rates are for, with GOV.UK sources', async () => {
    const { status, body } = await platformTax('KE19FTA');
    expect(status).toBe(200);
    expect(body.tax!.rates).toMatchObject({ taxYear: '2025/26', from: '2025-04-01', to: '2026-03-31' });
    expect(body.tax!.rates.sources.length).toBeGreaterThan(0);
    for (const source of body.tax!.rates.sources) expect(source.url).toMatch(/^https:\/\/www\.gov\.uk\//);
  });

  it('KS12SRN is SORN and AB1234 a SORN classic in the historic class', async () => {
    expect((await platformTax('KS12SRN')).body.tax!.status).toEqual({ state: 'sorn', dueDate: null });
    const classic = (await platformTax('AB1234')).body.tax!;
    expect(classic.status.state).toBe('sorn');
    expect(classic.assessment.kind).toBe('historic');
  });

  it('KU16TAX is untaxed since the first of this month, not SORN, with a valid MOT', async () => {
    const tax = (await platformTax('KU16TAX')).body.tax!;
    expect(tax.status).toEqual({ state: 'untaxed', dueDate: firstOfThisMonth() });
    expect(tax.mot.status).toBe('Valid');
  });

  it('KL21LUX is in the expensive car supplement’s years until June 2027', async () => {
    const a = (await platformTax('KL21LUX')).body.tax!.assessment;
    expect(a).toMatchObject({
      kind: 'standard_rate',
      supplement: { annual: 42_500, listPriceOver: 40_000, from: '2022-06-18', until: '2027-06-18' },
    });
  });

  it('KE25ZEV, electric since April 2025: £10 first, the supplement over £50,000; KT70EVS never pays it', async () => {
    const newer = (await platformTax('KE25ZEV')).body.tax!.assessment;
    expect(newer).toMatchObject({
      kind: 'standard_rate',
      zeroEmission: true,
      firstPayment: { amount: 1_000 },
      supplement: { listPriceOver: 50_000 },
    });
    const older = (await platformTax('KT70EVS')).body.tax!.assessment;
    expect(older).toMatchObject({
      kind: 'standard_rate',
      supplement: null,
      noSupplementReason: 'zero_emission_registered_before_april_2025',
    });
  });

  it('R123OLD, KV21VAN and KM17MCY say how they are taxed, with no unconfirmed amount', async () => {
    expect((await platformTax('R123OLD')).body.tax!.assessment).toEqual({
      kind: 'engine_size',
      engineCapacity: 2874,
      band: 'over_1549cc',
      rates: null,
    });
    expect((await platformTax('KV21VAN')).body.tax!.assessment).toEqual({ kind: 'light_goods', euro4Window: false, rates: null });
    expect((await platformTax('KM17MCY')).body.tax!.assessment).toEqual({ kind: 'motorcycle', band: '401_to_600cc', rates: null });
  });

  it('answers an unknown registration with the lookup’s not-found code', async () => {
    const { status, body } = await platformTax('KE19ZZZ');
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'vehicle_lookup_failed', tax: null });
  });
});
