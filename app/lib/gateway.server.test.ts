import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpointTable, get, post } from '../../contract/endpoint';
import { endpoints } from '../../contract/endpoints';
import { GATEWAY_SECRET_HEADER, PROVIDERS_VERSIONS_HEADER, SESSION_ID_HEADER } from '../../contract/gateway';
import {
  LoopDetector,
  PlatformFailure,
  ProvidersVersions,
  createGatewayClient,
  errorMessage,
  timeoutFor,
  type GatewayClientOptions,
  type GatewayTokens,
} from './gateway.server';

/** Endpoints of no feature, for answers the platform never gives. */
const test = endpointTable({
  test: {
    x: get<unknown>()('/x', { auth: 'none' }),
    postX: post<unknown>()('/platform/x', { auth: 'none', body: z.record(z.unknown()) }),
    lookupWithOutcome: post<unknown>()('/platform/vehicles/lookup', {
      auth: 'none',
      body: z.record(z.unknown()),
      outcomes: { 404: ['vehicle_lookup_failed'] },
    }),
  },
}).test;
const { user } = endpoints.account;

type Handler = (request: Request) => Response | Promise<Response>;

function client(handler: Handler, overrides: Partial<GatewayClientOptions> & { tokens?: GatewayTokens } = {}) {
  const seen: Request[] = [];
  const log = vi.fn();
  const gateway = createGatewayClient({
    fetch: async (request) => {
      seen.push(request);
      return handler(request);
    },
    baseUrl: 'https://gateway.test',
    requesterId: 'req-1',
    getTokens: () => overrides.tokens ?? {},
    log,
    ...overrides,
  });
  return { gateway, seen, log };
}

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.useRealTimers());

