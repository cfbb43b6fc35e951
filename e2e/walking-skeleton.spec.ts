import { expect, lookUp, submitMileage, test } from './support';

test.describe('the walking skeleton', () => {
  test('a sandbox registration leads to its vehicle page', async ({ page }) => {
    await lookUp(page, 'ke19 fta');
    await expect(page).toHaveURL(/\/mileage$/);
    await submitMileage(page, '64000');
    await expect(page).toHaveURL(/\/KE19FTA$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ford Fiesta' })).toBeVisible();
    const facts = page.locator('dl.facts');
    await expect(facts).toContainText('2019');
    await expect(facts).toContainText('Blue');
    await expect(facts).toContainText('Petrol');
    await expect(page.getByTestId('mot-summary')).toContainText('MOT tests on record');
    await expect(page).toHaveTitle('Ford Fiesta KE19 FTA | Kerbside');
  });

  test('a malformed registration re-shows the form with the message and the typed value', async ({ page }) => {
    await lookUp(page, 'NOT A REG');
    await expect(page.getByText('Enter a valid UK vehicle registration')).toBeVisible();
    await expect(page.getByLabel('Enter your reg')).toHaveValue('NOT A REG');
    await expect(page).toHaveURL(/\/(\?index)?$/);
  });

  test('an unknown registration shows "Did we get the reg right?" and offers to check again', async ({ page }) => {
    await lookUp(page, 'ER19NFD');
    await expect(page.getByRole('heading', { name: 'Did we get the reg right?' })).toBeVisible();
    await expect(page.getByLabel('Enter your reg')).toHaveValue('ER19 NFD');
    await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Did we get the reg right?' })).toBeVisible();
  });

  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Drive me home' }).click();
    await expect(page.getByRole('heading', { name: 'The way to sell your car' })).toBeVisible();
  });

  test('the session cookie is HttpOnly, Secure and SameSite=Lax', async ({ page, context }) => {
    await lookUp(page, 'KE19FTA');
    await expect(page).toHaveURL(/\/mileage$/);
    const session = (await context.cookies()).find((c) => c.name === 'kerbside_session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
    expect(await page.content()).not.toContain(session!.value);
  });
});
