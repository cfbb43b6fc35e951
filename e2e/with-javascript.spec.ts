import { accountNav, expect, lookUp, submitMileage, test, valueAndSignUp } from './support';

/**
 * What JavaScript adds on top of the plain pages: only the phone-js project runs this file
 * (playwright.config.ts); every journey itself is proven without JavaScript elsewhere.
 */

test('the field validates on blur, clears its error on focus, and formats the reg', async ({ page }) => {
  await page.goto('/');
  const field = page.getByLabel('Enter your reg');
  await field.fill('nope!');
  await field.blur();
  await expect(page.getByText('Enter a valid UK vehicle registration')).toBeVisible();
  await field.focus();
  await expect(page.getByText('Enter a valid UK vehicle registration')).toBeHidden();
  await field.fill('ke19fta');
  await expect(field).toHaveValue('KE19FTA');
  await field.blur();
  await expect(field).toHaveValue('KE19 FTA');
});

test('runs without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await lookUp(page, 'KE19FTA');
  await submitMileage(page, '64000');
  await expect(page.getByTestId('valuation-range')).toBeVisible();
  await expect(page.getByTestId('mot-summary')).toBeVisible();
  expect(errors).toEqual([]);
});


test('signing out in one tab signs the other open tab out', async ({ page, context }) => {
  await valueAndSignUp(page, `tabs.${Date.now()}@example.co.uk`, { mileage: '65000' });
  const other = await context.newPage();
  await other.goto('/account');
  await expect(accountNav(other).getByRole('link', { name: /Sarah/ })).toBeVisible();
  await page.bringToFront();
  await accountNav(page).getByLabel('Account menu').click();
  await accountNav(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  // The other tab hears of it and follows, without the seller touching it.
  await expect(other).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
  await expect(accountNav(other).getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a large photo is downscaled in the browser before it is uploaded', async ({ page }) => {
  // With the estimate offered for the car: always believable.
  await valueAndSignUp(page, `photos.${Date.now()}@example.co.uk`, { vrm: 'KT70EVS' });
  await page.goto('/KT70EVS/profile/photos');

  // A 4000 × 3000 photo, as a phone takes it: made in the page, chosen in the file input.
  const original = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(canvas.width, canvas.height);
    let seed = 1;
    for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
    const input = document.querySelector<HTMLInputElement>('#photo-file-front-left')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return blob.size;
  });
  expect(original).toBeGreaterThan(3_000_000);
  await page.waitForFunction(
    (size) => (document.querySelector<HTMLInputElement>('#photo-file-front-left')!.files?.[0]?.size ?? size) < size,
    original,
  );

  // What the form will send: the file now in the input.
  const chosen = await page.evaluate(async () => {
    const file = document.querySelector<HTMLInputElement>('#photo-file-front-left')!.files![0]!;
    const bitmap = await createImageBitmap(file);
    return { size: file.size, width: bitmap.width, height: bitmap.height, type: file.type };
  });
  expect(chosen).toMatchObject({ width: 1600, height: 1200, type: 'image/jpeg' });
  expect(chosen.size).toBeLessThan(original / 3);

  const item = page.getByTestId('photo-front-left');
  await item.getByRole('button', { name: 'Upload' }).click();
  await expect(item).toContainText('Uploaded ✓');
});
