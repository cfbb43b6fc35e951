import { test as base, expect, type Page } from '@playwright/test';

/**
 * Each test is a different seller on a different connection: the platform rate-limits lookups per
 * IP, and `wrangler dev` keeps a CF-Connecting-IP the client sends (Cloudflare itself overwrites it).
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    let h = 0;
    for (const ch of `${testInfo.testId}:${testInfo.retry}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
    await context.setExtraHTTPHeaders({ 'cf-connecting-ip': `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}` });
    await use(context);
  },
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

export async function submitMileage(page: Page, mileage: string) {
  await page.getByLabel("What's your mileage?").fill(mileage);
  await page.getByRole('button', { name: 'See my valuation' }).click();
}
