import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** The MOT check on a phone, with JavaScript (phone-js) and without (phone-no-js). */

test('checks an MOT from the form to results that survive a reload', async ({ page }) => {
  await page.goto('/mot-check');
  await expect(page.getByRole('heading', { name: 'MOT check', level: 1 })).toBeVisible();
  await page.getByLabel('Enter your reg').fill('kc16 clk');
  await page.getByRole('button', { name: 'Check MOT' }).click();
  await expect(page).toHaveURL(/\/mot-check\/results\?vrm=KC16CLK$/);
  await expect(page.getByRole('heading', { name: 'MOT history of KC16 CLK' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /MOT valid until/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The mileage went down' })).toBeVisible();
  await expect(page.getByTestId('mileage-chart')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Odometer readings at each MOT test' })).toContainText('Lower than an earlier reading');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'MOT history of KC16 CLK' })).toBeVisible();
});

// Without scripts: tests/mot-check.test.ts ('keeps a wrong reg under its panel, checks another from the same form, and checks again from Refresh').
test('shows the error panels with the registration kept, and a wrong reg can be checked again', { tag: '@scripts' }, async ({ page }) => {
  await page.goto('/mot-check');
  await page.getByLabel('Enter your reg').fill('ER19NFD');
  await page.getByRole('button', { name: 'Check MOT' }).click();
  await expect(page.getByRole('heading', { name: 'Did we get the reg right?' })).toBeVisible();
  await expect(page.getByLabel('Enter your reg')).toHaveValue('ER19 NFD');
  await page.getByLabel('Enter your reg').fill('KF14FAL');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('heading', { name: /MOT expired on/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dangerous (1)' })).toBeVisible();

  await page.goto('/mot-check/results?vrm=ER19MNT');
  await expect(page.getByRole('heading', { name: 'Vehicle details unavailable' })).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'Vehicle details unavailable' })).toBeVisible();
  await expect(page.getByLabel('Enter your reg')).toHaveValue('ER19 MNT');
});

// Without scripts: tests/mot-check.test.ts ('explains an exempt classic, typed in the form as a dateless plate').
test('explains new cars, exempt classics and kilometre readings', { tag: '@scripts' }, async ({ page }) => {
  await page.goto('/mot-check/results?vrm=ABC123D');
  await expect(page.getByRole('heading', { name: 'MOT exempt' })).toBeVisible();
  await page.goto('/mot-check/results?vrm=KK18KMS');
  await expect(page.getByRole('heading', { name: 'Readings in kilometres' })).toBeVisible();
  await page.goto('/mot-check');
  await page.getByLabel('Enter your reg').fill('1234AB');
  await page.getByRole('button', { name: 'Check MOT' }).click();
  await expect(page.getByRole('heading', { name: 'MOT exempt' })).toBeVisible();
});

/** Presses the mailbox's switch for the scheduled jobs, on a day a reminder for DUZ1 is due. */
async function runScheduled(page: Page) {
  await page.goto('/dev/mailbox');
  // DUZ1's MOT runs out on the first of next month, so its first reminder is due from the second.
  const day = new Date();
  if (day.getUTCDate() === 1) await page.getByLabel('Run as if on (optional)').fill(`${day.toISOString().slice(0, 8)}02`);
  await page.getByRole('button', { name: 'Run the scheduled jobs (sale messages, MOT reminders, tracker revaluations)' }).click();
  await expect(page.getByRole('heading', { name: 'Mailbox (development)' })).toBeVisible();
}

test('sets up MOT reminders; the scheduled run e-mails one, which unsubscribes', async ({ page }) => {
  const email = `mot.${Date.now()}@example.co.uk`;
  await page.goto('/mot-check/results?vrm=DUZ1');
  await page.getByLabel('Email address').fill('not an email');
  await page.getByRole('button', { name: 'Remind me' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Mobile number (optional)').fill('07400 123456');
  await page.getByRole('button', { name: 'Remind me' }).click();
  await expect(page.getByTestId('reminder-set')).toContainText('Check your e-mail to confirm');

  // Until the link in the confirmation is pressed, the scheduled run sends that address nothing.
  await runScheduled(page);
  const emails = page.getByTestId('email').filter({ hasText: `To ${email}` });
  await expect(emails).toHaveCount(1);
  await expect(emails.getByRole('heading', { name: 'Confirm MOT reminders for DUZ 1' })).toBeVisible();
  const confirmation = (await emails.locator('pre').textContent()) ?? '';
  const confirmLink = new URL(/Confirm MOT reminders: (\S+)/.exec(confirmation)![1]!);
  await page.goto(confirmLink.pathname + confirmLink.search);
  await expect(page.getByRole('heading', { name: 'Confirm MOT reminders for DUZ 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm MOT reminders' }).click();
  await expect(page.getByRole('heading', { name: 'MOT reminders are on for DUZ 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stop MOT reminders for DUZ 1' })).toBeVisible();

  await runScheduled(page);
  const reminder = emails.filter({ has: page.getByRole('heading', { name: /DUZ 1: MOT due/ }) });
  await expect(reminder).toHaveCount(1);
  const body = (await reminder.locator('pre').textContent()) ?? '';
  const link = new URL(/No more MOT reminders for DUZ 1: (\S+)/.exec(body)![1]!);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from MOT reminders' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
});
