import type { BrowserContext } from '@playwright/test';
import { SIGN_UP_FAILED_MESSAGE } from '../app/lib/auth-messages';
import { prepareWorkers } from '../tests/support/global-setup';
import { startWorkers, type Workers } from '../tests/support/workers';
import { clientAddressHeaders, expect, lookUp, test as base, valueAndSignUp } from './support';

/**
 * The whole platform down while a seller works through their steps (docs/decisions/026), with
 * JavaScript and without: a form that could not be sent comes back on its own page, with the
 * outage message and the form as the seller filled it in; a step opened during the outage stands
 * in its frame (the seller's car above it) and says why it shows no form, with a link to try again.
 * The fault matrix (tests/fault-matrix.test.ts) has every step; these are a few in a real browser.
 *
 * The outage needs the fault worker between the app and the platform, which `npm start` does not
 * have: this file runs its own pair of workers (the integration tests' setup), one pair per project,
 * on ports past the ones playwright.config.ts takes (E2E_PORT + 1 with scripts, + 4 without).
 */
const faultsPort = Number(process.env.E2E_FAULTS_PORT ?? Number(process.env.E2E_PORT ?? '8788') + 1);
const portFor = (javaScriptEnabled: boolean | undefined) => (javaScriptEnabled === false ? faultsPort + 3 : faultsPort);
let workers: Workers;

const test = base.extend({
  baseURL: async ({ javaScriptEnabled }, use) => use(`http://localhost:${portFor(javaScriptEnabled)}`),
});
// One worker runs the whole file per project: its beforeAll starts workers of its own on a fixed port.
test.describe.configure({ mode: 'default', timeout: 120_000 });

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  const port = portFor(testInfo.project.use.javaScriptEnabled);
  workers = await startWorkers({ withFaults: true, port, provided: await prepareWorkers() });
});
test.afterAll(() => workers?.dispose());

/** This seller's address, so that the faults fail their calls and no one else's. */
async function sellerAddress(context: BrowserContext, n: number): Promise<string> {
  const ip = `203.0.113.${n}`;
  await context.setExtraHTTPHeaders(clientAddressHeaders(ip));
  return ip;
}

/** Every platform call of this seller fails as an unreachable platform does. */
async function platformDown(ip: string) {
  await workers.faults.inject({ ip, path: '.', fault: 'unreachable' });
}

test('the mileage step keeps the mileage typed, with the message, when the platform is down', async ({ page, context }) => {
  const ip = await sellerAddress(context, 1);
  await lookUp(page, 'KE19FTA');
  await expect(page).toHaveURL(/\/mileage$/);

  await platformDown(ip);
  await page.getByLabel("What's your mileage?").fill('65,000');
  await page.getByRole('button', { name: 'See my valuation' }).click();

  await expect(page.getByRole('alert').filter({ hasText: SIGN_UP_FAILED_MESSAGE })).toBeVisible();
  await expect(page).toHaveURL(/\/mileage$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sell your car');
  await expect(page.getByLabel("What's your mileage?")).toHaveValue('65,000');
  expect((await workers.faults.rules(ip))[0]?.hits).toBeGreaterThan(0);

  // Back up: the same form, sent again as it stands, goes through.
  await workers.faults.clear(ip);
  await page.getByRole('button', { name: 'See my valuation' }).click();
  await expect(page).toHaveURL(/\/KE19FTA$/);
  await expect(page.getByTestId('valuation-range')).toBeVisible();
});

test('a signed-in profile step keeps what was chosen and typed, with the message, when the platform is down', async ({ page, context }) => {
  const ip = await sellerAddress(context, 2);
  await valueAndSignUp(page, `outage.${Date.now()}@example.co.uk`, { mileage: '65000' });
  await expect(page).toHaveURL(/\/KE19FTA$/);
  await page.goto('/KE19FTA/profile/finance');

  await platformDown(ip);
  await page.getByRole('radio', { name: /^Yes: we settle it/ }).check();
  await page.getByRole('radio', { name: 'My lender is not listed' }).check();
  await page.getByLabel('Lender’s name').fill('Northway Finance');
  await page.getByRole('textbox', { name: /^Settlement figure/ }).fill('4,200');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('alert').filter({ hasText: SIGN_UP_FAILED_MESSAGE })).toBeVisible();
  await expect(page).toHaveURL(/\/KE19FTA\/profile\/finance$/);
  await expect(page.getByRole('heading', { name: 'Finance' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Yes: we settle it/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'My lender is not listed' })).toBeChecked();
  await expect(page.getByLabel('Lender’s name')).toHaveValue('Northway Finance');
  await expect(page.getByRole('textbox', { name: /^Settlement figure/ })).toHaveValue('4,200');
  await expect(page.getByText("Sorry, we couldn't load this page")).toBeHidden();

  await workers.faults.clear(ip);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/KE19FTA\/profile\/timeline$/);
});

