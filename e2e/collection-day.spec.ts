import type { Page } from '@playwright/test';
import { PHOTO_SLOTS } from '../contract/documents';
import { PREPARATION_ALLOWANCE, TARIFF } from '../contract/price-rules';
import { jpeg, pdf } from '../tests/support/files';
import { confirmEmail, expect, test, valueAndSignUp } from './support';

/**
 * Collection day with a revised offer (KE19DNT: the inspector finds two dents the profile did not
 * show; docs/sandbox.md#collection-day), with and without JavaScript. The seller's way to the
 * handover is e2e/sale.spec.ts's, page by page; here it is the same forms posted from the seller's
 * browser (its cookies, its session), so the test spends its time on collection day itself.
 */
const photo = { name: 'car.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg(400, 300, 20_000)) };
const VRM = 'KE19DNT';
const reduction = 2 * TARIFF.dent.amount - PREPARATION_ALLOWANCE;
const pounds = (value: number) => `£${value.toLocaleString('en-GB')}`;

/** Signed up and proven, profile complete, the offer accepted and confirmed, documents in, collection booked: the agreed price. */
async function bookedForCollection(page: Page, email: string, javaScriptEnabled: boolean): Promise<number> {
  const mobile = await valueAndSignUp(page, email, { vrm: VRM, mileage: '65000' });
  await confirmEmail(page, email, javaScriptEnabled, mobile);
  const post = async (path: string, form: Record<string, string>) => {
    const response = await page.request.post(path, { form, maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(400);
    return response;
  };
  const profile = `/${VRM}/profile`;
  await post(`${profile}/features`, { intent: 'features', features: 'Sat nav', serviceHistory: 'full' });
  await post(`${profile}/finance`, { intent: 'finance', outstanding: 'no' });
  await post(`${profile}/issues`, { intent: 'issues', declared: 'no' });
  await post(`${profile}/keys`, { intent: 'keys', keys: '2' });
  for (const slot of PHOTO_SLOTS) {
    const sent = await page.request.post(`${profile}/photos`, {
      multipart: { intent: 'photo', slot: slot.id, file: photo },
      maxRedirects: 0,
    });
    expect(sent.status(), slot.id).toBe(302);
  }
  await post(`${profile}/timeline`, { intent: 'enter-sale' });
  // The local sale lasts about half a minute: the development clock moves the product's time on
  // (other journeys move the same server's clock: until the offer is there, move it on again).
  await expect(async () => {
    await page.goto('/dev/clock');
    await page.getByRole('button', { name: '1 minute' }).click();
    await expect(page.getByRole('heading', { name: 'Clock (development)' })).toBeVisible();
    await page.goto(`/${VRM}/accept-offer`);
    await expect(page.getByRole('button', { name: /^Accept £/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const agreed = Number(
    /£([\d,]+)/.exec((await page.getByRole('button', { name: /^Accept £/ }).textContent()) ?? '')![1]!.replace(/,/g, ''),
  );
  await post(`/${VRM}/accept-offer`, { intent: 'accept' });
  const confirm = await page.request.get(`/${VRM}/confirm-sale`, { maxRedirects: 0 });
  await post(confirm.headers()['location']!, {});
  await post(`/${VRM}/add-bank-details`, { accountName: 'Sarah Kennedy', sortCode: '08-99-99', accountNumber: '66374958' });
  for (const [kind, file] of [
    ['v5c', { name: 'v5c.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf('V5C')) }],
    ['driving-licence', { name: 'licence.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg()) }],
  ] as const) {
    expect(
      (await page.request.post(`/${VRM}/upload-documents`, { multipart: { intent: 'upload', kind, file }, maxRedirects: 0 })).status(),
    ).toBe(302);
  }
  await post(`/${VRM}/upload-documents`, { intent: 'submit' });
  // The collection, booked on its page as a seller books it.
  await page.goto(`/${VRM}/collection`);
  await page.getByRole('button', { name: 'Book collection' }).click();
  await expect(page.getByText(/The dealer collects on/).first()).toBeVisible();
  return agreed;
}

/** The dealer arrives (the development switch stands in for the slot's time) and proposes a revised offer. */
async function revisedOfferShown(page: Page, agreed: number) {
  await page.getByRole('button', { name: 'Simulate the dealer arriving to collect' }).click();
  const revised = page.getByTestId('revised-offer');
  await expect(
    revised.getByRole('heading', { name: `The dealer proposes ${pounds(agreed - reduction)} (agreed ${pounds(agreed)})` }),
  ).toBeVisible();
  // The tariff's amount for the item, and both photos: the profile's beside the inspector's, loaded.
  await expect(revised.getByTestId('revised-item-dent')).toContainText(`2 × £${TARIFF.dent.amount} = £${2 * TARIFF.dent.amount}`);
  for (const name of ['Your profile photo: Front left', /The dealer’s photo at collection: Front left/]) {
    const image = revised.getByRole('img', { name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  await expect(revised).toContainText(`Less the preparation allowance−${pounds(PREPARATION_ALLOWANCE)}`);
  await expect(page.getByTestId('inspection')).toContainText('Dents in the front left wing and door');
  return revised;
}

test('a revised offer with both photos and the tariff amount, declined: the car stays with the seller, no fee, the sale open again', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(180_000);
  const agreed = await bookedForCollection(
    page,
    `declined.${testInfo.project.name}.${Date.now()}@example.co.uk`,
    javaScriptEnabled !== false,
  );
  const revised = await revisedOfferShown(page, agreed);
  await revised.getByRole('button', { name: 'Decline and keep my car' }).click();
  await expect(page).toHaveURL(new RegExp(`/${VRM}$`));
  await expect(page.getByTestId('sale-status')).toContainText(
    'You declined the dealer’s revised offer, so the car is still yours, and there is no fee.',
  );
  await page.getByRole('button', { name: 'Put it in the next sale' }).click();
  // In a new sale: where it stands depends on the shared clock other journeys move.
  await expect(page.getByTestId('sale-status')).toContainText(/Your car is in the next sale|The sale is live|Your highest offer is/);
});

test('a revised offer approved: paid the revised amount, shown on the sale-complete page', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.setTimeout(180_000);
  const agreed = await bookedForCollection(
    page,
    `approved.${testInfo.project.name}.${Date.now()}@example.co.uk`,
    javaScriptEnabled !== false,
  );
  const revised = await revisedOfferShown(page, agreed);
  await revised.getByRole('button', { name: `Approve ${pounds(agreed - reduction)}` }).click();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(page.getByTestId('paid-amount')).toHaveText(pounds(agreed - reduction));
  await expect(page.getByText(`the revised price you approved at the handover (agreed ${pounds(agreed)})`)).toBeVisible();
});
