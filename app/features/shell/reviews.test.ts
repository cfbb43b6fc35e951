import { describe, expect, it } from 'vitest';
import type { Review } from '../../../contract/shell';
import { reviewCountLabel, reviewsToShow, SHELL_CARD } from './reviews';

const review = (rating: number, title: string, body = 'Fine.'): Review => ({
  author: 'A',
  rating,
  title,
  body,
  timestamp: '2026-01-01T00:00:00Z',
});

describe('reviews', () => {
  it('leaves out one-star reviews and puts those mentioning the make first', () => {
    const shown = reviewsToShow([review(5, 'Great'), review(1, 'Bad'), review(4, 'My Ford sold fast')], 'Ford');
    expect(shown.map((r) => r.title)).toEqual(['My Ford sold fast', 'Great']);
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

  it('rounds the count down to 250', () => {
    expect(reviewCountLabel(7_749)).toBe('7,500+ reviews');
    expect(reviewCountLabel(7_750)).toBe('7,750+ reviews');
    expect(reviewCountLabel(82_417)).toBe('82,250+ reviews');
    expect(reviewCountLabel(undefined)).toBe('7,500+ reviews');
  });
});
