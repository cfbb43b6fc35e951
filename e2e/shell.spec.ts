import { expect, lookUp, submitAndWait, test, valueAndSignUp } from './support';

/**
 * The site shell, as a seller on a phone meets it: with JavaScript (phone-js) and without
 * (phone-no-js). Menus, the cookie choice and the sticky banner all work in both; the confirm modal
 * is a plain open dialog without scripts, checked in tests/site-shell.test.ts and tests/journey.test.ts.
 */

test('the header menu opens, leads to the tools, and works from the keyboard', async ({ page }) => {
  await page.goto('/reviews');
  const menu = page.locator('details.mobile-menu');
  await menu.locator('summary').focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('navigation', { name: 'Menu' });
  await expect(panel.getByRole('link', { name: 'MOT checker' })).toBeVisible();
  await expect(panel.getByRole('link', { name: /Tax checker/ })).toContainText('New');
  await expect(panel.getByRole('link', { name: 'For dealers' })).toHaveAttribute('href', 'https://dealers.kerbside.co.uk');
  await page.keyboard.press('Enter'); // the summary still has focus: closes again
  await expect(panel.getByRole('link', { name: 'MOT checker' })).toBeHidden();
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the Tools and More menus never cover each other, even both open without scripts', async ({ page, javaScriptEnabled }) => {
    await page.goto('/reviews');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const tools = nav.getByRole('link', { name: 'MOT checker' });
    const more = nav.getByRole('link', { name: 'About us' });
    await nav.getByText('Tools', { exact: true }).click();
    await expect(tools).toBeVisible();
    await nav.getByText('More', { exact: true }).click();
    await expect(more).toBeVisible();
    if (javaScriptEnabled) {
      // With scripts one menu is open at a time.
      await expect(tools).toBeHidden();
      return;
    }
    // Without them both stay open: their panels sit side by side, inside the window.
    const [a, b] = await Promise.all(
      [tools, more].map((link) => link.locator('xpath=ancestor::ul[contains(@class, "menu-panel")]').boundingBox()),
    );
    expect(a && b).toBeTruthy();
    const apart = a!.x + a!.width <= b!.x || b!.x + b!.width <= a!.x || a!.y + a!.height <= b!.y || b!.y + b!.height <= a!.y;
    expect(apart, `Tools ${JSON.stringify(a)} and More ${JSON.stringify(b)} overlap`).toBe(true);
    for (const box of [a!, b!]) expect(box.x + box.width).toBeLessThanOrEqual(1280);
    // Every link of both is where a click lands on it.
    await tools.click({ trial: true });
    await more.click({ trial: true });
  });
});

test('the cookie notice asks once; the choice returns to the same page and is kept', async ({ page }) => {
  await page.goto('/reviews?utm_source=e2e');
  const notice = page.getByRole('region', { name: 'Cookies on Kerbside' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'How we use cookies' })).toHaveAttribute('href', '/cookies');
  // With scripts the notice closes at once and the choice is sent behind it: wait for the answer
  // that sets the cookie before leaving the page.
  await submitAndWait(page, notice.getByRole('button', { name: 'Reject' }));
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/reviews\?utm_source=e2e$/);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Cookies on Kerbside' })).toBeHidden();
  const consent = (await page.context().cookies()).find((c) => c.name === 'kerbside_consent');
  expect(consent?.value).toBe('denied');
  // 365 days, give or take the test's own run time.
  expect(consent!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
});

test('the sticky registration banner values a car, and once closed stays closed', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('complementary', { name: 'Value your car' });
  // Past the first screen and well inside the content, so that clicking (which scrolls the button
  // into view) cannot carry the page past the content's end, where the banner gives way to the footer.
  await page.getByRole('heading', { name: 'Recently sold', exact: true }).scrollIntoViewIfNeeded();
  await expect(banner).toBeInViewport();
  await expect(banner.getByRole('button', { name: 'Go' })).toBeVisible(); // 'Go' on a phone
  // With scripts the banner closes at once and the choice is sent behind it: wait for the answer
  // that sets the cookie before reloading.
  await submitAndWait(page, banner.getByRole('button', { name: 'Close the registration banner' }));
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Value your car' })).toHaveCount(0);
});

