import { describe, expect, it } from 'vitest';
import { PROVIDERS_VERSIONS_HEADER, SESSION_ID_HEADER } from '../../contract/gateway';
import { providersVersionsValue, PROVIDERS_VERSIONS, withProvidersVersions } from './providers/versions';
import { requestLogEntry } from './request-log';

const requester = '0b9d3c57-1e2f-4a6b-8c7d-9e0f1a2b3c4d';
const session = '6f1c2a9e-4b7d-4c1e-9a55-2d8e0f3b7c41';
const call = (headers: Record<string, string>, method = 'POST') =>
  new Request('https://platform.internal/platform/vehicles/lookup', { method, headers: { 'x-requester-id': requester, ...headers } });

describe("the platform's answers name the providers' versions", () => {
  it('as sorted name=version pairs', () => {
    expect(providersVersionsValue({ valuation: '2', bidding: '1', mot: '2026-11' })).toBe('bidding=1,mot=2026-11,valuation=2');
    const answer = withProvidersVersions(new Response('{}'));
    expect(answer.headers.get(PROVIDERS_VERSIONS_HEADER)).toBe(providersVersionsValue(PROVIDERS_VERSIONS));
  });

  it('on an answer whose headers cannot change too', async () => {
    const passedOn = Response.redirect('https://platform.internal/elsewhere', 302);
    const answer = withProvidersVersions(passedOn);
    expect(answer.status).toBe(302);
    expect(answer.headers.get(PROVIDERS_VERSIONS_HEADER)).toBe(providersVersionsValue());
  });
});

describe("the platform's request log", () => {
  it('logs the versions the caller sent and whether they are the current ones', () => {
    const current = providersVersionsValue();
    expect(requestLogEntry(call({ [PROVIDERS_VERSIONS_HEADER]: current }), 'entry.lookup', 200)).toMatchObject({
      event: 'platform.request',
      method: 'POST',
      endpoint: 'entry.lookup',
      status: 200,
      requesterId: requester,
      providersVersions: current,
      providers: 'current',
    });
    const older = current.replace(/valuation=[^,]+/, 'valuation=0');
    expect(requestLogEntry(call({ [PROVIDERS_VERSIONS_HEADER]: older }), 'entry.lookup', 200)).toMatchObject({
      providersVersions: older,
      providers: 'stale',
    });
    // A first call knows none yet; a value the platform never sends is not copied into the logs.
    expect(requestLogEntry(call({}), 'entry.lookup', 200)).toMatchObject({ providersVersions: null, providers: null });
    expect(requestLogEntry(call({ [PROVIDERS_VERSIONS_HEADER]: 'x'.repeat(300) }), 'entry.lookup', 200)).toMatchObject({
      providersVersions: null,
      providers: 'invalid',
    });
  });

  it('logs the session id of a form post, and nothing that is not an id', () => {
    expect(requestLogEntry(call({ [SESSION_ID_HEADER]: session }), 'entry.lookup', 200).sessionId).toBe(session);
    expect(requestLogEntry(call({}, 'GET'), null, 404).sessionId).toBeNull();
    expect(requestLogEntry(call({ [SESSION_ID_HEADER]: 'KE19FTA sarah@example.co.uk' }), 'entry.lookup', 200).sessionId).toBeNull();
  });
});
