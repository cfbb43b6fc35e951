import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types
import { compileEntry, splitFrontMatter } from './build-content.mjs';

const page = (front: string, body = '## A heading\n\nText with a [link](/ulez-checker).') => `---\n${front}\n---\n${body}`;
const good = 'title: "Selling a van"\ndescription: "What to know before you sell a van to a dealer."\ndate: 2026-11-23';

describe('the content store', () => {
  it('reads front matter and renders the body', () => {
    const entry = compileEntry(page(good), 'x.md', 'guides', 'selling-a-van');
    expect(entry).toMatchObject({
      title: 'Selling a van',
      date: '2026-11-23',
      author: 'Kerbside team',
      collection: 'guides',
      slug: 'selling-a-van',
    });
    expect(entry.html).toContain('<h2>A heading</h2>');
    expect(entry.html).toContain('<a href="/ulez-checker">link</a>');
  });

  it('shows raw HTML as text and neutralises script links', () => {
    const entry = compileEntry(page(good, '<script>alert(1)</script>\n\n[x](javascript:alert(1))'), 'x.md', 'guides', 'x');
    expect(entry.html).not.toContain('<script>');
    expect(entry.html).toContain('&lt;script&gt;');
    expect(entry.html).toContain('<a href="#">x</a>');
  });

  it.each([
    ['description: "too short"\ntitle: "Title"\ndate: 2026-11-23', /description/],
    [`${good}\nunknown: 1`, /unknown/],
    ['title: "Selling a van"\ndescription: "What to know before you sell a van to a dealer."\ndate: 23/11/2026', /date/],
    [`${good}\nsources:\n  - { title: "GOV.UK", url: "not a url", accessed: 2026-11-23 }`, /sources/],
  ])('refuses bad front matter (%#)', (front, problem) => {
    expect(() => compileEntry(page(front), 'bad.md', 'guides', 'bad')).toThrow(problem);
  });

  it('refuses a page without front matter, or with its own # title', () => {
    expect(() => splitFrontMatter('# Hello', 'none.md')).toThrow(/no front matter/);
    expect(() => compileEntry(page(good, '# Second title'), 'h1.md', 'guides', 'h1')).toThrow(/# heading/);
  });

  it('lets a page name only the values the server fills in', () => {
    const page = (body: string, collection = 'pages', front = 'title: Terms\ndescription: A page long enough to be a description.') =>
      compileEntry(`---\n${front}\ndate: 2026-11-26\n---\n${body}`, 'terms.md', collection, 'terms');
    expect(page('Run by {{companyName}}.').html).toContain('{{companyName}}');
    expect(() => page('Run by {{companyname}}.')).toThrow(/\{\{companyname\}\} is not one of the values/);
    expect(() => page('Run by {{companyName}.')).toThrow(/unclosed/);
    // Every collection's route fills them in (content.server.ts), brands and guides as well as pages.
    expect(page('{{dealerNetwork}} dealers can bid.', 'brands').html).toContain('{{dealerNetwork}} dealers can bid.');
    expect(page('x', 'guides', 'title: Guide\ndescription: Let {{dealerNetwork}} verified dealers bid.').description).toBe(
      'Let {{dealerNetwork}} verified dealers bid.',
    );
    expect(() => page('x', 'guides', 'title: Guide\ndescription: Let {{dealers}} verified dealers bid for it.')).toThrow(
      /\{\{dealers\}\} is not one/,
    );
    // A title goes into links and the sitemap as it is.
    expect(() => page('x', 'guides', 'title: "{{dealerNetwork}} dealers"\ndescription: A page long enough to be a description.')).toThrow(
      /title cannot name values/,
    );
    // A page is final or it isn't published: there is no draft to show with a notice.
    expect(() =>
      compileEntry(
        '---\ntitle: Terms\ndescription: A page long enough to be a description.\ndate: 2026-11-26\ndraft: true\n---\nx',
        'terms.md',
        'pages',
        'terms',
      ),
    ).toThrow(/draft/);
  });
});
