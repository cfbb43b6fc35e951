import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAnalyticsEvent } from '../contract/shell';
import { Browser } from './support/browser';
import { newSeller, sessionData } from './support/sellers';
import { startWorkers, type LoggedEvent, type Workers } from './support/workers';

/**
 * What the gateway is told about each call (spec §7.3: the providers' versions once known, the
 * session id on a seller's form posts), the silent reports as the Workers logs receive them
 * (docs/reporting.md), and which requests count as page views (docs/behaviour/gateway.md#analytics).
 */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers();
});
afterAll(() => workers?.dispose());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const calls = (endpoint?: string) => workers.logged('platform.request').filter((line) => !endpoint || line.endpoint === endpoint);
const requesterOf = async (browser: Browser) => (await sessionData(browser)).requesterId as string;

/** A form posted from one of our pages, as a browser sends it (Sec-Fetch-Site). */
const postFromPage = (browser: Browser, path: string, form: Record<string, string>) =>
  browser.get(path, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
  });

describe("the gateway's request headers", () => {
  it("sends the providers' versions once the platform has named them, and the platform logs them as current", async () => {
    // The isolate's first calls to the platform (a page's, side by side) know no versions yet.
    const seller = newSeller(workers);
    await seller.get('/reviews');
    expect(calls()[0]!.providers).toBeNull();
    // Once an answer has named them, every call sends them: this seller's next page, and anyone's.
    const before = calls().length;
    await seller.get('/how-it-works');
    await newSeller(workers).get('/');
    const later = calls().slice(before);
    expect(later.length).toBeGreaterThan(1);
    for (const line of later)
      expect(line).toMatchObject({ providers: 'current', providersVersions: expect.stringMatching(/(^|,)register=/) });
  });

  it("sends the seller's session id with every call of a form posted from our page, the same one each time", async () => {
    const seller = newSeller(workers);
    await postFromPage(seller, '/?index', { vrm: 'ER19NFD' });
    await seller.get('/reviews');
    await postFromPage(seller, '/?index', { vrm: 'KE19FTA' });
    const requesterId = await requesterOf(seller);
    const lookups = calls('entry.lookup').filter((line) => line.requesterId === requesterId);
    expect(lookups).toHaveLength(2);
    const sessionId = (await sessionData(seller)).sessionId as string;
    expect(sessionId).toMatch(UUID);
    expect(lookups.map((line) => line.sessionId)).toEqual([sessionId, sessionId]);
    // Reading pages is not posting a form: those calls carry none.
    const reads = calls().filter((line) => line.requesterId === requesterId && line.method === 'GET');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((line) => line.sessionId === null)).toBe(true);
  });

  it('sends none for a post that does not say it came from our page', async () => {
    const script = newSeller(workers);
    await script.post('/?index', { vrm: 'KE19FTA' });
    const requesterId = await requesterOf(script);
    const lookups = calls('entry.lookup').filter((line) => line.requesterId === requesterId);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.sessionId).toBeNull();
  });
});

