import {
  accountNav,
  enterMobileCode,
  expect,
  lookUp,
  newMobile,
  openMailboxLink,
  otherBrowser,
  signUpHere,
  submitMileage,
  test,
} from './support';

/**
 * The two account attacks a browser is needed for, with and without JavaScript
 * (docs/decisions/014 and 031; the rest are in tests/trust.test.ts and tests/trust-round-two.test.ts).
 */

test('pre-hijacking: whoever signed up with a seller’s address first is signed out when the seller proves it', async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const email = `owner.${testInfo.project.name}.${Date.now()}@example.co.uk`;
  const attackerContext = await otherBrowser(browser, testInfo.project.use, '198.51.100.201');
  try {
    // The attacker signs up first with the seller's address, and keeps that session.
    const attacker = await attackerContext.newPage();
    await lookUp(attacker, 'KE19FTA');
    await submitMileage(attacker, '65000');
    await signUpHere(attacker, email);
    await expect(accountNav(attacker).getByLabel('Account menu')).toBeVisible();

    // The seller, later, signs up with their own address: a link is e-mailed, the page says no more.
    await lookUp(page, 'KD15DSL');
    await submitMileage(page, '130000');
    await signUpHere(page, email);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(`If ${email} has a Kerbside account, the sign-in link is there.`)).toBeVisible();
    await openMailboxLink(page, email, 'Your Kerbside sign-in link');
    if (javaScriptEnabled === false) await page.getByRole('button', { name: 'Continue to your account' }).click();
    // Proven from another browser than the one that signed up: nothing typed there is kept
    // (docs/decisions/031). The seller gives her own details and proves her own mobile.
    await expect(page.getByRole('heading', { name: 'Confirm your details' })).toBeVisible();
    await expect(page.getByLabel('Mobile number')).toHaveValue('');
    await expect(page.getByLabel('Full name')).toHaveValue('');
    const mobile = newMobile();
    await page.getByLabel('Full name').fill('Sarah Kennedy');
    await page.getByLabel('Mobile number').fill(mobile);
    await page.getByLabel('Postcode').fill('LS1 4DY');
    await page.getByRole('button', { name: 'Confirm my details' }).click();
    await enterMobileCode(page, mobile);
    await expect(page).toHaveURL(/\/KD15DSL$/);
    await expect(accountNav(page).getByLabel('Account menu')).toBeVisible();

    // The attacker's session ended with that proof.
    await attacker.goto('/account');
    await expect(accountNav(attacker).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(attacker).not.toHaveURL(/\/account$/);
  } finally {
    await attackerContext.close();
  }
});

test('login CSRF: a sign-in link from someone else names the account, waits, and leaves the visitor’s car alone', async ({
  page,
  browser,
}, testInfo) => {
  const attackerEmail = `linker.${testInfo.project.name}.${Date.now()}@example.co.uk`;
  const attackerContext = await otherBrowser(browser, testInfo.project.use, '198.51.100.202');
  let link: string;
  try {
    const attacker = await attackerContext.newPage();
    await lookUp(attacker, 'KD15DSL');
    await submitMileage(attacker, '130000');
    await signUpHere(attacker, attackerEmail);
    await expect(accountNav(attacker).getByLabel('Account menu')).toBeVisible();
    await attackerContext.clearCookies();
    await attacker.goto('/sign-in');
    await attacker.getByLabel('Email address').fill(attackerEmail);
    await attacker.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(attacker.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await attacker.goto('/dev/mailbox');
    const mail = attacker
      .getByTestId('email')
      .filter({ hasText: attackerEmail })
      .filter({ has: attacker.getByRole('heading', { name: 'Your Kerbside sign-in link' }) });
    link = (await mail.first().getByRole('link', { name: 'Open the sign-in link' }).getAttribute('href'))!;
  } finally {
    await attackerContext.close();
  }

  // A seller who valued a car, signed out, opens the link they were sent.
  await lookUp(page, 'KE19FTA');
  await submitMileage(page, '65000');
  await page.goto(link);
  const masked = `${attackerEmail.charAt(0)}•••@example.co.uk`;
  await expect(page.getByRole('heading', { name: `Sign in as ${masked}?` })).toBeVisible();
  await expect(page.getByLabel('Add KE19 FTA, the car you looked up here, to this account')).not.toBeChecked();
  // It waits for the press: still here, still signed out, with scripts or without.
  await expect(page).toHaveURL(/\/auth\/verify\?token=/);
  await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();

  await page.getByRole('button', { name: `Yes, sign in as ${masked}` }).click();
  // The attacker's account was never proven: proof here, in another browser than the one that
  // signed up, keeps nothing typed there, and the page asks for details first (ADR 031).
  await expect(page).toHaveURL(/\/account\/details\?confirm&next=%2Faccount$/);
  await page.goto('/account');
  await expect(page.getByTestId('account-vehicle')).toHaveCount(1);
  await expect(page.getByTestId('account-vehicle')).toContainText('KD15 DSL');
});
