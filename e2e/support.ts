import { expect, test, type Page } from '@playwright/test';

export { expect, test };

export async function lookUp(page: Page, vrm: string) {
  await page.goto('/');
  await page.getByLabel('Enter your reg').fill(vrm);
  await page.getByRole('button', { name: /Value my car|Check again/ }).click();
}
