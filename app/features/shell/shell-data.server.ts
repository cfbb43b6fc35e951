import type { AppLoadContext } from '@remix-run/cloudflare';
import { endpoints } from '../../../contract/endpoints';
import type { ReviewsResponse } from '../../../contract/shell';
import { hiddenOnFailure, sharedBlock } from '~/lib/shared-blocks.server';
import { reviewFigures, reviewsToShow, SHELL_CARD, SHELL_REVIEWS } from './reviews';
import { ReviewCard } from './review-card';
import { markupOf } from '~/lib/server-markup.server';

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

/**
 * The block with its cards as markup (ADR 012), for the pages with a carousel of them (home, brand):
 * a card does nothing in the browser, so those pages carry the cards' markup in their data, not the
 * card's code in their scripts. The same reviews for every seller: each card is rendered once per isolate.
 */
export async function reviewsBlockWithCards(context: AppLoadContext, make?: string) {
  const block = await reviewsBlock(context, make);
  if (!block) return null;
  const { reviews, ...figures } = block;
  return { ...figures, cards: reviews.map((review) => markupOf(ReviewCard, { review })) };
}
