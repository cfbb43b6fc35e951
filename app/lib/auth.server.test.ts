import { describe, expect, it, vi } from 'vitest';
import { createGatewayClient } from './gateway.server';
import {
  MAX_REFRESH_RETRIES,
  needsRefresh,
  normaliseExpiresIn,
  pageAddress,
  refreshIdToken,
  refreshOnce,
  signInFirst,
  tokenExpiresAt,
} from './auth.server';

const gatewayAnswering = (answer: () => Response | Promise<Response>) => {
  const calls = vi.fn(answer);
  const gateway = createGatewayClient({
    fetch: async () => calls(),
    baseUrl: 'https://gateway.test',
    requesterId: 'r',
    getTokens: () => ({}),
    log: () => {},
  });
  return { gateway, calls };
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const noWait = { wait: async () => {}, log: () => {}, now: () => 1_000 };

describe('token expiry', () => {
  it('refreshes within 60 s of expiry, not before', () => {
    const auth = { issuedAt: 0, expiresIn: 3_600 };
    expect(tokenExpiresAt(auth)).toBe(3_600_000);
    expect(needsRefresh(auth, 3_539_999)).toBe(false);
    expect(needsRefresh(auth, 3_540_000)).toBe(true);
    expect(needsRefresh(auth, 4_000_000)).toBe(true);
  });

  it('reports a missing expiresIn and one of 60 s or less', () => {
    const log = vi.fn();
    expect(normaliseExpiresIn(undefined, log)).toBe(86_400);
    expect(normaliseExpiresIn(60, log)).toBe(60);
    expect(normaliseExpiresIn(3_600, log)).toBe(3_600);
    expect(log.mock.calls.map((c) => c[0])).toEqual(['auth.expires_in_missing', 'auth.expires_in_too_short']);
  });
});

describe('refreshing the id token', () => {
  it('returns the new tokens: the id token and the refresh token that replaces the one sent', async () => {
    const { gateway } = gatewayAnswering(() => json({ idToken: 'new', refreshToken: 'r2', expiresIn: 120 }));
    expect(await refreshIdToken(gateway, 'r', noWait)).toEqual({
      kind: 'refreshed',
      idToken: 'new',
      refreshToken: 'r2',
      expiresIn: 120,
      issuedAt: 1_000,
    });
  });

  it.each([400, 401, 403])('signs the seller out on %d, without retrying', async (status) => {
    const { gateway, calls } = gatewayAnswering(() => json({ code: 'refresh_token_expired' }, status));
    expect(await refreshIdToken(gateway, 'r', noWait)).toEqual({ kind: 'signed_out' });
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('retries a failing gateway at most 5 times', async () => {
    const { gateway, calls } = gatewayAnswering(() => json({ message: 'down' }, 503));
    expect(await refreshIdToken(gateway, 'r', noWait)).toEqual({ kind: 'unavailable' });
    expect(calls).toHaveBeenCalledTimes(1 + MAX_REFRESH_RETRIES);
  });

  it('recovers when a retry succeeds', async () => {
    let n = 0;
    const { gateway } = gatewayAnswering(() => (++n < 3 ? json({}, 502) : json({ idToken: 'ok', expiresIn: 86_400 })));
    expect(await refreshIdToken(gateway, 'r', noWait)).toMatchObject({ kind: 'refreshed', idToken: 'ok' });
  });
});

describe('the refresh lock', () => {
  it('lets two racing requests share one refresh', async () => {
    let release!: () => void;
    const run = vi.fn(() => new Promise<{ kind: 'signed_out' }>((resolve) => (release = () => resolve({ kind: 'signed_out' }))));
    const first = refreshOnce('token-1', run);
    const second = refreshOnce('token-1', run);
    release();
    expect(await first).toBe(await second);
    expect(run).toHaveBeenCalledTimes(1);
    // Once settled, the next refresh runs again.
    const third = refreshOnce('token-1', async () => ({ kind: 'unavailable' as const }));
    expect(await third).toEqual({ kind: 'unavailable' });
  });
});

describe('a session that has ended', () => {
  it('sends the seller to sign in and back to the page a request was for', () => {
    const at = (url: string) => pageAddress(new URL(url, 'https://kerbside.test'));
    expect(at('/KE19FTA/add-bank-details')).toBe('/KE19FTA/add-bank-details');
    expect(at('/KE19FTA/add-bank-details.data')).toBe('/KE19FTA/add-bank-details');
    expect(at('/_root.data?_routes=routes%2Fhome')).toBe('/');
    expect(at('/account.data?index&_routes=routes%2Faccount-vehicles')).toBe('/account');
    expect(at('/KE19FTA/collection?postcode=M1+1AE')).toBe('/KE19FTA/collection?postcode=M1+1AE');
    expect(signInFirst('/account?x=1').headers.get('location')).toBe('/sign-in?redirectTo=%2Faccount%3Fx%3D1');
  });
});