test('the home page shows every block, and a seller can value a car from the banner', async ({ page }) => {
  await page.goto('/');
  for (const heading of ['Why sellers choose us', 'How it works', 'Recently sold', 'Some of the dealers who bid']) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  // The seeded sample's figures (platform/seed/sample-reviews.sql).
  await expect(page.getByRole('heading', { name: 'Rated 4.2 out of 5 by sellers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read 10 reviews' })).toBeVisible();
  // Locally no video is configured, so there is no video section and no player to load.
  await expect(page.getByRole('heading', { name: 'See how it works' })).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  const banner = page.getByRole('complementary', { name: 'Value your car' });
  await page.getByRole('heading', { name: 'Recently sold' }).scrollIntoViewIfNeeded();
  await banner.getByLabel('Registration', { exact: true }).fill('KE19FTA');
  await banner.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/\/mileage$/);
  await expect(page.getByRole('heading', { name: 'Ford Fiesta' })).toBeVisible();
});

// Runs without scripts too: the one check that a real browser lays the server-rendered dialog out
// (its markup and forms: tests/site-shell.test.ts, 'lets the seller say no to a mileage that seems low…').
test('the reviews page lists as many reviews as it counts, whatever their rating', async ({ page }) => {
  await page.goto('/reviews');
  await expect(page.getByText('Rated 4.2 out of 5 from 10 reviews.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Did not sell' })).toBeVisible();
});

test('a mileage that seems low asks first; "No, change it" keeps the seller on the step', async ({ page }) => {
  await lookUp(page, '123ABC');
  await page.getByLabel("What's your mileage?").fill('3000');
  await page.getByRole('button', { name: 'See my valuation' }).click();
  const dialog = page.getByRole('dialog', { name: 'This mileage seems a little low, are you sure?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No, change it' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel("What's your mileage?")).toHaveValue('3,000');
});

// Without scripts: tests/site-shell.test.ts ('gives an unknown step under a registration the 404 page, without the vehicle header').
test('an unknown page is a 404 with a way home', { tag: '@scripts' }, async ({ page }) => {
  const response = await page.goto('/KE19FTA/nothing-here');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found | Kerbside');
  await page.getByRole('link', { name: 'Drive me home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// Without scripts: tests/journey.test.ts ('look a car up from their own hero and go on to the mileage step').
test('a landing page values a car: lookup, then the mileage step', { tag: '@scripts' }, async ({ page }) => {
  await page.goto('/sell-my-car/diesel');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/diesel/i);
  await page.getByLabel('Enter your reg').fill('KD15DSL');
  await page.getByRole('button', { name: 'Value my car' }).click();
  await expect(page).toHaveURL(/\/mileage$/);
  await expect(page.getByRole('heading', { name: 'Volkswagen Golf' })).toBeVisible();
});

test('the unsubscribe link in an e-mail stops marketing e-mails', async ({ page }) => {
  const email = `unsubscribe.${Date.now()}@example.co.uk`;
  await valueAndSignUp(page, email, { mileage: '65000' });
  await page.getByRole('navigation', { name: 'Account' }).getByLabel('Account menu').click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page).toHaveURL(/\/sign-in\?sent$/);
  await page.goto('/dev/mailbox');
  // Other tests' e-mails share the mailbox: this seller's newest one.
  const body = (await page.getByTestId('email').filter({ hasText: email }).first().locator('pre').textContent()) ?? '';
  const link = new URL(/No news and offers from us by e-mail: (\S+)/.exec(body)![1]!);
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
});

test('the cookie notice and the sticky banner work from the keyboard alone', async ({ page }) => {
  await page.goto('/');
  // The notice is the first thing after the skip link.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Reject' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Cookies on Kerbside' })).toBeHidden();
  const close = page.getByRole('button', { name: 'Close the registration banner' });
  await page.getByRole('heading', { name: 'Some of the dealers who bid' }).scrollIntoViewIfNeeded();
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: 'Value your car' })).toHaveCount(0);
});
