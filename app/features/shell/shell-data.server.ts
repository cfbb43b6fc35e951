import type { AppLoadContext } from '@remix-run/cloudflare';
import { endpoints } from '../../../contract/endpoints';
import type { ReviewsResponse } from '../../../contract/shell';
import { hiddenOnFailure, sharedBlock } from '~/lib/shared-blocks.server';
import { DEFAULT_RATING, reviewCountLabel, reviewsToShow, SHELL_CARD } from './reviews';

/**
 * The reviews block of the footer and the home page: the same for every visitor, so kept per
 * isolate; hidden when the reviews service fails (reported silently, never the page's error).
 */
export async function reviewsBlock(context: AppLoadContext, make?: string) {
  const data = await sharedBlock(context, endpoints.shell.reviews).catch(hiddenOnFailure<ReviewsResponse>('reviews'));
  if (!data) return null;
  return {
    rating: data.summary.rating ?? DEFAULT_RATING,
    countLabel: reviewCountLabel(data.summary.totalReviews),
    reviews: reviewsToShow(data.reviews, make, SHELL_CARD),
  };
}
