import type { endpoints } from '../../../contract/endpoints';
import { limitParam } from '../http';
import type { TypedHandler } from '../router';
import { readReviews } from './store';

/**
 * Sellers' reviews, as the `reviews` table holds them (migration 0023). The count and the average
 * rating are computed by the database over every stored review, never kept beside them, so a page's
 * figures always describe the reviews it can list (store.ts readReviews).
 */
export const DEFAULT_REVIEWS = 20;
export const MAX_REVIEWS = 100;
/** How far a caller may page: more than any page of reviews will need, few enough to keep OFFSET cheap. */
const MAX_OFFSET = 100_000;

/** GET /platform/reviews?limit={1–100, 20}&offset={0…}. */
export const listReviews: TypedHandler<typeof endpoints.shell.reviews> = async ({ query }, ctx) => {
  const limit = limitParam(query.limit === undefined ? null : String(query.limit), DEFAULT_REVIEWS, MAX_REVIEWS);
  if (limit === null)
    return ctx.outcome({ status: 400, code: 'bad_request', message: `limit must be a whole number from 1 to ${MAX_REVIEWS}` });
  const offsetParam = query.offset === undefined ? '0' : String(query.offset);
  const offset = /^\d{1,6}$/.test(offsetParam) ? Number(offsetParam) : -1;
  if (offset < 0 || offset > MAX_OFFSET) {
    return ctx.outcome({ status: 400, code: 'bad_request', message: `offset must be a whole number from 0 to ${MAX_OFFSET}` });
  }
  return readReviews(ctx.env.DB, limit, offset);
};
