import { describe, expect, it } from 'vitest';
import { bucket, decideExperiments } from './experiments';

describe('experiments', () => {
  it('gives one seller the same variant every time', () => {
    const id = '5f0c7f2e-8d1a-4d2b-9a53-0c1f6f0d9e11';
    expect(decideExperiments(id, {})).toEqual(decideExperiments(id, {}));
  });

  it('splits sellers by the weights', () => {
    const counts: Record<string, number> = { a: 0, b: 0 };
    for (let i = 0; i < 4_000; i++) counts[bucket('exp', { a: 75, b: 25 }, `seller-${i}`)]!++;
    expect(counts.a! / 4_000).toBeGreaterThan(0.71);
    expect(counts.a! / 4_000).toBeLessThan(0.79);
  });

  it('buckets each experiment independently', () => {
    let differ = 0;
    for (let i = 0; i < 200; i++) if (bucket('one', { a: 1, b: 1 }, `s${i}`) !== bucket('two', { a: 1, b: 1 }, `s${i}`)) differ++;
    expect(differ).toBeGreaterThan(60);
  });

  it('lets configuration fix a decision, but only to a variant that exists', () => {
    expect(decideExperiments('anyone', { home_reviews_first: 'on' }).home_reviews_first).toBe('on');
    const unknown = decideExperiments('anyone', { home_reviews_first: 'sideways' }).home_reviews_first;
    expect(['on', 'off']).toContain(unknown);
  });

  it('never picks a variant with no weight', () => {
    for (let i = 0; i < 100; i++) expect(bucket('exp', { a: 0, b: 1 }, `s${i}`)).toBe('b');
  });
});
