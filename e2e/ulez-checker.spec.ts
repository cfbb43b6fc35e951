import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * The ULEZ checker on a phone, with JavaScript (phone-js) and without (phone-no-js): from the
 * footer widget of a ULEZ page to a result that survives a reload. With JavaScript only (@scripts),
 * the spec's panels and a fuel the standard doesn't cover, whose plain posts are
 * tests/ulez-checker.test.ts's.
 */
async function check(page: Page, vrm: string, button = /Check compliance|Check again/) {
  await page.getByRole('main').getByLabel('Enter your vehicle reg').first().fill(vrm);
  await page.getByRole('main').getByRole('button', { name: button }).first().click();
}

test('the footer widget checks a Euro 5 diesel: it pays in London, elsewhere, and the result survives a reload', async ({ page }) => {
  await page.goto('/sell-my-car/ulez');
  const widget = page.getByRole('contentinfo');
  await expect(widget.getByText('Is your vehicle ULEZ compliant?')).toBeVisible();
  await widget.getByLabel('Enter your vehicle reg').fill('kd15 dsl');
  await widget.getByRole('button', { name: 'Check compliance' }).click();
  await expect(page).toHaveURL(/\/ulez-checker\/KD15DSL$/);
  const result = page.getByTestId('ulez-result');
  await expect(result.getByRole('heading', { level: 1 })).toHaveText('Is KD15 DSL ULEZ compliant?');
  await expect(result).toContainText('No: it does not meet the ULEZ standard');
  await expect(page.getByRole('region', { name: 'In London' })).toContainText('It pays £12.50 a day');
  await expect(page.getByTestId('zone-glasgow-lez')).toContainText('Must not enter');
  await expect(page.getByTestId('zone-birmingham-caz')).toContainText('£8 a day');
  await page.reload();
  await expect(result).toContainText('No: it does not meet the ULEZ standard');
});

// Without scripts: tests/ulez-checker.test.ts ('shows a busy checking service over the form with the reg kept, and "Check again" goes on to a result').
test(
  'a busy checking service shows its panel with the reg kept, and "Check again" goes on to a result',
  { tag: '@scripts' },
  async ({ page }) => {
    await page.goto('/ulez-checker');
    await expect(page.getByRole('heading', { level: 1, name: 'ULEZ checker' })).toBeVisible();
    await check(page, 'ER19ULZ');
    await expect(page.getByRole('alert').getByRole('heading', { name: 'In high demand' })).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Enter your vehicle reg').first()).toHaveValue('ER19 ULZ');
    await check(page, 'KE19FTA', /Check again/);
    await expect(page.getByTestId('ulez-result')).toContainText('Yes: it meets the ULEZ standard');
    await expect(page.getByRole('region', { name: 'In London' })).toContainText('No ULEZ charge');
  },
);

// Without scripts: tests/ulez-checker.test.ts ('says it cannot tell for a fuel the standard does not cover').
test('a gas bi-fuel car: compliance status unavailable, and why', { tag: '@scripts' }, async ({ page }) => {
  await page.goto('/ulez-checker');
  await check(page, 'KG08LPG');
  await expect(page.getByTestId('ulez-result')).toContainText('Compliance status unavailable');
  await expect(page.getByTestId('ulez-result')).toContainText('this vehicle runs on gas bi-fuel');
  await expect(page.getByRole('button', { name: 'Value my Vauxhall' })).toBeVisible();
});
