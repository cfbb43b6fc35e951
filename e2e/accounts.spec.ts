import { accountNav, enterMobileCode, expect, newMobile, test, valueAndSignUp } from './support';

test('valuation → sign up → sign out → sign in by e-mail link → the account lists the vehicle', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const email = `sarah.${testInfo.project.name}.${Date.now()}@example.co.uk`;
  const mobile = await valueAndSignUp(page, email, { mileage: '65000' });

  await expect(page).toHaveURL(/\/KE19FTA$/);
  await expect(page.getByTestId('valuation')).toContainText(/£\d{1,2},\d{3}/);
  await expect(page.getByTestId('offer-estimate')).toBeVisible();
  await expect(accountNav(page).getByRole('link', { name: /Sarah/ })).toBeVisible();

  await accountNav(page).getByLabel('Account menu').click();
  await accountNav(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();

  await accountNav(page).getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto('/dev/mailbox');
  await page.getByTestId('email').filter({ hasText: email }).first().getByRole('link', { name: 'Open the sign-in link' }).click();
  const continueButton = page.getByRole('button', { name: 'Continue to your account' });
  // With JavaScript the page signs in by itself; without, the seller presses the button.
  if (javaScriptEnabled === false) await continueButton.click();
  // The mobile given at sign-up still waits for its code: the seller enters it, then goes on.
  await enterMobileCode(page, mobile);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-vehicle')).toContainText('KE19 FTA');
  await expect(accountNav(page).getByRole('link', { name: /Sarah/ })).toBeVisible();
});

test('the account pages: details and contact preferences', async ({ page }, testInfo) => {
  await valueAndSignUp(page, `details.${testInfo.project.name}.${Date.now()}@example.co.uk`, { mileage: '65000' });
  await page.goto('/account/details');
  await page.getByLabel('Mobile number').fill('020 7946 0000');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText("Please check you've entered your phone number correctly")).toBeVisible();
  // A new mobile gets its own code before it is the account's.
  const mobile = newMobile();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Full name').fill('Sarah Jane Kennedy');
  await page.getByRole('button', { name: 'Save details' }).click();
  await enterMobileCode(page, mobile);
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue(mobile);
  await expect(page.getByLabel('Full name')).toHaveValue('Sarah Jane Kennedy');

  await page.getByRole('link', { name: 'Contact preferences' }).click();
  await page.getByLabel(/Email me news/).check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Your contact preferences are saved.')).toBeVisible();
  await expect(page.getByLabel(/Email me news/)).toBeChecked();
});

// Without scripts: tests/accounts.test.ts ('sends a visitor who opens the account to sign in first').
test('the account needs signing in first', { tag: '@scripts' }, async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
  await page.getByLabel('Email address').fill(`nobody.${Date.now()}@example.co.uk`);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  // The same answer whether or not the address has an account (tests/accounts.test.ts).
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
});
