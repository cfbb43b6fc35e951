import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpointTable, post } from '../../contract/endpoint';
import { failureView, panelFailure, TIMEOUT_MESSAGE, tooManyRequestsMessage, UNAVAILABLE_MESSAGE } from './failures.server';
import { PlatformFailure } from './gateway.server';

const table = endpointTable({
  test: {
    plain: post<unknown>()('/platform/plain', { auth: 'none', body: z.object({}) }),
    withOutcomes: post<unknown>()('/platform/outcomes', {
      auth: 'none',
      body: z.object({}),
      outcomes: { 404: ['gone_away'], 409: ['taken'], 429: ['slow_down'], 503: ['provider_down'] },
    }),
  },
}).test;

/**
 * A failure as the gateway client makes it, whose status cannot be read: the kind it was given is
 * all that failureView may go by (docs/decisions/033).
 */
function failure(
  status: number,
  code: string | null,
  endpoint: typeof table.plain | typeof table.withOutcomes = table.plain,
  { blind = true } = {},
) {
  const made = new PlatformFailure(endpoint, `Words for ${code}`, status, code, code ? { code, message: `Words for ${code}` } : null);
  if (!blind) return made;
  Object.defineProperty(made, 'status', {
    get() {
      throw new Error('failureView read the status: it reads the kind the gateway client decided');
    },
  });
  return made;
}

describe('failureView reads the kind alone', () => {
  it('answers each kind with its status and words, never reading the status', () => {
    expect(failureView(failure(0, 'timeout'), 'Kerbside')).toEqual({ status: 504, message: TIMEOUT_MESSAGE, outage: true });
    expect(failureView(failure(0, 'network'), 'Kerbside')).toEqual({ status: 503, message: UNAVAILABLE_MESSAGE, outage: true });
    expect(failureView(failure(502, 'bad_gateway'), 'Kerbside')).toEqual({ status: 503, message: UNAVAILABLE_MESSAGE, outage: true });
    expect(failureView(failure(429, 'too_many_requests'), 'Kerbside')).toEqual({
      status: 429,
      message: tooManyRequestsMessage('Kerbside'),
      outage: true,
    });
    // A 401 that left the session standing is the platform failing: an ended session never gets here.
    expect(failureView(failure(401, 'token_invalid'), 'Kerbside')).toEqual({ status: 503, message: UNAVAILABLE_MESSAGE, outage: true });
    expect(failureView(failure(404, 'enquiry_not_found'), 'Kerbside')).toEqual({
      status: 404,
      message: UNAVAILABLE_MESSAGE,
      outage: false,
    });
  });

  it("answers a refusal with the platform's words and the status of how it refused (403 as 409)", () => {
    const refused = (status: number) => failureView(failure(status, 'no'), 'Kerbside');
    expect(refused(400)).toEqual({ status: 400, message: 'Words for no', outage: false });
    expect(refused(403)).toEqual({ status: 409, message: 'Words for no', outage: false });
    expect(refused(409)).toEqual({ status: 409, message: 'Words for no', outage: false });
    expect(refused(410)).toEqual({ status: 410, message: 'Words for no', outage: false });
    expect(refused(413)).toEqual({ status: 413, message: 'Words for no', outage: false });
    expect(refused(415)?.status).toBe(415);
    expect(refused(422)?.status).toBe(422);
  });

  it('reads an outcome its caller did not handle as the kind its status has for any endpoint', () => {
    const outcome = (status: number, code: string) => failure(status, code, table.withOutcomes);
    expect(outcome(409, 'taken')).toMatchObject({ kind: 'outcome', outcome: 'taken', readsAs: 'refused' });
    expect(failureView(outcome(409, 'taken'), 'Kerbside')).toEqual({ status: 409, message: 'Words for taken', outage: false });
    expect(failureView(outcome(404, 'gone_away'), 'Kerbside')).toEqual({ status: 404, message: UNAVAILABLE_MESSAGE, outage: false });
    expect(failureView(outcome(429, 'slow_down'), 'Kerbside')?.status).toBe(429);
    expect(failureView(outcome(503, 'provider_down'), 'Kerbside')).toEqual({ status: 503, message: UNAVAILABLE_MESSAGE, outage: true });
  });

  it('leaves anything that is not a platform failure to be thrown on', () => {
    expect(failureView(new Error('a bug'), 'Kerbside')).toBeNull();
  });
});

describe('panelFailure', () => {
  it("gives an outcome's code, its view's status, and whether it was the platform failing, never reading the status", () => {
    // What is not an outcome is logged, with the platform's status.
    const logged = { blind: false };
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(panelFailure(failure(429, 'slow_down', table.withOutcomes), 'x')).toEqual({ code: 'slow_down', status: 429, outage: false });
    expect(panelFailure(failure(503, 'provider_down', table.withOutcomes), 'x')).toEqual({
      code: 'provider_down',
      status: 503,
      outage: true,
    });
    // A code the endpoint does not declare for that status is no outcome of it: the platform failing.
    expect(panelFailure(failure(503, 'internal_error', table.withOutcomes, logged), 'x')).toEqual({
      code: null,
      status: 503,
      outage: true,
    });
    expect(panelFailure(failure(0, 'timeout', table.plain, logged), 'x')).toEqual({ code: null, status: 504, outage: true });
  });
});
