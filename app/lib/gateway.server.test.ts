import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GatewayError,
  GatewayUnavailableError,
  LoopDetector,
  createGatewayClient,
  errorMessage,
  timeoutFor,
  type GatewayClientOptions,
  type GatewayTokens,
} from './gateway.server';

import { GATEWAY_SECRET_HEADER } from '../../contract/gateway';

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
    await gateway.get('/platform/user');
    expect(seen[0]!.headers.get('x-mway-authorization')).toBe('id');
    expect(seen[0]!.headers.get('x-access-token')).toBeNull();
  });

  it('falls back to the auth token as x-access-token without a refresh token', async () => {
    const { gateway, seen } = client(() => json({}), { tokens: { idToken: 'id', authToken: 'a' } });
    await gateway.get('/platform/user');
    expect(seen[0]!.headers.get('x-access-token')).toBe('a');
    expect(seen[0]!.headers.get('x-mway-authorization')).toBeNull();
  });

  it('sends no token for an anonymous seller, and always a requester id', async () => {
    const { gateway, seen } = client(() => json({}));
    await gateway.post('/platform/vehicles/lookup', { vrm: 'KE19FTA' });
    const request = seen[0]!;
    expect(request.headers.get('x-requester-id')).toBe('req-1');
    expect(request.headers.get('x-access-token')).toBeNull();
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ vrm: 'KE19FTA' });
  });

  it('proves every call comes from the app with the shared gateway secret', async () => {
    const { gateway, seen } = client(() => json({}), { gatewaySecret: 'shared-secret-0123456789abcdef0123456789' });
    await gateway.get('/platform/user');
    await gateway.post('/platform/vehicles/lookup', { vrm: 'KE19FTA' });
    expect(seen.map((request) => request.headers.get(GATEWAY_SECRET_HEADER))).toEqual([
      'shared-secret-0123456789abcdef0123456789',
      'shared-secret-0123456789abcdef0123456789',
    ]);
  });

  it("forwards the seller's address and User-Agent, so a new session can name its device", async () => {
    const { gateway, seen } = client(() => json({}), { clientIp: '192.0.2.7', clientUserAgent: 'Mozilla/5.0 (Android 14) Firefox/127.0' });
    await gateway.post('/platform/api/authn/signin', { token: 't' });
    expect(seen[0]!.headers.get('x-client-ip')).toBe('192.0.2.7');
    expect(seen[0]!.headers.get('x-client-user-agent')).toBe('Mozilla/5.0 (Android 14) Firefox/127.0');
    const { gateway: bare, seen: bareSeen } = client(() => json({}));
    await bare.get('/platform/user');
    expect(bareSeen[0]!.headers.get('x-client-user-agent')).toBeNull();
  });

  it('forwards an upload as multipart with its own boundary', async () => {
    const { gateway, seen } = client(() => json({}));
    const form = new FormData();
    form.set('kind', 'v5c');
    form.set('file', new File([new Uint8Array([1, 2, 3])], 'logbook.pdf', { type: 'application/pdf' }));
    await gateway.post('/platform/vehicle/documents/upload', form);
    expect(seen[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const received = await seen[0]!.formData();
    expect(received.get('kind')).toBe('v5c');
    expect(new Uint8Array(await (received.get('file') as File).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('puts the query on the URL, leaving out empty values', async () => {
    const { gateway, seen } = client(() => json({}));
    await gateway.get('/platform/premium-offer', { query: { vrm: 'KE19FTA', valuation_ref: 12, empty: undefined } });
    expect(seen[0]!.url).toBe('https://gateway.test/platform/premium-offer?vrm=KE19FTA&valuation_ref=12');
  });
});

describe('gateway timeouts', () => {
  it('uses 5 s by default, 10 s for the premium offer and 20 s for payments', () => {
    expect(timeoutFor('/platform/vehicles/lookup')).toBe(5_000);
    expect(timeoutFor('/platform/premium-offer')).toBe(10_000);
    expect(timeoutFor('/platform/payments/beneficiaries/1')).toBe(20_000);
  });

  it('aborts a slow call with "Timed out in {ms}ms"', async () => {
    vi.useFakeTimers();
    const { gateway, log } = client(
      (request) =>
        new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const pending = gateway.get('/platform/vehicles/KE19FTA');
    const assertion = expect(pending).rejects.toThrow(new GatewayUnavailableError('Timed out in 5000ms', 'timeout'));
    await vi.advanceTimersByTimeAsync(5_000);
    await assertion;
    expect(log).toHaveBeenCalledWith('gateway.timeout', expect.objectContaining({ timeoutMs: 5000 }));
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    const { gateway } = client(
      (request) =>
        new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const pending = gateway.get('/platform/payments/statuses');
    const assertion = expect(pending).rejects.toThrow('Timed out in 20000ms');
    await vi.advanceTimersByTimeAsync(19_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('turns a network failure into an unavailable error, not a crash', async () => {
    const { gateway } = client(() => Promise.reject(new TypeError('fetch failed')));
    const error = await gateway.get('/platform/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect((error as GatewayError).status).toBe(0);
  });
});

describe('gateway answers', () => {
  it('parses JSON bodies and passes text through', async () => {
    expect(await client(() => json({ a: 1 })).gateway.get('/x')).toEqual({ a: 1 });
    expect(await client(() => new Response('plain')).gateway.get('/x')).toBe('plain');
    expect(await client(() => new Response(null, { status: 204 })).gateway.get('/x')).toBeNull();
  });

  it('treats a success whose JSON does not parse as a failure, never as saved', async () => {
    const truncated = () => new Response('{"enquiry":{"id":12,"mil', { status: 200, headers: { 'content-type': 'application/json' } });
    const { gateway, log } = client(truncated);
    const error = await gateway.post('/platform/create-enquiry', { mileage: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect((error as GatewayError).code).toBe('malformed');
    expect(log).toHaveBeenCalledWith('gateway.malformed_body', expect.objectContaining({ path: '/platform/create-enquiry', status: 200 }));
    // Cut off before the first byte, or a proxy's page in place of the answer: not saved either.
    const empty = () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } });
    expect(await client(empty).gateway.post('/platform/x', {}).catch((e: unknown) => (e as GatewayError).code)).toBe('malformed');
    const page = () => new Response('<html><body>Service unavailable</body></html>', { status: 200, headers: { 'content-type': 'text/html' } });
    expect(await client(page).gateway.post('/platform/x', {}).catch((e: unknown) => (e as GatewayError).code)).toBe('malformed');
    // An SVG or a script is not JSON and never said it was.
    expect(await client(() => new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } })).gateway.get('/x')).toBe('<svg/>');
  });

  it('prefers the body message, then code, then status text, then status', () => {
    expect(errorMessage(400, 'Bad Request', { message: 'm', code: 'c' })).toBe('m');
    expect(errorMessage(400, 'Bad Request', { code: 'c' })).toBe('c');
    expect(errorMessage(400, 'Bad Request', 'oops')).toBe('Bad Request');
    expect(errorMessage(502, '', null)).toBe('502');
  });

  it('throws a GatewayError carrying status and code for a non-OK answer', async () => {
    const { gateway } = client(() => json({ code: 'invalid_vrm', message: 'Not a valid registration' }, 400));
    const error = (await gateway.get('/x').catch((e: unknown) => e)) as GatewayError;
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.message).toBe('Not a valid registration');
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_vrm');
  });

  it('returns the body of an explicitly allowed status', async () => {
    const { gateway } = client(() => json({ code: 'vehicle_lookup_failed' }, 404));
    const result = await gateway.request('POST', '/platform/vehicles/lookup', { body: {}, allowStatuses: [404] });
    expect(result).toEqual({ status: 404, data: { code: 'vehicle_lookup_failed' } });
  });
});

describe('within one request', () => {
  it('asks the same GET once, and again after a POST', async () => {
    const { gateway, seen } = client(() => json({ n: 1 }));
    const [a, b] = await Promise.all([gateway.get('/platform/user'), gateway.get('/platform/user')]);
    expect(a).toEqual(b);
    expect(seen).toHaveLength(1);
    await gateway.post('/platform/update-info', {});
    await gateway.get('/platform/user');
    expect(seen.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('does not keep a failed GET', async () => {
    let n = 0;
    const { gateway } = client(() => (++n === 1 ? json({}, 503) : json({ ok: true })));
    await expect(gateway.get('/x')).rejects.toMatchObject({ status: 503 });
    expect(await gateway.get('/x')).toEqual({ ok: true });
  });
});

describe('token refresh hook', () => {
  it('refreshes once on 401 when a refresh token exists, then retries with the new token', async () => {
    let tokens: GatewayTokens = { idToken: 'old', refreshToken: 'r' };
    const refreshTokens = vi.fn(async () => {
      tokens = { idToken: 'new', refreshToken: 'r' };
      return true;
    });
    const { gateway, seen } = client(
      (request) => (request.headers.get('x-mway-authorization') === 'new' ? json({ ok: true }) : json({}, 401)),
      { getTokens: () => tokens, refreshTokens },
    );
    expect(await gateway.get('/platform/user')).toEqual({ ok: true });
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(seen.map((r) => r.headers.get('x-mway-authorization'))).toEqual(['old', 'new']);
  });

  it('does not refresh without a refresh token, nor more than once', async () => {
    const refreshTokens = vi.fn(async () => true);
    const anonymous = client(() => json({}, 403), { refreshTokens });
    await expect(anonymous.gateway.get('/x')).rejects.toMatchObject({ status: 403 });
    expect(refreshTokens).not.toHaveBeenCalled();

    const signedIn = client(() => json({}, 401), { refreshTokens, tokens: { idToken: 'i', refreshToken: 'r' } });
    await expect(signedIn.gateway.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(signedIn.seen).toHaveLength(2);
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
    const { gateway, log } = client(() => json({}), { loopDetector: new LoopDetector(), now: () => 0 });
    // A loop spans requests (each has its own client, so no shared GETs): the raw request path.
    for (let i = 0; i < 20; i++) await gateway.request('GET', '/platform/vehicles/KE19FTA');
    expect(log).toHaveBeenCalledWith('gateway.request_loop', expect.objectContaining({ path: '/platform/vehicles/KE19FTA' }));
  });
});