test('the account details keep what was typed, with the message, when the platform is down', async ({ page, context }) => {
  const ip = await sellerAddress(context, 3);
  await valueAndSignUp(page, `outage.details.${Date.now()}@example.co.uk`, { mileage: '65000' });
  await expect(page).toHaveURL(/\/KE19FTA$/);
  await page.goto('/account/details');

  await platformDown(ip);
  await page.getByLabel('Full name').fill('Sarah Jane Kennedy');
  await page.getByLabel('Postcode').fill('M1 1AE');
  await page.getByRole('button', { name: 'Save details' }).click();

  await expect(page.getByRole('alert').filter({ hasText: SIGN_UP_FAILED_MESSAGE })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/details$/);
  await expect(page.getByLabel('Full name')).toHaveValue('Sarah Jane Kennedy');
  await expect(page.getByLabel('Postcode')).toHaveValue('M1 1AE');
});

// With scripts the list stays on the page; a plain post's answer has no list to put the message by (the fault matrix has that).
test("a vehicle's removal that fails shows its message by that vehicle, not under 'Add a vehicle' @scripts", async ({ page, context }) => {
  const ip = await sellerAddress(context, 4);
  await valueAndSignUp(page, `outage.remove.${Date.now()}@example.co.uk`, { mileage: '65000' });
  await expect(page).toHaveURL(/\/KE19FTA$/);
  await page.goto('/account');
  const add = page.getByRole('region', { name: 'Add a vehicle' });
  await add.getByLabel('Registration').fill('KD15 DSL');

  await platformDown(ip);
  await page.getByRole('button', { name: 'Remove KE19 FTA' }).click();

  const vehicle = page.getByTestId('account-vehicle').filter({ hasText: 'KE19 FTA' });
  await expect(vehicle.getByRole('alert')).toHaveText(SIGN_UP_FAILED_MESSAGE);
  await expect(page.getByRole('button', { name: 'Remove KE19 FTA' })).toHaveAccessibleDescription(SIGN_UP_FAILED_MESSAGE);
  await expect(add.getByRole('alert')).toHaveCount(0);
  // The other form is left as it was.
  await expect(add.getByLabel('Registration')).toHaveValue('KD15 DSL');
});

test('a step opened while the platform is down stands in its frame with the car, and trying again works once it is back', async ({
  page,
  context,
}) => {
  const ip = await sellerAddress(context, 5);
  await valueAndSignUp(page, `outage.open.${Date.now()}@example.co.uk`, { mileage: '65000' });
  await expect(page).toHaveURL(/\/KE19FTA$/);

  await platformDown(ip);
  await page.goto('/KE19FTA/profile/keys');
  const notice = page.getByRole('alert').filter({ hasText: 'Try again in a minute' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('We can’t show this page just now. ' + SIGN_UP_FAILED_MESSAGE);
  await expect(page.getByRole('heading', { name: 'Keys' })).toBeVisible();
  // The seller's car, from what the session holds, under the site's header (the profile has no footer).
  await expect(page.getByText('KE19 FTA', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't load this page")).toBeHidden();
  await expect(page.getByRole('radio')).toHaveCount(0);

  await workers.faults.clear(ip);
  await notice.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('radio', { name: '3 or more' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a sale step sent while the platform is down comes back as sent, with the message, and goes through once it is back', async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const ip = await sellerAddress(context, 6);
  await valueAndSignUp(page, `outage.issues.${Date.now()}@example.co.uk`, { mileage: '65000' });
  await expect(page).toHaveURL(/\/KE19FTA$/);
  await page.goto('/KE19FTA/profile/issues');

  await platformDown(ip);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('checkbox', { name: 'Tyres that need replacing' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('alert').filter({ hasText: SIGN_UP_FAILED_MESSAGE })).toBeVisible();
  // A plain post's answer is the page loaded anew, which knows the platform is down; with scripts the
  // page stays as it was and the form's message is the answer.
  if (javaScriptEnabled === false) {
    await expect(page.getByTestId('outage-notice')).toHaveText(
      'We couldn’t save this: our systems are not answering just now. Try again in a minute.',
    );
  }
  await expect(page).toHaveURL(/\/KE19FTA\/profile\/issues$/);
  await expect(page.getByText('KE19 FTA', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Tyres that need replacing' })).toBeChecked();

  await workers.faults.clear(ip);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/KE19FTA\/profile\/issues\/details$/);
});