describe('silent reports in the logs', () => {
  const reports = (event: string, path: string) => workers.logged(event).filter((line: LoggedEvent) => line.path === path);

  it('logs each report from the browser once, as its event at its level, with the page it came from', async () => {
    const browser = newSeller(workers);
    const send = (form: Record<string, string>, page: string) =>
      browser.get('/api/client-report', {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `http://localhost${page}` },
      });
    expect((await send({ kind: 'chunk_load_failed', reason: 'timeout' }, '/reviews')).status).toBe(204);
    expect((await send({ kind: 'chat_login_failed' }, '/how-it-works')).status).toBe(204);
    expect((await send({ kind: 'widget_load_failed' }, '/how-it-works')).status).toBe(204);
    expect((await send({ kind: 'cookies_disabled' }, '/about')).status).toBe(204);
    await expect.poll(() => reports('report.cookies_disabled', '/about').length).toBe(1);
    expect(reports('report.chunk_load_failed', '/reviews')).toEqual([
      expect.objectContaining({ level: 'warn', reason: 'timeout', path: '/reviews' }),
    ]);
    expect(reports('report.chat_login_failed', '/how-it-works')).toEqual([expect.objectContaining({ level: 'warn' })]);
    expect(reports('report.widget_load_failed', '/how-it-works')).toEqual([expect.objectContaining({ level: 'warn' })]);
    expect(reports('report.cookies_disabled', '/about')).toEqual([expect.objectContaining({ level: 'info' })]);
    // Anything else is refused and logs nothing.
    expect((await send({ kind: 'lookup_failed' }, '/careers')).status).toBe(400);
    expect((await send({ kind: 'chunk_load_failed', reason: '<script>' }, '/careers')).status).toBe(400);
    expect(workers.logged().filter((line) => line.path === '/careers')).toEqual([]);
  });

  it('logs a lookup that found no vehicle at the lowest level, with its code and never the registration', async () => {
    const before = workers.logged('report.lookup_failed').length;
    await newSeller(workers).post('/?index', { vrm: 'ER19NFD' });
    await expect.poll(() => workers.logged('report.lookup_failed').length).toBe(before + 1);
    const line = workers.logged('report.lookup_failed').at(-1)!;
    expect(line).toEqual({ event: 'report.lookup_failed', level: 'debug', code: 'vehicle_lookup_failed' });
  });
});

describe('page views', () => {
  async function viewsOf(browser: Browser): Promise<StoredAnalyticsEvent[]> {
    const requesterId = await requesterOf(browser);
    const { events } = (await (await workers.platform(`/platform/dev/events?requesterId=${requesterId}`)).json()) as {
      events: StoredAnalyticsEvent[];
    };
    return events.filter((event) => event.name === 'page_view');
  }

  it('counts documents of real pages and the navigations the browser reports, and nothing else', async () => {
    const seller = newSeller(workers, { runsScripts: true });
    await seller.post('/cookie-consent', { choice: 'accept', returnTo: '/reviews' });
    // A document, then what a browser running scripts asks for as the seller moves on in the page.
    expect((await seller.get('/reviews')).status).toBe(200);
    await seller.get('/__manifest?p=%2Fhow-it-works&p=%2F&version=1');
    await seller.get('/how-it-works.data');
    expect((await postFromPage(seller, '/api/page-view', { path: '/how-it-works' })).status).toBe(204);
    await seller.get('/_root.data');
    expect((await postFromPage(seller, '/api/page-view', { path: '/' })).status).toBe(204);
    // Not pages: files, images, a page that does not exist, redirects, and whatever is not a page's path.
    await seller.get('/robots.txt');
    await seller.get('/sitemap.xml');
    await seller.get('/healthz');
    await seller.get('/no-such-page');
    await seller.get('/best-ev-cities');
    for (const path of ['/how-it-works.data', '/__manifest', '/_root', '/build/root.js', '/api/page-view', 'https://evil.example/']) {
      expect((await postFromPage(seller, '/api/page-view', { path })).status).toBe(400);
    }
    await expect.poll(async () => (await viewsOf(seller)).map((event) => event.path)).toEqual(['/reviews', '/how-it-works', '/']);
  });

  it('counts none for a bot, nor for a seller who has not accepted cookies', async () => {
    const bot = new Browser(workers.fetch, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await bot.post('/cookie-consent', { choice: 'accept', returnTo: '/reviews' });
    await bot.get('/reviews');
    await postFromPage(bot, '/api/page-view', { path: '/how-it-works' });
    const undecided = newSeller(workers);
    await undecided.get('/reviews');
    await postFromPage(undecided, '/api/page-view', { path: '/how-it-works' });
    // Something this test's seller does next is recorded, so the ones above had their chance to be.
    const marker = newSeller(workers);
    await marker.post('/cookie-consent', { choice: 'accept', returnTo: '/reviews' });
    await marker.get('/reviews');
    await expect.poll(async () => (await viewsOf(marker)).length).toBe(1);
    expect(await viewsOf(bot)).toEqual([]);
    expect(await viewsOf(undecided)).toEqual([]);
  });
});