describe('gateway headers', () => {
  it('sends the id token as x-mway-authorization when a refresh token and an id token exist', async () => {
    const { gateway, seen } = client(() => json({}), { tokens: { idToken: 'id', refreshToken: 'r', authToken: 'a' } });
    await gateway.call(user);
    expect(seen[0]!.headers.get('x-mway-authorization')).toBe('id');
    expect(seen[0]!.headers.get('x-access-token')).toBeNull();
  });

  it('falls back to the auth token as x-access-token without a refresh token', async () => {
    const { gateway, seen } = client(() => json({}), { tokens: { idToken: 'id', authToken: 'a' } });
    await gateway.call(user);
    expect(seen[0]!.headers.get('x-access-token')).toBe('a');
    expect(seen[0]!.headers.get('x-mway-authorization')).toBeNull();
  });

  it('sends no token for an anonymous seller, and always a requester id', async () => {
    const { gateway, seen } = client(() => json({}));
    await gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    const request = seen[0]!;
    expect(request.headers.get('x-requester-id')).toBe('req-1');
    expect(request.headers.get('x-access-token')).toBeNull();
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ vrm: 'KE19FTA' });
  });

  it('proves every call comes from the app with the shared gateway secret', async () => {
    const { gateway, seen } = client(() => json({}), { gatewaySecret: 'shared-secret-0123456789abcdef0123456789' });
    await gateway.call(user);
    await gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    expect(seen.map((request) => request.headers.get(GATEWAY_SECRET_HEADER))).toEqual([
      'shared-secret-0123456789abcdef0123456789',
      'shared-secret-0123456789abcdef0123456789',
    ]);
  });

  it("forwards the seller's address and User-Agent, so a new session can name its device", async () => {
    const { gateway, seen } = client(() => json({}), { clientIp: '192.0.2.7', clientUserAgent: 'Mozilla/5.0 (Android 14) Firefox/127.0' });
    await gateway.call(endpoints.account.signIn, { body: { token: 't' } });
    expect(seen[0]!.headers.get('x-client-ip')).toBe('192.0.2.7');
    expect(seen[0]!.headers.get('x-client-user-agent')).toBe('Mozilla/5.0 (Android 14) Firefox/127.0');
    const { gateway: bare, seen: bareSeen } = client(() => json({}));
    await bare.call(user);
    expect(bareSeen[0]!.headers.get('x-client-user-agent')).toBeNull();
  });

  it('forwards an upload as multipart with its own boundary', async () => {
    const { gateway, seen } = client(() => json({}));
    const form = new FormData();
    form.set('kind', 'v5c');
    form.set('file', new File([new Uint8Array([1, 2, 3])], 'logbook.pdf', { type: 'application/pdf' }));
    await gateway.call(endpoints.sale.uploadDocument, { body: form });
    expect(seen[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const received = await seen[0]!.formData();
    expect(received.get('kind')).toBe('v5c');
    expect(new Uint8Array(await (received.get('file') as File).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('puts the query on the URL, leaving out empty values', async () => {
    const { gateway, seen } = client(() => json({}));
    await gateway.call(endpoints.entry.premiumOffer, { query: { vrm: 'KE19FTA', valuation_ref: 12, empty: undefined } as never });
    expect(seen[0]!.url).toBe('https://gateway.test/platform/premium-offer?vrm=KE19FTA&valuation_ref=12');
  });
});

describe('the providers-versions and session-id headers', () => {
  const versions = 'bidding=1,modulus=9.00,mot=2026-11,register=2026-11,valuation=1';
  const answerWithVersions = (value: string) => () =>
    new Response('{}', { headers: { 'content-type': 'application/json', [PROVIDERS_VERSIONS_HEADER]: value } });

  it('sends no versions until the platform has named them, then the ones it named, on every client of the isolate', async () => {
    const memory = new ProvidersVersions();
    const first = client(answerWithVersions(versions), { providersVersions: memory });
    await first.gateway.call(user);
    await first.gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    expect(first.seen.map((request) => request.headers.get(PROVIDERS_VERSIONS_HEADER))).toEqual([null, versions]);
    // The next seller's request, on the same isolate, knows them from its first call.
    const next = client(answerWithVersions(versions), { providersVersions: memory, requesterId: 'req-2' });
    await next.gateway.call(user);
    expect(next.seen[0]!.headers.get(PROVIDERS_VERSIONS_HEADER)).toBe(versions);
  });

  it('follows the platform when its versions move, and keeps what it knew when an answer names none or nonsense', async () => {
    const memory = new ProvidersVersions();
    memory.heard(versions);
    const moved = versions.replace('valuation=1', 'valuation=2');
    let answer: () => Response = answerWithVersions(moved);
    const { gateway, seen } = client(() => answer(), { providersVersions: memory });
    await gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    answer = () => json({});
    await gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    answer = answerWithVersions('<script>,,');
    await gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    await gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    expect(seen.map((request) => request.headers.get(PROVIDERS_VERSIONS_HEADER))).toEqual([versions, moved, moved, moved]);
  });

  it('learns the versions from a failed answer too', async () => {
    const memory = new ProvidersVersions();
    const { gateway } = client(
      () =>
        new Response('{"code":"x","message":"no"}', {
          status: 503,
          headers: { 'content-type': 'application/json', [PROVIDERS_VERSIONS_HEADER]: versions },
        }),
      { providersVersions: memory },
    );
    await expect(gateway.call(user)).rejects.toBeInstanceOf(PlatformFailure);
    expect(memory.known).toBe(versions);
  });

  it('sends the session id on every call of a same-origin form post, and none without one', async () => {
    const sessionId = '6f1c2a9e-4b7d-4c1e-9a55-2d8e0f3b7c41';
    const posting = client(() => json({}), { sessionId });
    await posting.gateway.call(user);
    await posting.gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    expect(posting.seen.map((request) => request.headers.get(SESSION_ID_HEADER))).toEqual([sessionId, sessionId]);
    const reading = client(() => json({}), { sessionId: null });
    await reading.gateway.call(endpoints.entry.lookup, { body: { vrm: 'KE19FTA' } });
    expect(reading.seen[0]!.headers.get(SESSION_ID_HEADER)).toBeNull();
  });
});

describe('gateway timeouts', () => {
  it('uses 5 s by default, 10 s for the premium offer and 20 s for payments', () => {
    expect(timeoutFor('/platform/vehicles/lookup')).toBe(5_000);
    expect(timeoutFor('/platform/premium-offer')).toBe(10_000);
    expect(timeoutFor('/platform/payments/beneficiaries/1')).toBe(20_000);
    expect(timeoutFor(endpoints.entry.premiumOffer)).toBe(10_000);
    // Every call under /platform/payments/ is a payments call.
    const payments = Object.values(endpoints.sale).filter((e) => e.path.startsWith('/platform/payments/'));
    expect(payments.length).toBeGreaterThan(5);
    for (const endpoint of payments) expect(timeoutFor(endpoint)).toBe(20_000);
  });

  it('aborts a slow call with "Timed out in {ms}ms"', async () => {
    vi.useFakeTimers();
    const { gateway, log } = client(
      (request) => new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const pending = gateway.call(endpoints.entry.vehicle, { params: { vrm: 'KE19FTA' } });
    const assertion = expect(pending).rejects.toThrow(
      new PlatformFailure(endpoints.entry.vehicle, 'Timed out in 5000ms', 0, 'timeout', null),
    );
    await vi.advanceTimersByTimeAsync(5_000);
    await assertion;
    expect(log).toHaveBeenCalledWith('gateway.timeout', expect.objectContaining({ timeoutMs: 5000 }));
  });

  it("honours the endpoint's timeout class", async () => {
    vi.useFakeTimers();
    const { gateway } = client(
      (request) => new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const pending = gateway.call(endpoints.sale.paymentStatuses, { query: { enquiryId: 1 } });
    const assertion = expect(pending).rejects.toThrow('Timed out in 20000ms');
    await vi.advanceTimersByTimeAsync(19_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('turns a network failure into an unavailable error, not a crash', async () => {
    const { gateway } = client(() => Promise.reject(new TypeError('fetch failed')));
    const error = await gateway.call(user).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformFailure);
    expect((error as PlatformFailure).status).toBe(0);
    expect((error as PlatformFailure).kind).toBe('unavailable');
    expect((error as PlatformFailure).outage).toBe(true);
  });
});

describe('gateway answers', () => {
  it('parses JSON bodies and passes text through', async () => {
    expect(await client(() => json({ a: 1 })).gateway.call(test.x)).toEqual({ a: 1 });
    expect(await client(() => new Response('plain')).gateway.call(test.x)).toBe('plain');
    expect(await client(() => new Response(null, { status: 204 })).gateway.call(test.x)).toBeNull();
  });

  it('treats a success whose JSON does not parse as a failure, never as saved', async () => {
    const truncated = () => new Response('{"enquiry":{"id":12,"mil', { status: 200, headers: { 'content-type': 'application/json' } });
    const { gateway, log } = client(truncated);
    const error = await gateway
      .call(endpoints.entry.createEnquiry, { query: { vrm: 'KE19FTA' }, body: { mileage: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformFailure);
    expect((error as PlatformFailure).code).toBe('malformed');
    expect((error as PlatformFailure).status).toBe(0);
    expect(log).toHaveBeenCalledWith('gateway.malformed_body', expect.objectContaining({ path: '/platform/create-enquiry', status: 200 }));
    // Cut off before the first byte, or a proxy's page in place of the answer: not saved either.
    const empty = () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } });
    expect(
      await client(empty)
        .gateway.call(test.postX, { body: {} })
        .catch((e: unknown) => (e as PlatformFailure).code),
    ).toBe('malformed');
    const page = () =>
      new Response('<html><body>Service unavailable</body></html>', { status: 200, headers: { 'content-type': 'text/html' } });
    expect(
      await client(page)
        .gateway.call(test.postX, { body: {} })
        .catch((e: unknown) => (e as PlatformFailure).code),
    ).toBe('malformed');
    // An SVG or a script is not JSON and never said it was.
    expect(await client(() => new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } })).gateway.call(test.x)).toBe(
      '<svg/>',
    );
  });

  it('prefers the body message, then code, then status text, then status', () => {
    expect(errorMessage(400, 'Bad Request', { message: 'm', code: 'c' })).toBe('m');
    expect(errorMessage(400, 'Bad Request', { code: 'c' })).toBe('c');
    expect(errorMessage(400, 'Bad Request', 'oops')).toBe('Bad Request');
    expect(errorMessage(502, '', null)).toBe('502');
  });

  it('throws a PlatformFailure carrying status and code for a non-OK answer', async () => {
    const { gateway } = client(() => json({ code: 'invalid_vrm', message: 'Not a valid registration' }, 400));
    const error = (await gateway.call(test.x).catch((e: unknown) => e)) as PlatformFailure;
    expect(error).toBeInstanceOf(PlatformFailure);
    expect(error.kind).toBe('refused');
    expect(error.endpoint).toBe('test.x');
    expect(error.message).toBe('Not a valid registration');
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_vrm');
  });

  it("marks a status the endpoint lists as an outcome, with the body's code", async () => {
    const { gateway } = client(() => json({ code: 'vehicle_lookup_failed' }, 404));
    const result = await gateway.attempt(test.lookupWithOutcome, { body: {} });
    expect(result.ok).toBe(false);
    const { failure } = result as { ok: false; failure: PlatformFailure };
    expect(failure).toMatchObject({
      kind: 'outcome',
      status: 404,
      code: 'vehicle_lookup_failed',
      outcome: 'vehicle_lookup_failed',
      outage: false,
    });
    expect(failure.body).toEqual({ code: 'vehicle_lookup_failed' });
    // The same status from an endpoint that does not list it is a record gone, not an outcome.
    const other = (await client(() => json({ code: 'vehicle_lookup_failed' }, 404)).gateway.attempt(test.x)) as {
      ok: false;
      failure: PlatformFailure;
    };
    expect(other.failure).toMatchObject({ kind: 'not_found', outcome: null });
    // Nor is a code the endpoint does not list for that status: its outcome is one of its own codes.
    const undeclared = (await client(() => json({ code: 'enquiry_not_found', message: 'No such enquiry' }, 404)).gateway.attempt(
      test.lookupWithOutcome,
      { body: {} },
    )) as { ok: false; failure: PlatformFailure };
    expect(undeclared.failure).toMatchObject({ kind: 'not_found', readsAs: 'not_found', outcome: null, code: 'enquiry_not_found' });
    expect(undeclared.failure.body).toEqual({ code: 'enquiry_not_found', message: 'No such enquiry' });
  });

  it('tells the platform failing from its refusing', async () => {
    const kindOf = async (status: number) =>
      ((await client(() => json({ code: 'c' }, status)).gateway.attempt(test.x)) as { ok: false; failure: PlatformFailure }).failure;
    expect(await kindOf(409)).toMatchObject({ kind: 'refused', outage: false });
    expect(await kindOf(429)).toMatchObject({ kind: 'rate_limited', outage: true });
    expect(await kindOf(502)).toMatchObject({ kind: 'unavailable', outage: true });
    expect(await kindOf(401)).toMatchObject({ kind: 'unauthorised', outage: true });
  });
});

describe('within one request', () => {
  it('asks the same GET once, and again after a POST', async () => {
    const { gateway, seen } = client(() => json({ n: 1 }));
    const [a, b] = await Promise.all([gateway.call(user), gateway.call(user)]);
    expect(a).toEqual(b);
    expect(seen).toHaveLength(1);
    await gateway.call(endpoints.account.updateInfo, { body: {} });
    await gateway.call(user);
    expect(seen.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('does not keep a failed GET', async () => {
    let n = 0;
    const { gateway } = client(() => (++n === 1 ? json({}, 503) : json({ ok: true })));
    await expect(gateway.call(test.x)).rejects.toMatchObject({ status: 503 });
    expect(await gateway.call(test.x)).toEqual({ ok: true });
  });
});

describe('token refresh hook', () => {
  it('refreshes once on 401 when a refresh token exists, then retries with the new token', async () => {
    let tokens: GatewayTokens = { idToken: 'old', refreshToken: 'r' };
    const refreshTokens = vi.fn(async () => {
      tokens = { idToken: 'new', refreshToken: 'r' };
      return 'refreshed' as const;
    });
    const { gateway, seen } = client(
      (request) => (request.headers.get('x-mway-authorization') === 'new' ? json({ ok: true }) : json({}, 401)),
      { getTokens: () => tokens, refreshTokens },
    );
    expect(await gateway.call(user)).toEqual({ ok: true });
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(seen.map((r) => r.headers.get('x-mway-authorization'))).toEqual(['old', 'new']);
  });

  it('does not refresh without a refresh token, nor more than once', async () => {
    const refreshTokens = vi.fn(async () => 'refreshed' as const);
    const anonymous = client(() => json({}, 403), { refreshTokens });
    await expect(anonymous.gateway.call(test.x)).rejects.toMatchObject({ status: 403 });
    expect(refreshTokens).not.toHaveBeenCalled();

    const signedIn = client(() => json({}, 401), { refreshTokens, tokens: { idToken: 'i', refreshToken: 'r' } });
    await expect(signedIn.gateway.call(test.x)).rejects.toMatchObject({ status: 401 });
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(signedIn.seen).toHaveLength(2);
  });
});

describe('a session the platform has ended', () => {
  it('throws what sessionEnded gives once the refresh is refused, without asking again', async () => {
    const signIn = new Response(null, { status: 302, headers: { location: '/sign-in' } });
    const refreshTokens = vi.fn(async () => 'ended' as const);
    const { gateway, seen } = client(() => json({ code: 'token_invalid' }, 401), {
      refreshTokens,
      sessionEnded: () => signIn,
      tokens: { idToken: 'i', refreshToken: 'r' },
    });
    await expect(gateway.attempt(user)).rejects.toBe(signIn);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });

  it('leaves the failure as it is when the refresh could not be asked, or for a call sent without a session', async () => {
    const sessionEnded = vi.fn(() => new Response(null, { status: 302 }));
    const unavailable = client(() => json({}, 401), {
      refreshTokens: async () => 'unavailable',
      sessionEnded,
      tokens: { idToken: 'i', refreshToken: 'r' },
    });
    await expect(unavailable.gateway.call(user)).rejects.toMatchObject({ kind: 'unauthorised', outage: true });
    const visitor = client(() => json({}, 401), { refreshTokens: async () => 'ended', sessionEnded });
    await expect(visitor.gateway.call(user)).rejects.toMatchObject({ kind: 'unauthorised' });
    expect(sessionEnded).not.toHaveBeenCalled();
  });
});

describe('request loops', () => {
  it('reports the 20th call to one URL within 2 minutes, once', () => {
    const detector = new LoopDetector();
    const reports = Array.from({ length: 25 }, (_, i) => detector.record('GET /x', i * 1000));
    expect(reports.indexOf(true)).toBe(19);
    expect(reports.filter(Boolean)).toHaveLength(1);
  });

  it('does not report calls spread over more than 2 minutes', () => {
    const detector = new LoopDetector();
    const reports = Array.from({ length: 40 }, (_, i) => detector.record('GET /x', i * 7_000));
    expect(reports.some(Boolean)).toBe(false);
  });

  it('logs the loop through the client', async () => {
    // A loop spans requests, each with its own client (the same GET within one request is one call).
    const loopDetector = new LoopDetector();
    const log = vi.fn();
    for (let i = 0; i < 20; i++) {
      await client(() => json({}), { loopDetector, now: () => 0, log }).gateway.call(endpoints.entry.vehicle, {
        params: { vrm: 'KE19FTA' },
      });
    }
    expect(log).toHaveBeenCalledWith('gateway.request_loop', expect.objectContaining({ path: '/platform/vehicles/KE19FTA' }));
  });
});
