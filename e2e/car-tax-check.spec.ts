import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * The car tax check on a phone, with JavaScript (phone-js) and without (phone-no-js): from the
 * Tools menu to the form and a taxed car's results; with JavaScript only (@scripts), an error
 * panel's Refresh and a malformed registration, whose plain posts are tests/car-tax-check.test.ts's.
 */

async function checkTax(page: Page, vrm: string) {
  await page.getByLabel('Enter your reg').fill(vrm);
  await page.getByRole('button', { name: /Check tax|Check again/ }).click();
}

test('the Tools menu leads to the tax checker, marked New, and on to a taxed car’s results', async ({ page }) => {
  await page.goto('/');
  await page.locator('details.mobile-menu summary').click();
  const link = page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: /Tax checker/ });
  await expect(link).toContainText('New');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Car tax check' })).toBeVisible();

  await checkTax(page, 'ke19 fta');
  await expect(page).toHaveURL(/\/car-tax-check\/results\?vrm=KE19FTA$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tax for KE19 FTA' })).toBeVisible();
  await expect(page.getByTestId('tax-status')).toContainText(/Taxed\s*Tax is due on \d{1,2} \w+ 20\d\d/);
  await expect(page.getByTestId('tax-cost')).toContainText('£195 a year');
  await expect(page.getByTestId('tax-cost')).toContainText('2025/26 tax year');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax for KE19 FTA' })).toBeVisible();
  await expect(page.getByTestId('tax-cost')).toContainText('£195 a year');
});

// What the results say for each sandbox vehicle, and each error panel with the registration kept
// and again on a reload, are checked page by page in tests/car-tax-check.test.ts; here, the
// browser's part: the buttons of a panel and the form's own check of a malformed registration.
test.describe('error panels', () => {
  // Without scripts: tests/car-tax-check.test.ts ('runs the check again from the Refresh button').
  test('"Refresh" runs the check again', { tag: '@scripts' }, async ({ page }) => {
    await page.goto('/car-tax-check');
    await checkTax(page, 'ER19ERR');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { name: 'Sorry, an error has occurred' })).toBeVisible();
    await expect(page).toHaveURL(/vrm=ER19ERR$/);
  });

  // Without scripts: tests/car-tax-check.test.ts ('re-shows the form with the hero’s message and the typed value for a malformed registration').
  test('a malformed registration is refused with what was typed kept', { tag: '@scripts' }, async ({ page }) => {
    await page.goto('/car-tax-check');
    await page.getByLabel('Enter your reg').fill('NOT A REG!');
    await page.getByRole('button', { name: 'Check tax' }).click();
    await expect(page.getByText('Enter a valid UK vehicle registration')).toBeVisible();
    await expect(page.getByLabel('Enter your reg')).toHaveValue('NOT A REG!');
  });
});
