import type { Review } from '../../../contract/shell';
import { formatNumber } from '../../lib/format';

/** Review display rules (docs/behaviour/entry.md#constants). */
export const DEFAULT_RATING = 4.4;
export const DEFAULT_TOTAL_REVIEWS = 7_500;
/** The reviews page's cards (docs/behaviour/entry.md#constants). */
export const PAGE_CARD = { title: 50, body: 160 } as const;
/** The shell's cards: the home carousel and the footer block (docs/behaviour/constants.md#shell-constants). */
export const SHELL_CARD = { title: 27, body: 78 } as const;
/** The carousel needs more reviews than fit side by side on the widest screen (docs/behaviour/constants.md#shell-constants). */
export const CAROUSEL_MIN_REVIEWS = 5;

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** One-star reviews are left out; reviews that mention the make come first. */
export function reviewsToShow(reviews: readonly Review[], make?: string, card: { title: number; body: number } = PAGE_CARD): Review[] {
  const mentions = (r: Review) => !!make && `${r.title} ${r.body}`.toLowerCase().includes(make.toLowerCase());
  return reviews
    .filter((r) => r.rating > 1)
    .map((r, index) => ({ r, index }))
    .sort((a, b) => Number(mentions(b.r)) - Number(mentions(a.r)) || a.index - b.index)
    .map(({ r }) => ({ ...r, title: truncate(r.title, card.title), body: truncate(r.body, card.body) }));
}

/** Rounded down to a multiple of 250 and shown with '+ reviews'. */
export function reviewCountLabel(total: number | null | undefined): string {
  const rounded = Math.floor((total ?? DEFAULT_TOTAL_REVIEWS) / 250) * 250;
  return `${formatNumber(rounded)}+ reviews`;
}
