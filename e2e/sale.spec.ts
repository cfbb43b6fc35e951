import { PHOTO_SLOTS } from '../contract/documents';
import { jpeg, pdf } from '../tests/support/files';
import { confirmEmail, expect, test, valueAndSignUp } from './support';

const photo = { name: 'car.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg()) };
const logbook = { name: 'v5c.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf('V5C')) };
const licence = { name: 'licence.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg()) };

test('a whole sale: profile, the daily sale, offer, confirmation, bank details, documents, collection, paid', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(240_000);
  const email = `sale.${testInfo.project.name}.${Date.now()}@example.co.uk`;
  const mobile = await valueAndSignUp(page, email, { mileage: '65000' });
  // The valuation is there at once; the link e-mailed at sign-up proves the address, which
  // accepting the offer and giving bank details wait for, and the code texted to the mobile proves
  // it, which the texts about the sale wait for.
  await confirmEmail(page, email, javaScriptEnabled, mobile);

  // The profile, step by step.
  await page.getByRole('link', { name: 'Build your profile' }).click();
  await page.getByRole('link', { name: 'Features and service history' }).click();
  await page.getByLabel('Sat nav').check();
  await page.getByLabel('Full service history').check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('link', { name: 'Finance' }).click();
  await page.getByLabel('No', { exact: true }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('link', { name: 'Damage and faults' }).click();
  await page.getByLabel('No', { exact: true }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('link', { name: 'Keys' }).click();
  await page.getByLabel('2', { exact: true }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('link', { name: 'Photos' }).click();
  for (const slot of PHOTO_SLOTS) {
    const item = page.getByTestId(`photo-${slot.id}`);
    await item.getByLabel(`${slot.label} photo`).setInputFiles(photo);
    await item.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByTestId(`photo-${slot.id}`)).toContainText('Uploaded ✓');
  }
  await page.getByRole('link', { name: 'Back to your profile' }).first().click();
  await page.getByRole('button', { name: 'Enter the next sale' }).click();
  await expect(page.getByTestId('sale-status')).toContainText('Your car is in the next sale');

  // The local sale lasts about half a minute: the seller comes back a minute later (the development
  // clock moves the product's time on; its buttons work with and without JavaScript).
  // Other journeys move the same server's clock too: until the sale has ended, move it on again.
  const vehiclePage = page.url();
  await expect(async () => {
    await page.goto('/dev/clock');
    await page.getByRole('button', { name: '1 minute' }).click();
    await expect(page.getByRole('heading', { name: 'Clock (development)' })).toBeVisible();
    await page.goto(vehiclePage);
    await expect(page.getByTestId('sale-status')).toContainText('Your highest offer is', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'See your offer' })).toBeVisible();

  // The offer is texted too (the development mailbox shows the text): its short link leads to the offer.
  const amount = /£\d{1,3}(?:,\d{3})*/.exec((await page.getByTestId('sale-status').textContent()) ?? '')![0];
  const text = page
    .getByTestId('text')
    .filter({ hasText: `New offer: ${amount}` })
    .first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(text).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(text.getByRole('heading')).toHaveText(`Text to ${mobile}`);
  await text.locator('a[href*="/s/"]').click();
  await expect(page).toHaveURL(/\/KE19FTA\/accept-offer$/);
  await expect(page.getByRole('heading', { name: 'What can change the price at collection' })).toBeVisible();
  await page.getByRole('button', { name: /^Accept £/ }).click();
  await expect(page.getByRole('heading', { name: 'Your sale, in summary' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm the sale' }).click();

  await page.getByLabel('Name on the account').fill('Sarah Kennedy');
  await page.getByLabel('Sort code').fill('08-99-99');
  await page.getByLabel('Account number').fill('66374958');
  await page.getByRole('button', { name: 'Save bank details' }).click();

  await page.getByTestId('document-v5c').getByLabel('V5C logbook file').setInputFiles(logbook);
  await page.getByTestId('document-v5c').getByRole('button', { name: 'Upload' }).click();
  await page.getByTestId('document-driving-licence').getByLabel('Driving licence file').setInputFiles(licence);
  await page.getByTestId('document-driving-licence').getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('button', { name: 'Send my documents for checking' }).click();

  await expect(page.getByRole('heading', { name: 'Next: collection booked' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your sale, step by step' })).toBeVisible();
  await page.getByRole('link', { name: 'Book your collection' }).click();
  await page.getByRole('button', { name: 'Book collection' }).click();
  await expect(page.getByText(/The dealer collects on/)).toBeVisible();
  await page.getByRole('button', { name: 'Simulate the dealer arriving to collect' }).click();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(page.getByTestId('paid-amount')).toContainText(/£\d/);
});
