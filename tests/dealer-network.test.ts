import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, mainText, textOf } from './support/browser';
import { newSeller, signUp, uniqueEmail, valueCar } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';

/**
 * The size of the dealer network is one configured fact (DEALER_NETWORK_SIZE): configure another
 * and every page that makes the claim states that figure, rounded down (12,345 → '12,000+'), in
 * the shell, the app's own copy, the landing pages' data and the Markdown content alike, and none
 * still states the development configuration's figure.
 */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ appVars: { DEALER_NETWORK_SIZE: '12345' } });
});
afterAll(() => workers?.dispose());

const FIGURE = '12,000+';
const get = async (path: string) => {
  const response = await new Browser(workers.fetch).get(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
const footer = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
/** Any other size of network a page might still state by hand (a figure with '+', or 'N,NNN dealers'). */
const otherFigure = (html: string) =>
  textOf(html)
    .replaceAll(FIGURE, '')
    .match(/\d[\d,]*\+|\b\d{1,3},\d{3} (verified )?dealers/g);

describe('the dealer network the pages state', () => {
  it('is the configured one on the home page: the hero, the benefits, the description and the footer', async () => {
    const html = await get('/');
    expect(mainText(html)).toContain(`${FIGURE} dealers compete to give you their best price`);
    expect(mainText(html)).toContain(`${FIGURE} dealers compete for your car in a daily sale`);
    expect(description(html)).toBe(`Get an instant valuation, then ${FIGURE} dealers compete to buy your car. Free collection, no fee.`);
    expect(textOf(footer(html))).toContain(`${FIGURE} dealers compete to buy your car. Free collection, no fee to the seller.`);
    expect(otherFigure(html)).toBeNull();
    // A client-side navigation home gets the same sections as markup.
    const data = await (await new Browser(workers.fetch).get('/_root.data?_routes=routes%2Fhome')).text();
    expect(data).toContain(`${FIGURE} dealers compete`);
  });

  it("is the configured one in the footer's lookup block on other pages", async () => {
    const html = await get('/sign-in');
    expect(textOf(footer(html))).toContain(`${FIGURE} dealers compete to give you their best price. Free collection, no fee.`);
    expect(otherFigure(html)).toBeNull();
  });

  it("is the configured one in a brand page's Markdown content, and in the same content as JSON", async () => {
    const html = await get('/sell-my-car/brands/ford');
    expect(mainText(html)).toContain(`${FIGURE} dealers can bid in the daily sale`);
    expect(description(html)).toContain(`Sell your Ford to ${FIGURE} dealers competing in a daily sale`);
    expect(otherFigure(html)).toBeNull();
    const json = await (await new Browser(workers.fetch).post('/api/content/make', { make: 'ford' })).json();
    expect((json as { html: string }).html).toContain(`${FIGURE} dealers can bid`);
  });

  it.each([
    ['/claims', `Our network has ${FIGURE} verified dealers who can bid on cars in our daily sale.`],
    ['/how-it-works', `Our network of ${FIGURE} verified dealers can bid.`],
    ['/guides/part-exchange-or-sell', `${FIGURE} dealers can bid in our daily sale`],
    ['/blog/2026/10/14/how-the-daily-sale-works', `Our network of ${FIGURE} dealers can bid on your car`],
  ])("is the configured one in %s's Markdown and description", async (path, sentence) => {
    const html = await get(path);
    expect(mainText(html)).toContain(sentence);
    expect(otherFigure(html)).toBeNull();
    expect(html).not.toContain('{{');
  });

  it('is the configured one on the landing pages, filled into their data where it says {dealerNetwork}', async () => {
    const html = await get('/sell-my-car');
    expect(mainText(html)).toContain(`${FIGURE} verified dealers can bid for your car in our daily online sale.`);
    expect(description(html)).toContain(`Sell your car to ${FIGURE} verified dealers`);
    expect(otherFigure(html)).toBeNull();
    const buyers = await get('/sell-my-car/car-buyers');
    expect(buyers).toContain(`<title>Car buyers: ${FIGURE} verified dealers bid for your car | Kerbside</title>`);
    const partner = await get('/sell-my-car/topcashback');
    expect(mainText(partner)).toContain(`A free valuation, ${FIGURE} verified dealers bidding in a daily sale`);
    for (const page of [buyers, partner]) {
      expect(otherFigure(page)).toBeNull();
      expect(page).not.toContain('{dealerNetwork}');
    }
    expect(mainText(await get('/sitemap'))).toContain(`Car buyers: ${FIGURE} verified dealers bid for your car`);
  });

  it("is the configured one on KE19FTA's vehicle page, which states no other", async () => {
    const seller = newSeller(workers);
    await valueCar(seller);
    expect((await signUp(seller, uniqueEmail('network'))).status).toBe(302);
    const html = await (await seller.get('/KE19FTA')).text();
    expect(mainText(html)).toContain(`Build your vehicle profile and ${FIGURE} dealers compete for your car in the next daily sale.`);
    expect(otherFigure(html)).toBeNull();
  });
});
