import type { Review, ReviewsResponse } from '../../../contract/shell';
import type { PlatformEnv } from '../env';
import { errorResponse, json, limitParam } from '../http';

/**
 * Sellers' reviews, as the `reviews` table holds them (migration 0023). The count and the average
 * rating are computed by the database over every stored review, never kept beside them, so a page's
 * figures always describe the reviews it can list.
 */
export const DEFAULT_REVIEWS = 20;
export const MAX_REVIEWS = 100;
/** How far a caller may page: more than any page of reviews will need, few enough to keep OFFSET cheap. */
const MAX_OFFSET = 100_000;

/**
 * A page of the newest reviews and the figures over all of them, read in one batch (one
 * transaction), so the figures describe the same reviews the page is taken from.
 */
export async function readReviews(db: D1Database, limit: number, offset = 0): Promise<ReviewsResponse> {
  const [figures, page] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT COUNT(*) AS total, AVG(rating) AS average FROM reviews'),
    db
      .prepare(
        'SELECT author, rating, title, body, created_at AS timestamp FROM reviews ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2',
      )
      .bind(limit, offset),
  ]);
  const row = figures!.results[0] as { total: number; average: number | null } | undefined;
  return {
    summary: { totalReviews: row?.total ?? 0, averageRating: row?.average ?? null },
    reviews: page!.results as unknown as Review[],
  };
}

/** GET /platform/reviews?limit={1–100, 20}&offset={0…}. */
export async function listReviews(request: Request, env: PlatformEnv): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const limit = limitParam(params.get('limit'), DEFAULT_REVIEWS, MAX_REVIEWS);
  if (limit === null) return errorResponse(400, 'bad_request', `limit must be a whole number from 1 to ${MAX_REVIEWS}`);
  const offsetParam = params.get('offset') ?? '0';
  const offset = /^\d{1,6}$/.test(offsetParam) ? Number(offsetParam) : -1;
  if (offset < 0 || offset > MAX_OFFSET) return errorResponse(400, 'bad_request', `offset must be a whole number from 0 to ${MAX_OFFSET}`);
  return json(await readReviews(env.DB, limit, offset));
}
