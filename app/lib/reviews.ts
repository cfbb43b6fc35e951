import type { Review } from '../../contract/gateway';

/** Review display rules (spec 1 §9). */
export const DEFAULT_RATING = 4.4;
export const DEFAULT_TOTAL_REVIEWS = 7_500;
const TITLE_MAX = 50;
const BODY_MAX = 160;

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** One-star reviews are left out; reviews that mention the make come first. */
export function reviewsToShow(reviews: readonly Review[], make?: string): Review[] {
  const mentions = (r: Review) => !!make && `${r.title} ${r.body}`.toLowerCase().includes(make.toLowerCase());
  return reviews
    .filter((r) => r.rating > 1)
    .map((r, index) => ({ r, index }))
    .sort((a, b) => Number(mentions(b.r)) - Number(mentions(a.r)) || a.index - b.index)
    .map(({ r }) => ({ ...r, title: truncate(r.title, TITLE_MAX), body: truncate(r.body, BODY_MAX) }));
}

/** Rounded down to a multiple of 250 and shown with '+ reviews'. */
export function reviewCountLabel(total: number | null | undefined): string {
  const rounded = Math.floor((total ?? DEFAULT_TOTAL_REVIEWS) / 250) * 250;
  return `${new Intl.NumberFormat('en-GB').format(rounded)}+ reviews`;
}
