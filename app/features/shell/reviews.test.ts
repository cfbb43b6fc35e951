import { describe, expect, it } from 'vitest';
import type { Review } from '../../../contract/shell';
import { reviewFigures, reviewsToShow, SHELL_CARD } from './reviews';

const review = (rating: number, title: string, body = 'Fine.'): Review => ({
  author: 'A',
  rating,
  title,
  body,
  timestamp: '2026-01-01T00:00:00Z',
});

describe('reviews', () => {
  it('shows every review whatever its rating, those mentioning the make first', () => {
    const shown = reviewsToShow([review(5, 'Great'), review(1, 'Bad'), review(4, 'My Ford sold fast')], 'Ford');
    expect(shown.map((r) => r.title)).toEqual(['My Ford sold fast', 'Great', 'Bad']);
  });

  it('truncates titles to 50 and bodies to 160 characters', () => {
    const [shown] = reviewsToShow([review(5, 'T'.repeat(80), 'B'.repeat(300))]);
    expect(shown!.title).toHaveLength(50);
    expect(shown!.body).toHaveLength(160);
    expect(shown!.body.endsWith('…')).toBe(true);
  });

  it('truncates shell cards to 27 and 78 characters', () => {
    const [shown] = reviewsToShow([review(5, 'Sold my Fiesta in two days flat', 'B'.repeat(100))], undefined, SHELL_CARD);
    expect(shown!.title).toBe('Sold my Fiesta in two days…');
    expect(shown!.title).toHaveLength(27);
    expect(shown!.body).toHaveLength(78);
    const [short] = reviewsToShow([review(5, 'Easy', 'Quick.')], undefined, SHELL_CARD);
    expect(short).toMatchObject({ title: 'Easy', body: 'Quick.' });
  });
});

describe('the review figures', () => {
  it('state the exact count and the average to one decimal place', () => {
    expect(reviewFigures({ totalReviews: 10, averageRating: 4.2 })).toEqual({ rating: '4.2', count: '10 reviews', total: 10 });
    expect(reviewFigures({ totalReviews: 11, averageRating: 43 / 11 })?.rating).toBe('3.9');
    expect(reviewFigures({ totalReviews: 3, averageRating: 14 / 3 })?.rating).toBe('4.7');
    expect(reviewFigures({ totalReviews: 1, averageRating: 5 })).toEqual({ rating: '5', count: '1 review', total: 1 });
    expect(reviewFigures({ totalReviews: 1204, averageRating: 4.25 })).toMatchObject({ rating: '4.3', count: '1,204 reviews' });
  });

  it('are none without reviews, or without an answer', () => {
    expect(reviewFigures({ totalReviews: 0, averageRating: null })).toBeNull();
    expect(reviewFigures(null)).toBeNull();
    expect(reviewFigures(undefined)).toBeNull();
  });
});
