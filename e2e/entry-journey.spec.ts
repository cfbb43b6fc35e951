import { expect, lookUp, submitMileage, test } from './support';

test.describe('the entry journey', () => {
  test('registration → mileage → the vehicle page with its valuation', async ({ page }) => {
    await lookUp(page, 'ke19 fta');
    await expect(page).toHaveURL(/\/mileage$/);
    await expect(page.getByRole('heading', { name: 'Sell your car the Kerbside way' })).toBeVisible();
    await expect(page.getByText('Ford Fiesta')).toBeVisible();
    await expect(page.getByLabel("What's your mileage?")).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByLabel("What's your mileage?")).not.toHaveValue('');
    await submitMileage(page, '65,000');
    await expect(page).toHaveURL(/\/KE19FTA$/);
    await expect(page.getByTestId('valuation-range')).toContainText(/£\d{1,2},\d{3} – £\d{1,2},\d{3}/);
    await expect(page.getByTestId('valuation-range')).toContainText('Based on 65,000 miles');
    // The evidence beside it: Fiestas from the sales record, each with its price, year, mileage and month.
    const sold = page.getByRole('region', { name: 'Cars like yours that sold' });
    await expect(sold.getByRole('listitem').first()).toHaveText(
      /^£\d{1,2},\d{3} for a 20\d\d Ford Fiesta with [\d,]+ miles, sold in [A-Z][a-z]+ 20\d\d$/,
    );
    expect(await sold.getByRole('listitem').count()).toBeLessThanOrEqual(6);
    await expect(sold).toContainText('How we value');
    await page.reload();
    await expect(page.getByTestId('valuation-range')).toContainText('Based on 65,000 miles');
  });

  // Without scripts: tests/journey.test.ts ('shows the same step again on a reload').
  test('a reload at the mileage step shows the same step', { tag: '@scripts' }, async ({ page }) => {
    await lookUp(page, 'KE19FTA');
    await expect(page).toHaveURL(/\/mileage$/);
    await page.reload();
    await expect(page.getByText('Ford Fiesta')).toBeVisible();
    await expect(page.getByLabel("What's your mileage?")).toBeVisible();
  });

  // Without scripts: tests/journey.test.ts ('rejects "100" with the spec message and keeps what was typed').
  test('a mileage below the last MOT reading is refused with the typed value kept', { tag: '@scripts' }, async ({ page }) => {
    await lookUp(page, 'KE19FTA');
    await submitMileage(page, '100');
    await expect(page.getByText("Mileage too low! The value you entered is less than your car's last MOT reading")).toBeVisible();
    await expect(page.getByLabel("What's your mileage?")).toHaveValue('100');
  });

  // Without scripts: tests/journey.test.ts ('asks to confirm an implausible mileage; confirming values the car').
  test('an implausible mileage asks for confirmation; confirming values the car', { tag: '@scripts' }, async ({ page }) => {
    await lookUp(page, 'KE19FTA');
    await submitMileage(page, '250000');
    const dialog = page.getByRole('dialog', { name: 'This mileage seems a little high, are you sure?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, 250,000 miles is right' }).click();
    await expect(page).toHaveURL(/\/KE19FTA$/);
    await expect(page.getByTestId('valuation-range')).toContainText('Based on 250,000 miles');
  });

  // Without scripts: tests/journey.test.ts ('lets the seller cancel the confirmation and change the mileage they typed').
  test('an implausible mileage can be cancelled and changed', { tag: '@scripts' }, async ({ page }) => {
    await lookUp(page, 'KE19FTA');
    await submitMileage(page, '250000');
    const dialog = page.getByRole('dialog', { name: 'This mileage seems a little high, are you sure?' });
    await dialog.getByRole('button', { name: 'No, change it' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel("What's your mileage?")).toHaveValue('250,000');
    await submitMileage(page, '70000');
    await expect(page).toHaveURL(/\/KE19FTA$/);
  });

  // Without scripts: tests/journey.test.ts ('"Not my car" clears the lookup').
  test('"Not my car" goes back to the start', { tag: '@scripts' }, async ({ page }) => {
    await lookUp(page, 'KE19FTA');
    await page.getByRole('button', { name: 'Not my car' }).click();
    await expect(page.getByRole('heading', { name: 'The way to sell your car' })).toBeVisible();
    await page.goto('/mileage');
    await expect(page).toHaveURL(/\/$/);
  });

  // Without scripts: tests/journey.test.ts ('the sandbox car KU20OFR goes to /KU20OFR/accept-offer').
  test('a car already under offer skips the mileage step', { tag: '@scripts' }, async ({ page }) => {
    await lookUp(page, 'KU20OFR');
    // Straight to accepting the offer, which asks whoever is not the seller to sign in first.
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2FKU20OFR%2Faccept-offer$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  // Without scripts: tests/journey.test.ts ('greet the make and send its lookup to the brand mileage step').
  test('a brand page greets the make and keeps the brand through the mileage step', { tag: '@scripts' }, async ({ page }) => {
    await lookUp(page, 'KE19FTA', '/sell-my-car/brands/ford');
    await expect(page).toHaveURL(/\/sell-my-car\/brands\/ford\/mileage$/);
    await submitMileage(page, '66000');
    await expect(page).toHaveURL(/\/KE19FTA$/);
  });
});

// Each lookup error panel, its words, its button, the registration kept and a reload: tests/lookup.test.ts.
test.describe('lookup error panels', () => {
  // Without scripts: tests/lookup.test.ts ('runs the lookup again from the Refresh button').
  test('"Refresh" runs the lookup again', { tag: '@scripts' }, async ({ page }) => {
    await lookUp(page, 'ER19ERR');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { name: 'Sorry, an error has occurred' })).toBeVisible();
  });
});
