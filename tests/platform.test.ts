import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '../contract/gateway';
import type { LookupResponse } from '../contract/lookup';
import type { MotHistory, Vehicle } from '../contract/vehicles';
import { Browser, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

const lookup = (vrm: unknown) =>
  workers.platform('/platform/vehicles/lookup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requester-id': 'platform-test' },
    body: JSON.stringify({ vrm }),
  });

describe('the platform gateway', () => {
  it('reports its health with the size of the seeded register', async () => {
    const health = (await (await workers.platform('/api/health')).json()) as HealthResponse;
    expect(health.status).toBe('ok');
    expect(health.registerVehicles).toBeGreaterThanOrEqual(300);
  });

  it('answers a lookup with {code, customer, enquiry, error, vehicle}', async () => {
    const response = await lookup('ke19 fta');
    const body = (await response.json()) as LookupResponse;
    expect(response.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['code', 'customer', 'enquiry', 'error', 'vehicle']);
    expect(body.code).toBe('ok');
    expect(body.vehicle).toMatchObject({
      vrm: 'KE19FTA',
      vrm_pretty: 'KE19 FTA',
      make: { display_name: 'Ford', slug: 'ford' },
      model: 'Fiesta',
      year: 2019,
      fuel: 'PETROL',
    });
    expect(body.vehicle!.mileageEst).toBeGreaterThan(body.vehicle!.mileageLastMot!);
  });

  it('rejects a request without a registration as bad_request', async () => {
    const response = await lookup(42);
    expect(response.status).toBe(400);
    expect(((await response.json()) as LookupResponse).code).toBe('bad_request');
  });

  it('converts kilometre readings and serves a DVSA-shaped MOT history, newest first', async () => {
    const history = (await (await workers.platform('/platform/vehicles/KK18KMS/mot-history')).json()) as MotHistory;
    expect(history.motTests.length).toBeGreaterThan(0);
    expect(history.motTests[0]!.odometerUnit).toBe('KM');
    const dates = history.motTests.map((t) => t.completedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const vehicle = (await (await workers.platform('/platform/vehicles/KK18KMS')).json()) as Vehicle;
    expect(vehicle.mileageLastMot).toBe(
      Math.round(history.motTests.find((t) => t.odometerResultType === 'READ')!.odometerValue! / 1.609344),
    );
  });

  it('gives an electric car no engine size and a new car no MOT readings', async () => {
    const tesla = (await (await workers.platform('/platform/vehicles/KT70EVS')).json()) as Vehicle;
    expect(tesla).toMatchObject({ fuel: 'ELECTRICITY', engineCapacity: null, co2Emissions: 0 });
    const { vehicle } = (await (await lookup('KN76NEW')).json()) as LookupResponse;
    expect(vehicle?.mileageLastMot ?? null).toBeNull();
  });

  it('keeps the ids it gave vehicles when the register is seeded again', async () => {
    const before = ((await (await lookup('KD15DSL')).json()) as LookupResponse).vehicle!.id;
    const count = async () => (await workers.db.prepare('SELECT count(*) AS n FROM register_vehicles').first<{ n: number }>())!.n;
    const registerSize = await count();
    await workers.reseed();
    expect(await count()).toBe(registerSize);
    expect(((await (await lookup('KD15DSL')).json()) as LookupResponse).vehicle!.id).toBe(before);
  });

  it('answers unknown endpoints with a JSON 404', async () => {
    const response = await workers.platform('/platform/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'not_found', message: 'No such endpoint' });
  });
});

describe('a failing backend behind a page', () => {
  // A platform 5xx behind the vehicle page: the page stands in its frame with the car's plate, says
  // what it can't show and links to try again (docs/decisions/026), never the page-load failure.
  it('shows the page in its frame with the outage notice and a link to try again, never a stack trace', async () => {
    const response = await new Browser(workers.fetch).get('/ER19ERR');
    const html = await response.text();
    expect(response.status).toBe(503);
    const text = textOf(html);
    expect(text).toContain('ER19 ERR');
    expect(text).toContain('We can’t show all of this car’s details just now. Sorry, something went wrong. Please try again.');
    expect(text).toContain('Get your instant valuation');
    expect(text).not.toContain("Sorry, we couldn't load this page");
    expect(html).toMatch(/<a class="btn" href="\/ER19ERR"[^>]*>Try again<\/a>/);
    // A stack frame reads "at name (file:line:column)"; dates in the page data must not count.
    expect(html).not.toMatch(/GatewayError|PlatformFailure|\bat [\w.$<>]+ \([^)]*:\d+:\d+\)|\bat [^\s()]+:\d+:\d+/);
  });
});
