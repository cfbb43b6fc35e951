import { describe, expect, it } from 'vitest';
import { pageMeta } from './meta';

const matches = [{ id: 'root', data: { brandName: 'Kerbside' } }];

describe('pageMeta', () => {
  it('adds the brand suffix to titles', () => {
    expect(pageMeta(matches, { title: 'Page not found' })).toEqual([{ title: 'Page not found | Kerbside' }]);
  });

  it('leaves the title alone where the spec says so, and adds the description', () => {
    expect(pageMeta(matches, { title: 'Kerbside: sell your car', suffix: false, description: 'd' })).toEqual([
      { title: 'Kerbside: sell your car' },
      { name: 'description', content: 'd' },
    ]);
  });

  it('hides vehicle pages from search engines when asked', () => {
    expect(pageMeta(matches, { title: 'Vehicle', noIndex: true })).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
