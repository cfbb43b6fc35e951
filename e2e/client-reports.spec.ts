import type { Page } from '@playwright/test';
import type { StoredAnalyticsEvent } from '../contract/shell';
import { prepareWorkers } from '../tests/support/global-setup';
import { startWorkers, type Workers } from '../tests/support/workers';
import { expect, test, valueAndSignUp } from './support';

/**
 * The silent reports (docs/reporting.md), each made to happen in a real browser, and the page
 * views of a seller moving through pages (docs/behaviour/gateway.md#analytics). What arrives is
 * read where the team reads it: the app's logs (each report one `report.{kind}` line at its
 * level) and the events the platform stored. Both need the workers at hand, which `npm start` does
 * not give, so this file runs its own pair (the integration tests' setup) on a port of its own.
 * Reports and navigations are things scripts do: only the phone-js project runs it.
 */
const port = Number(process.env.E2E_REPORTS_PORT ?? Number(process.env.E2E_PORT ?? '8788') + 5);
let workers: Workers;

test.use({ baseURL: `http://localhost:${port}` });
// One worker runs the whole file: its beforeAll starts workers of its own on a fixed port.
test.describe.configure({ mode: 'default', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // With the support chat, as `npm start` has it.
  workers = await startWorkers({ port, provided: await prepareWorkers(), appVars: { FEATURE_FLAGS: '{"hideSupportWidget":false}' } });
});
test.afterAll(() => workers?.dispose());

/** The reports of one kind logged for one page so far. */
const reports = (kind: string, path: string) => workers.logged(`report.${kind}`).filter((line) => line.path === path);

/** Exactly one report of the kind for the page: it arrives, and no second one follows while the page settles. */
async function expectOneReport(page: Page, kind: string, path: string) {
  await expect.poll(() => reports(kind, path).length).toBe(1);
  await page.waitForLoadState('networkidle');
  expect(reports(kind, path)).toHaveLength(1);
  return reports(kind, path)[0]!;
}

test.describe('a script chunk that does not load', () => {
  test('a chunk that answers 404 is reported once, as an error', async ({ page }) => {
    await page.route(/\/build\/routes\/car-tax-check-[A-Z0-9]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.goto('/car-tax-check');
    // The page is still there, server-rendered: only its scripts are missing.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await expectOneReport(page, 'chunk_load_failed', '/car-tax-check')).toMatchObject({ level: 'warn', reason: 'error' });
  });

  test('a chunk still loading 120 s after the page is reported once, and one that arrived never is', async ({ page }) => {
    await page.clock.install();
    // The page's code all arrives: 120 s on, nothing is reported.
    await page.goto('/press');
    await page.waitForFunction(() => '__remixRouter' in window);
    await page.clock.runFor(121_000);
    // And a page whose chunk never comes: a held request, as on a connection that stalled.
    let held = 0;
    await page.route(/\/build\/routes\/ulez-checker-[A-Z0-9]+\.js$/, () => void held++);
    await page.goto('/ulez-checker', { waitUntil: 'commit' });
    await expect.poll(() => held).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => typeof window.__ksCodeArrived)).toBe('function');
    await page.clock.runFor(119_000);
    expect(reports('chunk_load_failed', '/ulez-checker')).toEqual([]);
    await page.clock.runFor(2_000);
    await expect.poll(() => reports('chunk_load_failed', '/ulez-checker').length).toBe(1);
    expect(reports('chunk_load_failed', '/ulez-checker')[0]).toMatchObject({ level: 'warn', reason: 'timeout' });
    expect(reports('chunk_load_failed', '/press')).toEqual([]);
  });

  test('a navigation whose chunk is gone is reported once, from the page it left, which Remix reloads', async ({ page }) => {
    await page.goto('/reviews');
    await page.waitForFunction(() => '__remixRouter' in window);
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    await page.route(/\/build\/routes\/mot-check-[A-Z0-9]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    // Remix's answer to a missing chunk: the page it was on, loaded again.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('navigation', { name: 'Free tools' }).getByRole('link', { name: 'MOT checker' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as { marker?: number }).marker ?? null)).toBeNull();
    await expect(page).toHaveURL(/\/reviews$/);
    expect(await expectOneReport(page, 'chunk_load_failed', '/reviews')).toMatchObject({ reason: 'error' });
  });
});

test('a chat widget that cannot be loaded is reported once, and the help centre offered instead', async ({ page }) => {
  await page.route('**/chat/widget.js', (route) => route.abort('connectionreset'));
  await page.goto('/reviews');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Chat with us' }).click();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Visit our help centre' })).toBeVisible();
  expect(await expectOneReport(page, 'widget_load_failed', '/reviews')).toMatchObject({ level: 'warn' });
});

test("a chat login that fails is reported once, and the chat opens without the seller's account", async ({ page }) => {
  await valueAndSignUp(page, `chat.${Date.now()}@example.co.uk`, { mileage: '65000' });
  await page.route('**/api/chat-login', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await page.getByRole('contentinfo').getByRole('button', { name: 'Chat with us' }).click();
  await expect(page.getByRole('dialog', { name: 'Support chat' })).toBeVisible();
  expect(await expectOneReport(page, 'chat_login_failed', '/KE19FTA')).toMatchObject({ level: 'warn' });
});

test('a browser that refuses cookies is reported once per page load', async ({ page }) => {
  // The browser's own switch: the page can neither set nor read a cookie.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDocumentCookieDisabled', { disabled: true });
  await page.goto('/about');
  await page.waitForFunction(() => '__remixRouter' in window);
  expect(await expectOneReport(page, 'cookies_disabled', '/about')).toMatchObject({ level: 'info' });
});

test('a browser that keeps cookies is never reported as refusing them', async ({ page }) => {
  await page.goto('/careers');
  await page.waitForFunction(() => '__remixRouter' in window);
  await page.waitForLoadState('networkidle');
  expect(reports('cookies_disabled', '/careers')).toEqual([]);
});

test('three pages visited, one loaded and two reached in the page, are exactly three page views', async ({ page, context }) => {
  await context.addCookies([{ name: 'kerbside_consent', value: 'granted', url: `http://localhost:${port}` }]);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/reviews');
  await page.waitForFunction(() => '__remixRouter' in window);
  await page.getByRole('contentinfo').getByRole('link', { name: 'How it works' }).first().click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await page.getByRole('link', { name: 'Kerbside home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');
  // The browser did ask for data and the route manifest on the way: none of it is a page.
  expect(requests.some((path) => path.endsWith('.data'))).toBe(true);
  // Only this test accepts cookies on these workers: every view stored is one of its pages.

  const views = async () => {
    const { events } = (await (await workers.platform('/platform/dev/events')).json()) as { events: StoredAnalyticsEvent[] };
    return events.filter((event) => event.name === 'page_view').map((event) => event.path);
  };
  await expect.poll(views).toEqual(['/reviews', '/how-it-works', '/']);
  // And no fourth arrives once everything the pages asked for has been answered.
  await page.waitForLoadState('networkidle');
  expect(await views()).toEqual(['/reviews', '/how-it-works', '/']);
});
