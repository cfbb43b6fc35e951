import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuthResponse } from '../contract/accounts';
import type { AnalyticsEvent, ChatLoginResponse, DealerLogosResponse, RecentSalesResponse, StoredAnalyticsEvent } from '../contract/shell';
import { startWorkers, type Workers } from './support/workers';

/** The platform's side of the site shell: recent sales, images, dealer logos, analytics, chat. */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

const getJson = async <T>(path: string, init: RequestInit = {}) => {
  const response = await workers.platform(path, init);
  return { status: response.status, body: (await response.json()) as T };
};

let counter = 0;
async function signUp(): Promise<AuthResponse> {
  counter += 1;
  const response = await workers.platform('/platform/api/authn/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requester-id': `shell-signup-${counter}` },
    body: JSON.stringify({
      name: 'Rosalind Hart',
      email: `rosalind.${Date.now()}.${counter}@example.co.uk`,
      phone: '07400 123456',
      postcode: 'ls1 4dy',
      marketingConsent: false,
      linkBase: 'http://localhost',
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as AuthResponse;
}

const postEvents = (body: unknown, headers: Record<string, string> = { 'x-requester-id': 'shell-events' }, target = workers) =>
  target.platform('/platform/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const event = (name: string, path = '/'): AnalyticsEvent => ({
  name,
  path,
  occurredAt: new Date(Date.now() + inject('kerbsideWorkers').clockOffsetMs).toISOString(),
});

describe('recent sales', () => {
  it('shows 12 seeded sales on a fresh database, newest first, within the last 60 days', async () => {
    const { status, body } = await getJson<RecentSalesResponse>('/platform/recent-sales');
    expect(status).toBe(200);
    expect(body.sales).toHaveLength(12);
    const dates = body.sales.map((s) => s.sale.soldDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Date.parse(dates.at(-1)!)).toBeGreaterThan((await workers.clock.now()).getTime() - 60 * 86_400_000);
    expect(body.sales[0]).toEqual({
      id: expect.any(String),
      sale: { soldPrice: expect.any(Number), soldDate: expect.any(String) },
      seller: { firstName: expect.any(String) },
      vehicle: {
        make: expect.any(String),
        makeSlug: expect.any(String),
        model: expect.any(String),
        postcodeArea: expect.stringMatching(/^[A-Z]{1,2}$/),
        leadPhoto: { url: expect.stringMatching(/^\/platform\/images\/vehicles\/[a-z]+-[a-z]+\.svg$/) },
      },
    });
  });

  it('is the same list when asked again, and takes a limit up to 24', async () => {
    const first = await getJson<RecentSalesResponse>('/platform/recent-sales?limit=24');
    const again = await getJson<RecentSalesResponse>('/platform/recent-sales?limit=24');
    expect(first.body.sales).toHaveLength(24);
    expect(again.body).toEqual(first.body);
    expect((await getJson<RecentSalesResponse>('/platform/recent-sales?limit=100')).body.sales).toHaveLength(24);
    for (const bad of ['0', '-1', 'ten', '2.5']) {
      const { status, body } = await getJson<{ code: string }>(`/platform/recent-sales?limit=${bad}`);
      expect(status, bad).toBe(400);
      expect(body.code).toBe('bad_request');
    }
  });

  it('filters by make slug; an unknown make has none, a malformed one is refused', async () => {
    const { body } = await getJson<RecentSalesResponse>('/platform/recent-sales?make=land-rover&limit=24');
    expect(body.sales.length).toBeGreaterThan(0);
    expect(body.sales.every((s) => s.vehicle.makeSlug === 'land-rover' && s.vehicle.make === 'Land Rover')).toBe(true);
    expect((await getJson<RecentSalesResponse>('/platform/recent-sales?make=no-such-make')).body).toEqual({ sales: [] });
    expect((await getJson('/platform/recent-sales?make=Land%20Rover')).status).toBe(400);
  });

  it('puts a sale the dealer has paid for at the top, with the seller first name and postcode area only', async () => {
    const db = workers.db;
    const now = (await workers.clock.now()).getTime();
    const user = await db
      .prepare(
        `INSERT INTO users (user_id, email, first_name, last_name, phone, postcode, email_crm_tier, created_at, updated_at)
         VALUES ('recent-sale-user', 'paid.seller@example.co.uk', 'Rosalind', 'Hart', '+447400123456', 'LS1 4DY', 'service', ?1, ?1) RETURNING id`,
      )
      .bind(new Date(now).toISOString())
      .first<{ id: number }>();
    const sell = async (vrm: string, paidAt: string | null, collectedAt: string | null, amount: number) => {
      const vehicle = await db
        .prepare('INSERT INTO vehicles (vrm) VALUES (?1) ON CONFLICT (vrm) DO UPDATE SET vrm = excluded.vrm RETURNING id')
        .bind(vrm)
        .first<{ id: number }>();
      const stamp = new Date(now - 86_400_000).toISOString();
      const enquiry = await db
        .prepare(
          `INSERT INTO enquiries (vehicle_id, vrm, owner_key, customer_id, mileage, status, dp_state_slug, marketplace_eligible, created_at, updated_at, expires_at)
           VALUES (?1, ?2, ?3, ?4, 42000, 'sold_invoice_paid', 'sold-invoice-paid', 1, ?5, ?5, '2099-01-01T00:00:00.000Z') RETURNING id`,
        )
        .bind(vehicle!.id, vrm, `customer:${user!.id}`, user!.id, stamp)
        .first<{ id: number }>();
      await db
        .prepare(
          `INSERT INTO sales (enquiry_id, seed, valuation, reserve, starts_at, ends_at, offer_amount, offer_dealer_id, outcome, accepted_at, collected_at, paid_at, created_at)
           VALUES (?1, 1, ?2, ?2, ?3, ?3, ?2, 7, 'accepted', ?4, ?5, ?6, ?4)`,
        )
        .bind(enquiry!.id, amount, now - 86_400_000, stamp, collectedAt, paidAt)
        .run();
    };
    const justNow = new Date(now - 1_000).toISOString();
    await sell('KE19FTA', justNow, justNow, 9_876);
    // Seeded prices are whole multiples of £5, so these two cannot be mistaken for seeded ones.
    await sell('KD15DSL', null, justNow, 5_551); // collected, not yet paid: not a completed sale
    await sell('KK18KMS', new Date(now - 61 * 86_400_000).toISOString(), justNow, 7_773); // too long ago

    const all = (await getJson<RecentSalesResponse>('/platform/recent-sales?limit=24')).body.sales;
    expect(all[0]).toMatchObject({
      sale: { soldPrice: 9_876, soldDate: justNow },
      seller: { firstName: 'Rosalind' },
      vehicle: {
        make: 'Ford',
        makeSlug: 'ford',
        model: 'Fiesta',
        postcodeArea: 'LS',
        leadPhoto: { url: '/platform/images/vehicles/hatchback-blue.svg' },
      },
    });
    expect(JSON.stringify(all)).not.toMatch(/Hart|KE19FTA|LS1 4DY/);
    expect(all.filter((s) => s.sale.soldPrice % 5 !== 0).map((s) => s.sale.soldPrice)).toEqual([9_876]);
    const fords = (await getJson<RecentSalesResponse>('/platform/recent-sales?make=ford')).body.sales;
    expect(fords[0]!.sale.soldPrice).toBe(9_876);
    const bmws = (await getJson<RecentSalesResponse>('/platform/recent-sales?make=bmw&limit=24')).body.sales;
    expect(bmws.some((s) => s.sale.soldPrice === 7_773)).toBe(false);
    expect(bmws.every((s) => s.vehicle.makeSlug === 'bmw')).toBe(true);
  });
});

describe('generated images', () => {
  it('serves each recent sale picture as a small SVG that runs nothing', async () => {
    const { body } = await getJson<RecentSalesResponse>('/platform/recent-sales?limit=24');
    for (const url of new Set(body.sales.map((s) => s.vehicle.leadPhoto.url))) {
      const response = await workers.platform(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
      const svg = await response.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 137 124"/);
      expect(svg.length).toBeLessThan(2048);
    }
  });

  it('answers an unknown image with 404', async () => {
    for (const path of [
      '/platform/images/vehicles/tank-blue.svg',
      '/platform/images/vehicles/hatchback-tartan.svg',
      '/platform/images/vehicles/hatchback-blue.png',
      '/platform/images/dealers/999.svg',
      '/platform/images/dealers/abc.svg',
    ]) {
      const response = await workers.platform(path);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });

  it('lists 8 featured dealers with logos, and draws each logo', async () => {
    const { status, body } = await getJson<DealerLogosResponse>('/platform/dealers/featured');
    expect(status).toBe(200);
    expect(body.dealers).toHaveLength(8);
    expect((await getJson<DealerLogosResponse>('/platform/dealers/featured?limit=3')).body.dealers).toEqual(body.dealers.slice(0, 3));
    for (const dealer of body.dealers) {
      expect(dealer.logo.url).toBe(`/platform/images/dealers/${dealer.id}.svg`);
      const response = await workers.platform(dealer.logo.url);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      const svg = await response.text();
      expect(svg).toContain('viewBox="0 0 160 48"');
      expect(svg).toContain(dealer.name.split(' ')[0]);
    }
    expect((await getJson('/platform/dealers/featured?limit=x')).status).toBe(400);
  });
});

describe('analytics events', () => {
  it('stores a batch and gives it back through the development endpoint, oldest first, registrations redacted', async () => {
    const events: AnalyticsEvent[] = [
      { ...event('page_view', '/KE19FTA/accept-offer'), campaign: { utm_source: 'newsletter' }, experiments: { home_reviews_first: 'on' } },
      { ...event('mileage_submitted', '/mileage'), properties: { attempt: 1, confirmed: true } },
    ];
    const response = await postEvents({ events }, { 'x-requester-id': 'shell-batch-1' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2 });

    const { body } = await getJson<{ events: StoredAnalyticsEvent[] }>('/platform/dev/events?requesterId=shell-batch-1');
    expect(body.events).toEqual([
      { id: expect.any(Number), requesterId: 'shell-batch-1', userId: null, ...events[0], path: '/{vrm}/accept-offer' },
      { id: expect.any(Number), requesterId: 'shell-batch-1', userId: null, ...events[1] },
    ]);
    expect(body.events[0]!.id).toBeLessThan(body.events[1]!.id);
    expect((await getJson<{ events: unknown[] }>('/platform/dev/events?requesterId=someone-else')).body.events).toEqual([]);
  });

  it('records the signed-in seller, and a lapsed token counts as anonymous rather than failing', async () => {
    const { tokens, user } = await signUp();
    expect(
      (await postEvents({ events: [event('signed_in_view')] }, { 'x-requester-id': 'shell-user', 'x-mway-authorization': tokens.idToken }))
        .status,
    ).toBe(202);
    expect(
      (await postEvents({ events: [event('lapsed_view')] }, { 'x-requester-id': 'shell-user', 'x-mway-authorization': 'not.a.token' }))
        .status,
    ).toBe(202);
    const { body } = await getJson<{ events: StoredAnalyticsEvent[] }>('/platform/dev/events?requesterId=shell-user');
    expect(body.events.map((e) => [e.name, e.userId])).toEqual([
      ['signed_in_view', user.id],
      ['lapsed_view', null],
    ]);
  });

  it('refuses a batch without a requester id, or with anything invalid, and stores none of it', async () => {
    const noRequester = await postEvents({ events: [event('page_view')] }, {});
    expect(noRequester.status).toBe(400);
    expect(await noRequester.json()).toEqual({ code: 'bad_request', message: 'The x-requester-id header is required' });

    const invalid: unknown[] = [
      { events: [event('page_view'), { ...event('page_view'), name: 'PageView' }] },
      { events: [{ ...event('page_view'), path: '/sign-in?token=abc' }] },
      { events: [{ ...event('page_view'), properties: { email: 'rosalind@example.co.uk' } }] },
      { events: [{ ...event('page_view'), campaign: { fbclid: 'x' } }] },
      { events: Array.from({ length: 21 }, () => event('page_view')) },
      { events: [] },
      [event('page_view')],
    ];
    for (const body of invalid) {
      const response = await postEvents(body, { 'x-requester-id': 'shell-invalid' });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await response.json()).toEqual({ code: 'bad_request', message: expect.any(String) });
    }
    const notJson = await workers.platform('/platform/events', {
      method: 'POST',
      headers: { 'x-requester-id': 'shell-invalid' },
      body: '{events:',
    });
    expect(notJson.status).toBe(400);
    await notJson.body?.cancel();
    expect((await getJson<{ events: unknown[] }>('/platform/dev/events?requesterId=shell-invalid')).body.events).toEqual([]);
  });
});

describe('the support chat', () => {
  it('serves the stand-in widget script', async () => {
    const response = await workers.platform('/platform/chat/widget.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const script = await response.text();
    expect(script).toContain('window.KerbsideChat');
    expect(script.length).toBeLessThan(4096);
  });

  it('logs a signed-in seller in with a session id that stays the same, and a token that signs nobody in here', async () => {
    const anonymous = await getJson<{ code: string }>('/platform/virtual-assistant/auth');
    expect(anonymous.status).toBe(401);

    const { tokens } = await signUp();
    const headers = { 'x-mway-authorization': tokens.idToken, 'x-requester-id': 'shell-chat' };
    const first = await getJson<ChatLoginResponse>('/platform/virtual-assistant/auth', { headers });
    const second = await getJson<ChatLoginResponse>('/platform/virtual-assistant/auth', { headers });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sessionId: expect.stringMatching(/^chat-/), token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) });
    expect(second.body.sessionId).toBe(first.body.sessionId);

    const other = await signUp();
    const otherLogin = await getJson<ChatLoginResponse>('/platform/virtual-assistant/auth', {
      headers: { 'x-mway-authorization': other.tokens.idToken },
    });
    expect(otherLogin.body.sessionId).not.toBe(first.body.sessionId);

    const misuse = await workers.platform('/platform/user', { headers: { 'x-mway-authorization': first.body.token } });
    expect(misuse.status).toBe(401);
    await misuse.body?.cancel();
  });
});

