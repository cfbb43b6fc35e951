import type { AppLoadContext } from '@remix-run/cloudflare';
import { endpoints } from '../../../contract/endpoints';
import type { ReviewsResponse } from '../../../contract/shell';
import { hiddenOnFailure, sharedBlock } from '~/lib/shared-blocks.server';
import { reviewFigures, reviewsToShow, SHELL_CARD, SHELL_REVIEWS } from './reviews';

/**
 * The reviews block of the footer and the home and brand pages: the newest reviews with the count
 * and average rating of all of them. The same for every visitor, so kept per isolate. Hidden,
 * figures and all, when the platform holds no reviews or cannot answer (reported silently, never the
 * page's error): no figure is ever shown that the reviews do not support.
 */
export async function reviewsBlock(context: AppLoadContext, make?: string) {
  const data = await sharedBlock(context, endpoints.shell.reviews, { query: { limit: SHELL_REVIEWS } }).catch(
    hiddenOnFailure<ReviewsResponse>('reviews'),
  );
  const figures = reviewFigures(data?.summary);
  if (!data || !figures || !data.reviews.length) return null;
  return { rating: figures.rating, countLabel: figures.count, reviews: reviewsToShow(data.reviews, make, SHELL_CARD) };
}
