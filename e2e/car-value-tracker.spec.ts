import type { Page } from '@playwright/test';
import { expect, submitAndWait, test } from './support';

/** Registration → mileage on the tracker, as a seller types them. */
async function trackCar(page: Page, vrm: string, mileage: string) {
  await page.goto('/car-value-tracker');
  await page.getByLabel('Enter your reg').fill(vrm);
  await page.getByRole('button', { name: /Track my car|Check again/ }).click();
  await expect(page).toHaveURL(/\/car-value-tracker\/mileage$/);
  await page.getByLabel("What's your mileage?").fill(mileage);
  await page.getByRole('button', { name: 'See my valuation' }).click();
}

test('track a car: reg, mileage, a name and an e-mail, its value over time by range, and a value e-mail', async ({ page }, testInfo) => {
  const email = `tracker.${testInfo.project.name}.${Date.now()}@example.co.uk`;
  await trackCar(page, 'KE19FTA', '65000');

  await expect(page).toHaveURL(/\/car-value-tracker\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to track your car’s value');
  await expect(page.getByText('We have valued KE19 FTA')).toBeVisible();
  // Watching a value asks for a name and an e-mail address only, nothing a sale needs.
  const signUp = page.getByRole('region', { name: 'Create your free account' });
  await expect(signUp.getByRole('textbox')).toHaveCount(2);
  await expect(page.getByText(/dealers bid|Mobile number|Postcode/)).toHaveCount(0);
  await signUp.getByLabel('Full name').fill('Sarah');
  await signUp.getByLabel('Email address').fill(email);
  await signUp.getByLabel(/Email me when its value changes/).check();
  await signUp.getByRole('button', { name: 'Create my account' }).click();
  // A name of one word is sent back with what was typed, and the reason.
  await expect(signUp.getByText('Enter your full name')).toBeVisible();
  await expect(signUp.getByLabel('Email address')).toHaveValue(email);
  await expect(signUp.getByLabel(/Email me when its value changes/)).toBeChecked();
  await signUp.getByLabel('Full name').fill('Sarah Kennedy');
  await signUp.getByRole('button', { name: 'Create my account' }).click();

  await expect(page).toHaveURL(/\/car-value-tracker\/KE19FTA$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ford Fiesta');
  await expect(page.getByText(/Worth about £\d{1,2},\d{3}/)).toBeVisible();
  const ranges = page.getByRole('navigation', { name: 'Time range' });
  // Each link's name starts with what it shows ("click 3M" by voice), then says it in words.
  for (const name of ['3M, 3 months', '6M, 6 months', '1Y, 1 year', 'ALL, every month']) {
    await expect(ranges.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(ranges.getByRole('link', { name: '2Y, 2 years', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Down £[\d,]+ \([\d.]+%\)/)).toBeVisible();
  const twoYears = await page.locator('dl.stats').textContent();

  await ranges.getByRole('link', { name: '3M' }).click();
  await expect(page).toHaveURL(/\?range=3M$/);
  await expect(ranges.getByRole('link', { name: '3M, 3 months', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('dl.stats')).not.toHaveText(twoYears!);
  await expect(page.getByRole('img', { name: /Ford Fiesta value, the last 3 months/ })).toBeVisible();
  const threeMonths = await page.locator('dl.stats').textContent();
  // The results are the page's: a reload shows the same range and figures.
  await page.reload();
  await expect(page.locator('dl.stats')).toHaveText(threeMonths!);

  // Two monthly runs: the first of next month can be hours away (a car tracked late on the 31st
  // is worth the same the next morning, and no e-mail goes), the one after is a month later.
  for (let run = 0; run < 2; run++) {
    await submitAndWait(page, page.getByRole('button', { name: 'Run next month’s revaluation' }));
    await expect(page).toHaveURL(/\/car-value-tracker\/KE19FTA$/);
  }
  await page.goto('/dev/mailbox');
  const mail = page.getByTestId('email').filter({ hasText: email }).filter({ hasText: 'Your Ford Fiesta is now worth about' });
  await expect(mail.first()).toContainText('/car-value-tracker/KE19FTA');

  await page.goto('/car-value-tracker');
  await expect(page.getByRole('heading', { name: 'Your tracked cars' })).toBeVisible();
  await expect(page.getByRole('link', { name: /see the value of KE19 FTA/ })).toBeVisible();
});

// Without scripts: tests/trackers.test.ts ('shows the not-found panel for a reg the register does not have, keeping the reg', 'shows vehicle_pricing_failed for a mileage sent with "See my valuation" too').
test('the tracker’s error panels: a reg it cannot find, and a car it cannot price', { tag: '@scripts' }, async ({ page }) => {
  await page.goto('/car-value-tracker');
  await page.getByLabel('Enter your reg').fill('ER19NFD');
  await page.getByRole('button', { name: 'Track my car' }).click();
  await expect(page.getByRole('heading', { name: 'Did we get the reg right?' })).toBeVisible();
  await expect(page.getByLabel('Enter your reg')).toHaveValue('ER19 NFD');
  await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();

  await trackCar(page, 'ER19PRC', '62000');
  await expect(page).toHaveURL(/\/car-value-tracker\/mileage$/);
  await expect(page.getByRole('heading', { name: 'Unable to add the vehicle' })).toBeVisible();
  await expect(page.getByLabel("What's your mileage?")).toHaveValue('62,000');
});

// Without scripts: tests/trackers.test.ts ('sends a visitor who opens a tracked car’s page to sign in first').
test('a visitor who opens a tracked car’s page signs in first', { tag: '@scripts' }, async ({ page }) => {
  await page.goto('/car-value-tracker/KE19FTA');
  await expect(page).toHaveURL(/\/car-value-tracker\/sign-in\?redirectTo=%2Fcar-value-tracker%2FKE19FTA$/);
  await expect(page.getByRole('heading', { name: 'Already have an account?' })).toBeVisible();
});
