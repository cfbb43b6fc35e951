import type { Review, ReviewsResponse } from '../../../contract/shell';
import { formatNumber } from '../../lib/format';

/** The reviews page's cards (docs/behaviour/entry.md#review-rules). */
export const PAGE_CARD = { title: 50, body: 160 } as const;
/** The shell's cards: the home carousel and the footer block (docs/behaviour/constants.md#shell-constants). */
export const SHELL_CARD = { title: 27, body: 78 } as const;
/** The newest reviews the home and brand pages' carousel shows (docs/behaviour/constants.md#shell-constants). */
export const SHELL_REVIEWS = 12;
/** Reviews on one page of `/reviews` (docs/behaviour/landing-and-content.md#reviews-page). */
export const REVIEWS_PAGE_SIZE = 20;

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Every review, whatever its rating; on a brand page those that mention the make come first. */
export function reviewsToShow(reviews: readonly Review[], make?: string, card: { title: number; body: number } = PAGE_CARD): Review[] {
  const mentions = (r: Review) => !!make && `${r.title} ${r.body}`.toLowerCase().includes(make.toLowerCase());
  return reviews
    .map((r, index) => ({ r, index }))
    .sort((a, b) => Number(mentions(b.r)) - Number(mentions(a.r)) || a.index - b.index)
    .map(({ r }) => ({ ...r, title: truncate(r.title, card.title), body: truncate(r.body, card.body) }));
}

/** The figures a page may state about the reviews: none when there are no reviews to base them on. */
export interface ReviewFigures {
  /** The average rating to one decimal place: '4.2', or '5' for a whole number. */
  rating: string;
  /** '1 review', '10 reviews', '1,204 reviews': the exact count. */
  count: string;
  total: number;
}

const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

export function reviewFigures(summary: ReviewsResponse['summary'] | null | undefined): ReviewFigures | null {
  if (!summary || summary.totalReviews < 1 || summary.averageRating === null) return null;
  return {
    rating: oneDecimal.format(summary.averageRating),
    count: `${formatNumber(summary.totalReviews)} ${summary.totalReviews === 1 ? 'review' : 'reviews'}`,
    total: summary.totalReviews,
  };
}
