import { describe, expect, it } from 'vitest';
import { blogDateTitle, blogPostPath } from './content.server';

describe('blog dates', () => {
  it.each([
    [{}, 'Blog'],
    [{ year: '2026' }, 'Posts from 2026'],
    [{ year: '2026', month: '10' }, 'Posts from October 2026'],
    [{ year: '2026', month: '10', day: '14' }, 'Posts from 14 October 2026'],
    [{ year: '2024', month: '02', day: '29' }, 'Posts from 29 February 2024'],
  ])('titles %j as %s', (path, title) => expect(blogDateTitle(path)).toBe(title));

  it.each([
    [{ year: '26' }],
    [{ year: '2026', month: '13' }],
    [{ year: '2026', month: '1' }],
    [{ year: '2026', month: '00' }],
    [{ year: '2025', month: '02', day: '29' }],
    [{ year: '2026', month: '11', day: '31' }],
    [{ year: 'abcd' }],
  ])('is not a date page: %j', (path) => expect(blogDateTitle(path)).toBeNull());

  it('gives a post its dated address', () => {
    expect(blogPostPath('2026-10-14-how-the-daily-sale-works')).toBe('/blog/2026/10/14/how-the-daily-sale-works');
  });
});
