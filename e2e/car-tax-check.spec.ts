import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * The car tax check on a phone, with JavaScript (phone-js) and without (phone-no-js): from the
 * Tools menu to the form, to the results for the sandbox cars, and each error panel.
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

const RESULTS: [string, string, string][] = [
  ['KS12SRN', 'SORN: declared off the road', 'band E'],
  ['KU16TAX', 'Untaxed', 'band C'],
  ['KL21LUX', 'Taxed', 'If its list price was over £40,000, add the expensive car supplement: £425 a year'],
  ['KE25ZEV', 'Taxed', 'If its list price was over £50,000'],
  ['AB1234', 'SORN: declared off the road', 'In the historic tax class: vehicles built before 1 January'],
  ['R123OLD', 'Taxed', 'We have not been able to confirm the 2025/26 amount'],
  ['KV21VAN', 'Taxed', 'The flat van rate'],
  ['KM17MCY', 'Taxed', 'The 401 to 600 cc rate'],
];

test.describe('results for the sandbox cars', () => {
  for (const [vrm, status, cost] of RESULTS) {
    test(`${vrm}: "${status}", "${cost}"`, async ({ page }) => {
      await page.goto('/car-tax-check');
      await checkTax(page, vrm);
      await expect(page.getByTestId('tax-status').getByRole('heading')).toHaveText(status);
      await expect(page.getByTestId('tax-cost')).toContainText(cost);
    });
  }

  test('another vehicle can be checked from the results', async ({ page }) => {
    await page.goto('/car-tax-check/results?vrm=KE19FTA');
    await checkTax(page, 'KU16TAX');
    await expect(page).toHaveURL(/vrm=KU16TAX$/);
    await expect(page.getByTestId('tax-status')).toContainText('Its tax ran out on');
  });
});

const PANELS: [string, string, string][] = [
  ['ER19NFD', 'Did we get the reg right?', "We couldn't find a vehicle with that registration."],
  ['AB99CDE', 'AB99 CDE is a not a valid reg', 'Please check your reg and try again.'],
  ['ER19BAD', 'Bad request', 'Please refresh the page and try again.'],
  ['ER19THR', 'Too many requests', 'We have detected you are making a lot of requests to Kerbside.'],
  ['ER19ERR', 'Sorry, an error has occurred', 'Please refresh the page and try again.'],
  ['ER19MNT', 'Vehicle details unavailable', 'unable to get the details of this vehicle'],
  ['ER19ULZ', 'In high demand', 'Our checking service is currently extremely busy'],
];

test.describe('error panels', () => {
  for (const [vrm, title, text] of PANELS) {
    test(`${vrm}: "${title}"`, async ({ page }) => {
      await page.goto('/car-tax-check');
      await checkTax(page, vrm);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByLabel('Enter your reg')).not.toHaveValue('');
      await page.reload();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    });
  }

  test('"Refresh" runs the check again', async ({ page }) => {
    await page.goto('/car-tax-check');
    await checkTax(page, 'ER19ERR');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { name: 'Sorry, an error has occurred' })).toBeVisible();
    await expect(page).toHaveURL(/vrm=ER19ERR$/);
  });

  test('a malformed registration is refused with what was typed kept', async ({ page }) => {
    await page.goto('/car-tax-check');
    await page.getByLabel('Enter your reg').fill('NOT A REG!');
    await page.getByRole('button', { name: 'Check tax' }).click();
    await expect(page.getByText('Enter a valid UK vehicle registration')).toBeVisible();
    await expect(page.getByLabel('Enter your reg')).toHaveValue('NOT A REG!');
  });
});
