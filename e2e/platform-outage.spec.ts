import type { BrowserContext } from '@playwright/test';
import { SIGN_UP_FAILED_MESSAGE } from '../app/lib/auth-messages';
import { prepareWorkers } from '../tests/support/global-setup';
import { startWorkers, type Workers } from '../tests/support/workers';
import { expect, lookUp, test, valueAndSignUp } from './support';

/**
 * The whole platform down while a seller with JavaScript sends a form (docs/decisions/010): they
 * stay on the same page, with the outage message and the form as they filled it in. Without
 * JavaScript the page-load failure hands the form back instead (tests/fault-matrix.test.ts), so
 * only the phone-js project runs this file.
 *
 * The outage needs the fault worker between the app and the platform, which `npm start` does not
 * have: this file runs its own pair of workers (the integration tests' setup) on the next port.
 */
const port = Number(process.env.E2E_FAULTS_PORT ?? Number(process.env.E2E_PORT ?? '8788') + 1);
let workers: Workers;

test.use({ baseURL: `http://localhost:${port}` });
// One worker runs the whole file: its beforeAll starts workers of its own on a fixed port.
test.describe.configure({ mode: 'default', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workers = await startWorkers({ withFaults: true, port, provided: await prepareWorkers() });
});
test.afterAll(() => workers?.dispose());

/** This seller's address, so that the faults fail their calls and no one else's. */
async function sellerAddress(context: BrowserContext, n: number): Promise<string> {
  const ip = `203.0.113.${n}`;
  await context.setExtraHTTPHeaders({ 'cf-connecting-ip': ip });
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
  await page.getByLabel('Lender (if there is finance)').fill('Northway Finance');
  await page.getByRole('textbox', { name: /^Settlement figure/ }).fill('4,200');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('alert').filter({ hasText: SIGN_UP_FAILED_MESSAGE })).toBeVisible();
  await expect(page).toHaveURL(/\/KE19FTA\/profile\/finance$/);
  await expect(page.getByRole('heading', { name: 'Finance' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Yes: we settle it/ })).toBeChecked();
  await expect(page.getByLabel('Lender (if there is finance)')).toHaveValue('Northway Finance');
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

test("a vehicle's removal that fails shows its message by that vehicle, not under 'Add a vehicle'", async ({ page, context }) => {
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
