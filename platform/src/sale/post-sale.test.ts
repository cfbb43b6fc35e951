import { describe, expect, it } from 'vitest';
import { collectionDays } from './post-sale';

describe('collection days', () => {
  it('offers the 3rd to 7th working day, skipping weekends', () => {
    // Friday 20 November 2026: working days Mon 23 (1), Tue 24 (2), Wed 25 (3) … Tue 1 Dec (7).
    expect(collectionDays(new Date('2026-11-20T12:00:00Z'))).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
  });
});
