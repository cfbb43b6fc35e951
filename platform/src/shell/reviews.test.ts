import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import type { ReviewsResponse } from '../../../contract/shell';
import { execSql } from '../../../scripts/lib/database.mjs';
import type { PlatformEnv } from '../env';
import { Router } from '../router';
import { listReviews } from './reviews';
import { readReviews } from './store';

// The figures are SQL over the stored rows, so they are tested against D1 itself (Miniflare's, in
// memory), with the table exactly as the migration makes it.
let mf: Miniflare;
let db: D1Database;
beforeAll(async () => {
  mf = new Miniflare({ modules: true, script: 'export default { fetch: () => new Response(null) }', d1Databases: ['DB'] });
  db = (await mf.getD1Database('DB')) as unknown as D1Database;
  await execSql(db, readFileSync(new URL('../../migrations/0023_reviews.sql', import.meta.url), 'utf8'));
});
afterAll(() => mf?.dispose());
beforeEach(() => db.prepare('DELETE FROM reviews').run());

async function add(rating: number, title: string, at: string) {
  await db
    .prepare('INSERT INTO reviews (author, rating, title, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind('A seller', rating, title, 'Text.', at)
    .run();
}

describe('the reviews the platform holds', () => {
  it('has no figures when it holds no reviews', async () => {
    expect(await readReviews(db, 20)).toEqual({ summary: { totalReviews: 0, averageRating: null }, reviews: [] });
  });

  it('counts every review and averages every rating, one-star ones included', async () => {
    await add(5, 'Great', '2026-10-01T09:00:00Z');
    await add(4, 'Good', '2026-10-02T09:00:00Z');
    expect((await readReviews(db, 20)).summary).toEqual({ totalReviews: 2, averageRating: 4.5 });
    await add(1, 'Did not sell', '2026-10-03T09:00:00Z');
    const { summary, reviews } = await readReviews(db, 20);
    expect(summary.totalReviews).toBe(3);
    expect(summary.averageRating).toBeCloseTo(10 / 3, 10);
    expect(reviews.map((r) => r.rating)).toContain(1);
  });

  it('lists the newest first, a page at a time, with the figures over all of them', async () => {
    await add(3, 'Oldest', '2026-08-01T09:00:00Z');
    await add(5, 'Newest', '2026-10-01T09:00:00Z');
    await add(4, 'Middle', '2026-09-01T09:00:00Z');
    const first = await readReviews(db, 2);
    expect(first.reviews.map((r) => r.title)).toEqual(['Newest', 'Middle']);
    expect(first.summary).toEqual({ totalReviews: 3, averageRating: 4 });
    expect(first.reviews[0]).toEqual({ author: 'A seller', rating: 5, title: 'Newest', body: 'Text.', timestamp: '2026-10-01T09:00:00Z' });
    expect((await readReviews(db, 2, 2)).reviews.map((r) => r.title)).toEqual(['Oldest']);
  });
});

describe('GET /platform/reviews', () => {
  // Through the router, which reads the query with the entry's schema before the handler does.
  const router = new Router().on(endpoints.shell.reviews, listReviews as never);
  const get = async (query: string) => {
    const response = await router.handle(
      new Request(`http://platform/platform/reviews${query}`),
      { DB: db } as PlatformEnv,
      {} as ExecutionContext,
    );
    return { status: response.status, body: (await response.json()) as ReviewsResponse };
  };

  it('answers 20 by default and takes a limit and an offset', async () => {
    const insert = db.prepare("INSERT INTO reviews (author, rating, title, body, created_at) VALUES ('A seller', 5, ?1, 'Text.', ?2)");
    await db.batch(
      Array.from({ length: 25 }, (_, i) => insert.bind(`Day ${i + 1}`, `2026-10-${String(i + 1).padStart(2, '0')}T09:00:00Z`)),
    );
    expect((await get('')).body.reviews).toHaveLength(20);
    const page = await get('?limit=5&offset=20');
    expect(page.body.reviews.map((r) => r.title)).toEqual(['Day 5', 'Day 4', 'Day 3', 'Day 2', 'Day 1']);
    expect(page.body.summary.totalReviews).toBe(25);
  });

  it('refuses a limit or an offset that is not a whole number in range', async () => {
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?offset=1.5', '?offset=9999999']) {
      expect((await get(query)).status, query).toBe(400);
    }
  });
});
