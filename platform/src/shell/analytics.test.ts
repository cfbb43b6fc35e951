import { describe, expect, it } from 'vitest';
import { redactPath, validateEvent, validateEvents } from './analytics';

const now = new Date('2026-11-20T12:00:00Z');
const event = { name: 'page_view', path: '/how-it-works', occurredAt: '2026-11-20T11:59:58.120Z' };
const check = (changes: Record<string, unknown>) => validateEvent({ ...event, ...changes }, 'events[0]', now);
const message = (changes: Record<string, unknown>) => {
  const result = check(changes);
  return result.ok ? null : result.message;
};

describe('an analytics event', () => {
  it('is accepted with its optional parts, and its time normalised to UTC', () => {
    const result = check({
      occurredAt: '2026-11-20T12:59:58+01:00',
      properties: { step: 'mileage', attempt: 2, js: true, reason: null },
      campaign: { utm_source: 'newsletter', gclid: 'abc' },
      experiments: { 'hero-copy.v2': 'b' },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        ...event,
        occurredAt: '2026-11-20T11:59:58.000Z',
        properties: { step: 'mileage', attempt: 2, js: true, reason: null },
        campaign: { utm_source: 'newsletter', gclid: 'abc' },
        experiments: { 'hero-copy.v2': 'b' },
      },
    });
  });

  it('has a snake_case name of 2 to 48 characters', () => {
    for (const name of ['PageView', 'page-view', '_x', 'x', '1st', 'a'.repeat(49), 42]) expect(message({ name })).toMatch(/name/);
    expect(message({ name: 'a'.repeat(48) })).toBeNull();
  });

  it('happened on a path: from /, at most 200 characters, without query or fragment', () => {
    for (const path of ['how-it-works', 'https://kerbside.example/', '/a'.repeat(101), '/sign-in?token=x', '/#top', '/a b'])
      expect(message({ path })).toMatch(/path/);
    expect(message({ path: '/' })).toBeNull();
  });

  it('has an ISO 8601 time that is not a day ahead', () => {
    for (const occurredAt of ['yesterday', '2026-11-20', '20/11/2026 10:00', '2026-13-45T10:00:00Z', 1_763_640_000_000])
      expect(message({ occurredAt })).toMatch(/occurredAt must be/);
    expect(message({ occurredAt: '2026-11-22T12:00:00Z' })).toMatch(/in the future/);
  });

  it('carries at most 20 flat properties, never an e-mail address', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    expect(message({ properties: many })).toMatch(/at most 20/);
    expect(message({ properties: { nested: { a: 1 } } })).toMatch(/text, a number/);
    expect(message({ properties: { list: [1] } })).toMatch(/text, a number/);
    expect(message({ properties: { n: Number.NaN } })).toMatch(/text, a number/);
    expect(message({ properties: { long: 'x'.repeat(201) } })).toMatch(/200 characters/);
    expect(message({ properties: { 'bad key': 'x' } })).toMatch(/not a plain name/);
    expect(message({ properties: { contact: 'sarah.k@example.co.uk' } })).toMatch(/e-mail/);
    expect(message({ properties: [] })).toMatch(/object/);
  });

  it('carries only the known campaign parameters, as text', () => {
    expect(
      message({
        campaign: { utm_source: 'x', utm_medium: 'y', utm_campaign: 'z', utm_term: 't', utm_content: 'c', dclid: 'd', msclkid: 'm' },
      }),
    ).toBeNull();
    expect(message({ campaign: { fbclid: 'x' } })).toMatch(/campaign.fbclid is not allowed/);
    expect(message({ campaign: { UTM_SOURCE: 'x' } })).toMatch(/not allowed/);
    expect(message({ campaign: { utm_source: 5 } })).toMatch(/must be text/);
  });

  it('carries at most 10 experiment decisions', () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`exp${i}`, 'a']));
    expect(message({ experiments: many })).toMatch(/at most 10/);
    expect(message({ experiments: { exp: true } })).toMatch(/must be text/);
  });

  it('has no other fields', () => {
    expect(message({ email: 'a@b.uk' })).toMatch(/fields that events do not carry: email/);
  });
});

describe('a batch of events', () => {
  it('holds 1 to 20 events, all valid', () => {
    expect(validateEvents({ events: [event, event] }, now)).toMatchObject({ ok: true, value: [event, event] });
    expect(validateEvents({ events: [] }, now)).toEqual({ ok: false, message: 'Send 1 to 20 events at a time' });
    expect(validateEvents({ events: Array(21).fill(event) }, now)).toEqual({ ok: false, message: 'Send 1 to 20 events at a time' });
    expect(validateEvents([event], now)).toEqual({ ok: false, message: 'The body must be {"events": [...]}' });
    expect(validateEvents({ events: [event, { ...event, name: 'Bad' }] }, now)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^events\[1\]\.name/),
    });
  });
});

describe('paths', () => {
  it('keep no registration', () => {
    expect(redactPath('/KE19FTA/accept-offer')).toBe('/{vrm}/accept-offer');
    expect(redactPath('/car-value-tracker/ke19fta')).toBe('/car-value-tracker/{vrm}');
    expect(redactPath('/sell-my-car/land-rover')).toBe('/sell-my-car/land-rover');
    expect(redactPath('/blog/2026/11/03/selling-on-finance')).toBe('/blog/2026/11/03/selling-on-finance');
    expect(redactPath('/')).toBe('/');
  });
});
