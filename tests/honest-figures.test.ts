import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, mainText, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';
import { SPEC_ROUTES } from './fixtures/spec-routes';
import { newSeller, valueCar } from './support/sellers';

/**
 * What pages state about the reviews comes from the reviews the platform holds: change the rows
 * and the count, the rating and the list change with them; take them away and the figures go.
 * The blocks are not kept between requests here (SHARED_BLOCKS_SECONDS=0), so each page shows the
 * table as it is. The video section appears only with a configured video, and the development
 * configuration has none.
 */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ appVars: { SHARED_BLOCKS_SECONDS: '0' } });
});
afterAll(() => workers?.dispose());

const get = async (path: string) => (await new Browser(workers.fetch).get(path)).text();
const cards = (html: string) => html.split('class="review-card"').length - 1;
const footer = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
const addReview = (rating: number, title: string, at: string) =>
  workers.db
    .prepare('INSERT INTO reviews (author, rating, title, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
    .bind('Test seller', rating, title, `${title}: what happened.`, at)
    .run();

describe('the review figures', () => {
  it('are those of the seeded sample on a fresh database: every review listed, one-star ones too', async () => {
    const html = await get('/reviews');
    expect(mainText(html)).toContain('Rated 4.2 out of 5 from 10 reviews.');
    expect(cards(html)).toBe(10);
    expect(mainText(html)).toContain('Did not sell');
    expect(mainText(html)).not.toContain('Showing reviews');
    expect(html).not.toMatch(/82,250|4\.7 out of 5/);
  });

  it('change when a review is added, and the new review is listed first', async () => {
    await addReview(1, 'Offer fell through', '2026-11-20T10:00:00Z');
    const html = await get('/reviews');
    // (5+5+4+5+5+3+5+1+5+4 + 1) / 11 = 3.909…
    expect(mainText(html)).toContain('Rated 3.9 out of 5 from 11 reviews.');
    expect(cards(html)).toBe(11);
    expect(mainText(html).indexOf('Offer fell through')).toBeLessThan(mainText(html).indexOf('Sold my Fiesta in two days'));

    const home = mainText(await get('/'));
    expect(home).toContain('Rated 3.9 out of 5 by sellers');
    expect(home).toContain('Read 11 reviews');
    expect(home).toContain('Offer fell through');

    const signIn = textOf(footer(await get('/sign-in')));
    expect(signIn).toContain('Sellers rate Kerbside 3.9 out of 5');
    expect(signIn).toContain('Read 11 reviews');
    expect(signIn).toContain('Offer fell through');
  });

  it('page the reviews 20 at a time, newest first, saying which ones a page shows', async () => {
    for (let day = 1; day <= 14; day++) await addReview(5, `Happy seller ${day}`, `2026-07-${String(day).padStart(2, '0')}T09:00:00Z`);
    const first = await get('/reviews');
    // (43 + 14 × 5) / 25 = 4.52
    expect(mainText(first)).toContain('Rated 4.5 out of 5 from 25 reviews.');
    expect(mainText(first)).toContain('Showing reviews 1 to 20 of 25, newest first.');
    expect(cards(first)).toBe(20);
    expect(first).toMatch(/<a[^>]+href="\/reviews\?page=2"[^>]*>Older reviews<\/a>/);
    expect(first).not.toContain('Newer reviews');

    const second = await get('/reviews?page=2');
    expect(mainText(second)).toContain('Showing reviews 21 to 25 of 25, newest first.');
    expect(cards(second)).toBe(5);
    expect(mainText(second)).toContain('Happy seller 1');
    expect(second).toMatch(/<a[^>]+href="\/reviews"[^>]*>Newer reviews<\/a>/);
    expect(second).not.toContain('Older reviews');

    for (const page of ['3', '0', 'two']) expect((await new Browser(workers.fetch).get(`/reviews?page=${page}`)).status, page).toBe(404);
  });

  it('go, with the reviews blocks, when the platform holds no reviews', async () => {
    await workers.db.prepare('DELETE FROM reviews').run();
    const page = mainText(await get('/reviews'));
    expect(page).toContain('No seller has reviewed Kerbside yet.');
    expect(page).not.toContain('out of 5');
    expect(mainText(await get('/'))).not.toContain('out of 5');
    expect(footer(await get('/sign-in'))).not.toContain('footer-reviews');
  });

  it('go when the platform cannot answer, and the reviews page says so', async () => {
    await addReview(4, 'Back again', '2026-11-21T10:00:00Z');
    expect(mainText(await get('/reviews'))).toContain('Rated 4 out of 5 from 1 review.');
    await workers.db.prepare('ALTER TABLE reviews RENAME TO reviews_away').run();
    try {
      const response = await new Browser(workers.fetch).get('/reviews');
      expect(response.status).toBe(200);
      const page = mainText(await response.text());
      expect(page).toContain('The reviews can’t be shown just now.');
      expect(page).not.toContain('out of 5');
      expect(mainText(await get('/'))).not.toContain('out of 5');
      expect(footer(await get('/sign-in'))).not.toContain('footer-reviews');
    } finally {
      await workers.db.prepare('ALTER TABLE reviews_away RENAME TO reviews').run();
    }
  });
});

describe('the home page video', () => {
  it('is left out when no video is configured, as in development: no section, no frame, no link to a video host', async () => {
    const html = await get('/');
    expect(mainText(html)).toContain('Why sellers choose us');
    expect(mainText(html)).not.toContain('See how it works');
    // The page's own markup (the inline stylesheet styles a video box every page shares).
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).not.toMatch(/<iframe|youtube|video-box|video-facade/);
  });
});

describe('nothing unfinished reaches a page', () => {
  it('every page of the route table, and a valued car, reads without a placeholder, a draft, lorem or a TODO', async () => {
    const visitor = new Browser(workers.fetch);
    const pages = SPEC_ROUTES.filter((route) => route.status === 200 && !route.path.includes(':')).map((route) => route.path);
    expect(pages.length).toBeGreaterThan(40);
    const seller = newSeller(workers);
    await valueCar(seller);
    const read = [
      ...(await Promise.all(pages.map(async (path) => ({ path, html: await (await visitor.get(path)).text() })))),
      { path: '/KE19FTA (valued)', html: await (await seller.get('/KE19FTA')).text() },
    ];
    for (const { path, html } of read) {
      expect(textOf(html), path).not.toMatch(/\b(placeholder|drafts?|lorem|ipsum|TODO|TBC|FIXME)\b|\{\{|\{dealerNetwork\}/i);
    }
  });
});
