import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { Checker, PageChecks } from './page-checks';
import { TEST_CLIENT_ADDRESS_HEADER } from '../scripts/lib/front-door.mjs';

/**
 * Each test is a different seller on a different connection: the platform rate-limits lookups per
 * IP, and the local server (Miniflare) keeps a CF-Connecting-IP the client sends (Cloudflare itself overwrites it).
 *
 * And every page a test visits is checked for accessibility (axe-core, WCAG 2.2 A/AA: a serious or
 * critical violation fails the test) and photographed once per URL into
 * test-results/screenshots/<project>/, by the `pageChecks` fixture, which no test needs to ask for.
 */
export const test = base.extend<{ pageChecks: PageChecks }, { checker: Checker; workerContext: BrowserContext }>({
  /**
   * One browser context per worker, emptied between tests (cookies, permissions, pages), instead of
   * a new one per test: a new context starts a new renderer with cold caches, and compiling the
   * app's scripts again for every test cost more than most tests' own steps. A test that asks for
   * other context settings than its project's (a wide screen, another address) gets its own.
   */
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext(contextOptions(workerInfo.project.use));
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, workerContext, viewport, isMobile, baseURL }, use, testInfo) => {
    const project = testInfo.project.use;
    const own = !sameViewport(viewport, project.viewport) || isMobile !== project.isMobile || baseURL !== project.baseURL;
    const context = own ? await browser.newContext({ ...contextOptions(project), viewport, isMobile, baseURL }) : workerContext;
    await context.clearCookies();
    await context.clearPermissions();
    let h = 0;
    for (const ch of `${testInfo.testId}:${testInfo.retry}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
    await context.setExtraHTTPHeaders(clientAddressHeaders(`10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}`));
    await use(context);
    if (own) await context.close();
    else await Promise.all(context.pages().map((page) => page.close()));
  },
  checker: [
    async ({ browser }, use, workerInfo) => {
      const checker = await Checker.open(browser, workerInfo.project.use, workerInfo.project.outputDir);
      await use(checker);
      await checker.close();
    },
    { scope: 'worker' },
  ],
  pageChecks: [
    async ({ context, page, javaScriptEnabled, checker }, use, testInfo) => {
      const checks = new PageChecks(testInfo, javaScriptEnabled !== false, checker);
      if (process.env.E2E_AXE === '0') return void (await use(checks));
      checks.watch(page);
      // Other tabs the test opens are pages it visits too.
      const watchOther = (other: Page) => checks.watch(other);
      context.on('page', watchOther);
      await use(checks);
      context.off('page', watchOther);
      await checks.finish();
    },
    // The last checks share the test's own time: each page is checked as it is visited, so
    // only the last few are still running when the test ends.
    { auto: true },
  ],
});
export { expect };

export async function lookUp(page: Page, vrm: string, from = '/') {
  await page.goto(from);
  await page.getByLabel('Enter your reg').fill(vrm);
  await page.getByRole('button', { name: /Value my car|Check again/ }).click();
}

/** The mileage the step offers, as digits. */
export async function offeredMileage(page: Page): Promise<string> {
  return (await page.getByLabel("What's your mileage?").inputValue()).replace(/,/g, '');
}

export const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

/**
 * A mobile of the test's own ('07400 123456' style): a number is sent only so many codes a day
 * across accounts (docs/sign-in-limits.md), and a run signs up many sellers.
 */
export const newMobile = () => `07400 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

/** The sign-up form on the vehicle page, filled in as a seller would; the mobile it gave. */
export async function signUpHere(page: Page, email: string, mobile = newMobile()) {
  await page.getByLabel('Full name').fill('Sarah Kennedy');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Postcode').fill('LS1 4DY');
  await page.getByRole('button', { name: 'See valuation' }).click();
  return mobile;
}

/** Registration → mileage (the one given, or the estimate offered) → valuation → sign-up; the mobile it gave. */
export async function valueAndSignUp(page: Page, email: string, { vrm = 'KE19FTA', mileage }: { vrm?: string; mileage?: string } = {}) {
  await lookUp(page, vrm);
  if (mileage) await submitMileage(page, mileage);
  else await page.getByRole('button', { name: 'See my valuation' }).click();
  await expect(page.getByTestId('valuation-range')).toBeVisible();
  const mobile = await signUpHere(page, email);
  // Signed in once the header says so: with scripts the form is sent in the background, and a test
  // that goes on at once would leave before the session cookie arrives.
  await expect(accountNav(page).getByLabel('Account menu')).toBeVisible();
  return mobile;
}

/**
 * On the mobile's page (`/account/mobile`), the code texted to it, read from the development
 * mailbox as the seller reads their phone; then the seller is where the page's `next` leads.
 */
export async function enterMobileCode(page: Page, mobile: string) {
  await expect(page.getByRole('heading', { name: 'Confirm your mobile' })).toBeVisible();
  const mobilePage = page.url();
  await page.goto('/dev/mailbox');
  const text = page
    .getByTestId('text')
    .filter({ has: page.getByRole('heading', { name: `Text to ${mobile}` }) })
    .filter({ hasText: 'is your code' })
    .first();
  const code = /(\d{6}) is your code/.exec((await text.textContent()) ?? '')![1]!;
  await page.goto(mobilePage);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Confirm my mobile' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your mobile' })).toHaveCount(0);
}

