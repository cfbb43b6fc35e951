import { accountNav, expect, lookUp, submitAndWait, submitMileage, test, valueAndSignUp } from './support';

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

test("a profile step keeps what the seller ticked when the page's data loads again (the cookie notice's Accept)", async ({ page }) => {
  await valueAndSignUp(page, `reload.${Date.now()}@example.co.uk`, { mileage: '65000' });
  await page.goto('/KE19FTA/profile/features');
  await page.getByLabel('Tow bar').check();
  await page.getByLabel('Partial service history').check();
  // A fetcher's post reloads every route's data: the step's form must not be drawn again over what was ticked.
  const reloaded = page.waitForResponse((response) => response.url().includes('/KE19FTA/profile/features.data'));
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await reloaded;
  await expect(page.getByLabel('Tow bar')).toBeChecked();
  await expect(page.getByLabel('Partial service history')).toBeChecked();
});

test.describe("the shell's server-rendered parts (ADR 012)", () => {
  // A marker on the window survives client-side navigations and dies with a document load.
  const sameDocument = (page: import('@playwright/test').Page) => page.evaluate(() => (window as { marker?: number }).marker === 1);

  test('the footer and menu links navigate in the app, and the home sections come with a navigation', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    await page.goto('/reviews');
    await page.waitForFunction(() => '__remixRouter' in window);
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    await page.getByRole('navigation', { name: 'Selling' }).getByRole('link', { name: 'Guides' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Guides to selling your car' })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);

    await page.locator('details.mobile-menu summary').click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'ULEZ checker' }).click();
    await expect(page).toHaveURL(/\/ulez-checker$/);
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
    expect(await sameDocument(page)).toBe(true);

    // The home page reached without a document load: its static sections come from the loader.
    await page.getByRole('link', { name: 'Kerbside home' }).click();
    await expect(page.getByRole('heading', { name: 'Why sellers choose us' })).toBeVisible();
    await expect(page.locator('#home-benefits li')).toHaveCount(4);
    await expect(page.locator('#home-steps li')).toHaveCount(4);
    await page.getByRole('link', { name: 'More about how it works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    expect(await sameDocument(page)).toBe(true);
    // The footer links are still there after all of it.
    await expect(page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an error page fetches its view on demand: after a document load and after a navigation', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Drive me home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The way to sell your car' })).toBeVisible();
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate(to: string): void } }).__remixRouter.navigate('/no/such/page'),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  test("a page without a footer hands the footer's links on to the next page", async ({ page }) => {
    await valueAndSignUp(page, `footer.${Date.now()}@example.co.uk`, { mileage: '65000' });
    await page.goto('/KE19FTA/profile/photos');
    await expect(page.locator('footer.site-footer')).toBeHidden();
    await page.waitForFunction(() => '__remixRouter' in window);
    await page.evaluate(() => ((window as { marker?: number }).marker = 1));
    await page.getByRole('link', { name: 'Kerbside home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The way to sell your car' })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Free tools' }).getByRole('link', { name: 'MOT checker' })).toBeVisible();
  });
});

test.describe('the shell with JavaScript', () => {
  test('accepting cookies closes the notice in place and starts the dataLayer', async ({ page }) => {
    await page.goto('/reviews');
    // Hydrated: the form now says it is sent by a script.
    await expect(page.locator('.cookie-notice input[name="js"]')).toHaveCount(1);
    let navigated = false;
    page.on('framenavigated', (frame) => (navigated ||= frame === page.mainFrame()));
    await submitAndWait(page, page.getByRole('button', { name: 'Accept' }));
    await expect(page.getByRole('region', { name: 'Cookies on Kerbside' })).toBeHidden();
    expect(navigated).toBe(false);
    await page.getByRole('contentinfo').getByRole('link', { name: 'How it works' }).first().hover();
    await page.goto('/');
    expect(await page.evaluate(() => (window as { dataLayer?: { event: string }[] }).dataLayer?.[0]?.event)).toBe('page_view');
  });

  test('before consent there is no dataLayer at all', async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  });

  test('the confirm modal traps focus, closes on Escape after its animation, and cancels', async ({ page }) => {
    await lookUp(page, '123ABC');
    await page.getByLabel("What's your mileage?").fill('3000');
    await page.getByRole('button', { name: 'See my valuation' }).click();
    const dialog = page.getByRole('dialog', { name: 'This mileage seems a little low, are you sure?' });
    await expect(dialog).toBeVisible();
    // Modal: focus starts inside and Tab never leaves it.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/mileage$/);
  });

  test('the carousel buttons move the reviews', async ({ page }) => {
    await page.goto('/');
    const track = page.getByRole('list', { name: "Sellers' reviews: scroll sideways for more" });
    const before = await track.evaluate((el) => el.scrollLeft);
    await page.getByRole('button', { name: "Next: Sellers' reviews" }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
  });

  test('the support chat loads only when asked for', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.url().includes('/chat/widget.js') && scripts.push(r.url()));
    await page.goto('/reviews');
    expect(scripts).toEqual([]);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Chat with us' }).click();
    await expect(page.getByRole('dialog', { name: 'Support chat' })).toBeVisible();
    expect(scripts).toHaveLength(1);
  });
});

test.describe('the header on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false });

  test('keeps one menu open at a time, and closes on Escape and on a click outside', async ({ page }) => {
    await page.goto('/reviews');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const tools = nav.locator('details', { hasText: 'Tools' });
    const more = nav.locator('details', { hasText: 'More' });
    await tools.locator('summary').click();
    await expect(nav.getByRole('link', { name: 'ULEZ checker' })).toBeVisible();
    await more.locator('summary').click();
    await expect(nav.getByRole('link', { name: 'Careers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'ULEZ checker' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Careers' })).toBeHidden();
    await expect(more.locator('summary')).toBeFocused();
    await tools.locator('summary').click();
    await page.mouse.click(5, 600); // anywhere outside the menu
    await expect(nav.getByRole('link', { name: 'ULEZ checker' })).toBeHidden();
  });
});