describe('outside development', () => {
  let staging: Workers;
  beforeAll(async () => {
    staging = await startWorkers({ platformVars: { ENVIRONMENT: 'staging', PROVIDER_LATENCY_MS: '0', EVENTS_RATE_LIMIT: '2' } });
  });
  afterAll(() => staging?.dispose());

  it('has no development events endpoint, and still records events', async () => {
    expect((await postEvents({ events: [event('page_view')] }, { 'x-requester-id': 'staging-1' }, staging)).status).toBe(202);
    const response = await staging.platform('/platform/dev/events?requesterId=staging-1');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'not_found', message: 'No such endpoint' });
    const stored = await staging.db.prepare("SELECT name, path FROM analytics_events WHERE requester_id = 'staging-1'").all();
    expect(stored.results).toEqual([{ name: 'page_view', path: '/' }]);
  });

  it('limits how often one requester may send events', async () => {
    const send = () => postEvents({ events: [event('page_view')] }, { 'x-requester-id': 'staging-busy' }, staging);
    // Two a minute: a run that straddles a minute boundary gets two more before the limit.
    const statuses: number[] = [];
    let limited: Response | undefined;
    while (!limited && statuses.length < 5) {
      const response = await send();
      statuses.push(response.status);
      if (response.status === 429) limited = response;
      else await response.body?.cancel();
    }
    expect(statuses.slice(0, 2)).toEqual([202, 202]);
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited!.json()).toMatchObject({ code: 'too_many_requests' });
    expect((await postEvents({ events: [event('page_view')] }, { 'x-requester-id': 'staging-calm' }, staging)).status).toBe(202);
  });
});