export async function submitMileage(page: Page, mileage: string) {
  await page.getByLabel("What's your mileage?").fill(mileage);
  await page.getByRole('button', { name: 'See my valuation' }).click();
}

/** The settings a context is made with, from a project's `use`. */
function contextOptions(use: BrowserContextOptions & { baseURL?: string }): BrowserContextOptions {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, javaScriptEnabled, reducedMotion, locale, colorScheme, baseURL } =
    use;
  return { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, javaScriptEnabled, reducedMotion, locale, colorScheme, baseURL };
}

function sameViewport(a: BrowserContextOptions['viewport'], b: BrowserContextOptions['viewport']) {
  return a?.width === b?.width && a?.height === b?.height;
}

/**
 * Presses a form's button and waits for the server's answer to the post. A form that leads back to
 * the same address gives a test nothing to wait for otherwise: with scripts the post goes in the
 * background, and a test that goes on at once can leave (or post again) before it has landed.
 */
export async function submitAndWait(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).origin === new URL(page.url()).origin,
  );
  await button.click();
  await answered;
}

/** Opens the newest e-mail to an address with this subject from the development mailbox, and its link. */
export async function openMailboxLink(page: Page, email: string, subject: string) {
  await page.goto('/dev/mailbox');
  const mail = page
    .getByTestId('email')
    .filter({ hasText: email })
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await mail.getByRole('link').first().click();
}

/**
 * Proves the address as a seller does after signing up: the link e-mailed to it, opened in the
 * same browser (it signs in by itself with scripts; without, the seller presses the button), then
 * the mobile's code when one was given, back on the page the seller signed up on.
 */
export async function confirmEmail(page: Page, email: string, javaScriptEnabled: boolean | undefined, mobile?: string) {
  const back = page.url();
  await openMailboxLink(page, email, 'Confirm your e-mail address for Kerbside');
  if (javaScriptEnabled === false) await page.getByRole('button', { name: 'Continue to your account' }).click();
  // Then the code texted to the mobile given at sign-up, on the page the proof leads to.
  if (mobile) await enterMobileCode(page, mobile);
  await expect(page).toHaveURL(back);
}

/**
 * A browser's own address, for the per-address limits: the test servers' front door takes it from
 * its test-only header (and drops a client's cf-connecting-ip, as the edge does); workers a file
 * starts itself are reached on Miniflare directly, which takes cf-connecting-ip as the edge sets it.
 */
export const clientAddressHeaders = (ip: string) => ({ [TEST_CLIENT_ADDRESS_HEADER]: ip, 'cf-connecting-ip': ip });

/** Another seller's browser beside this test's: its own cookies and connection, the project's settings. */
export async function otherBrowser(browser: Browser, project: BrowserContextOptions, ip: string): Promise<BrowserContext> {
  const context = await browser.newContext(contextOptions(project));
  await context.setExtraHTTPHeaders(clientAddressHeaders(ip));
  return context;
}
