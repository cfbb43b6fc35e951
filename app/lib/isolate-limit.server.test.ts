import { describe, expect, it } from 'vitest';
import { isolateLimiter } from './isolate-limit.server';

describe('the in-isolate limiter', () => {
  it('lets `limit` hits a window through per key, then refuses until the window has passed', () => {
    const limiter = isolateLimiter({ limit: 3, windowMs: 60_000 });
    expect([1, 2, 3, 4].map(() => limiter.allow('a', 1_000))).toEqual([true, true, true, false]);
    expect(limiter.allow('b', 1_000)).toBe(true);
    expect(limiter.allow('a', 60_999)).toBe(false);
    expect(limiter.allow('a', 61_000)).toBe(true);
  });

  it('stays bounded: past its keys it forgets the oldest windows, never refusing a new address', () => {
    const limiter = isolateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 2 });
    expect(limiter.allow('a', 0)).toBe(true);
    expect(limiter.allow('b', 0)).toBe(true);
    expect(limiter.allow('c', 0)).toBe(true);
    expect(limiter.allow('d', 0)).toBe(true);
  });
});
