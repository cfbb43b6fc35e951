import { expect, lookUp, test } from './support';

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'downscaling runs in the browser');

  test('a large photo is downscaled in the browser before it is uploaded', async ({ page }) => {
    await lookUp(page, 'KT70EVS');
    // The offered estimate is always believable for the car.
    await page.getByRole('button', { name: 'See my valuation' }).click();
    await page.getByLabel('Full name').fill('Sarah Kennedy');
    await page.getByLabel('Email address').fill(`photos.${Date.now()}@example.co.uk`);
    await page.getByLabel('Mobile number').fill('07400 123456');
    await page.getByLabel('Postcode').fill('LS1 4DY');
    await page.getByRole('button', { name: 'See valuation' }).click();
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
});
