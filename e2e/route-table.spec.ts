import { SPEC_ROUTES } from '../tests/fixtures/spec-routes';
import { expect, test } from './support';

/**
 * The pages of the route table (docs/behaviour/routes.md#route-table) (tests/fixtures/spec-routes.ts) in a real browser without
 * JavaScript: it answers with its heading, and the page checks (axe-core, WCAG 2.2 A/AA) find
 * nothing serious on it. The same pages with JavaScript are the shell's own markup, which the other
 * journeys check with scripts running; once is enough for the whole table.
 */
const all = SPEC_ROUTES.filter((route) => route.status === 200 && !route.pending);
// A family of pages (one module, one data file: landing variants, partners, affiliates, cities)
// shares its markup: the browser opens the first two of each, tests/route-table.test.ts every one.
const PER_FAMILY = 2;
const pages = all.filter((route) => !route.family || all.filter((other) => other.family === route.family).indexOf(route) < PER_FAMILY);
const CHUNK = 12;

test.describe('the route table', () => {
  for (let start = 0; start < pages.length; start += CHUNK) {
    const chunk = pages.slice(start, start + CHUNK);
    test(`pages ${start + 1}–${start + chunk.length}: ${chunk[0]!.path} … ${chunk.at(-1)!.path}`, async ({ page }) => {
      test.setTimeout(120_000);
      for (const route of chunk) {
        const response = await page.goto(route.path);
        expect(response?.status(), route.path).toBe(200);
        const heading = page.getByRole('heading', { level: 1 }).first();
        if (typeof route.heading === 'string') await expect(heading, route.path).toContainText(route.heading);
        else if (route.heading) await expect(heading, route.path).toHaveText(route.heading);
      }
    });
  }
});
