import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_ROUTES } from './fixtures/spec-routes';
import { Browser, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

/** The spec's whole route table, as a visitor without JavaScript (tests/fixtures/spec-routes.ts). */
let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers();
});
afterAll(() => workers?.dispose());

const built = SPEC_ROUTES.filter((route) => !route.pending);

describe('the route table', () => {
  it.each(built.map((route) => [route.path, route] as const))('%s answers with its purpose', async (_path, route) => {
    const response = await new Browser(workers.fetch).get(route.path);
    expect(response.status, route.path).toBe(route.status);
    if (route.location !== undefined) {
      const location = response.headers.get('location') ?? '';
      if (typeof route.location === 'string') expect(location.startsWith(route.location), `${route.path} → ${location}`).toBe(true);
      else expect(location).toMatch(route.location);
    }
    if (route.heading !== undefined) {
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text())?.[1] ?? '';
      const heading = textOf(h1);
      if (typeof route.heading === 'string') expect(heading).toContain(route.heading);
      else expect(heading).toMatch(route.heading);
      if (route.status === 200) expect(heading).not.toBe('Page not found');
    }
  });

  it('has no route left pending: every route of the spec is built', () => {
    expect(SPEC_ROUTES.filter((route) => route.pending).map((route) => route.path)).toEqual([]);
  });

  it('puts exactly the indexable pages in the sitemap', async () => {
    const xml = await (await workers.fetch('/sitemap.xml')).text();
    const listed = new Set([...xml.matchAll(/<loc>http:\/\/localhost([^<]*)<\/loc>/g)].map((m) => m[1]));
    for (const route of built.filter((r) => r.status === 200)) {
      expect(listed.has(route.path), `${route.path} ${route.indexable ? 'missing from' : 'should not be in'} the sitemap`).toBe(
        !!route.indexable,
      );
    }
    // Nothing in it is a page that does not answer.
    for (const path of listed) expect((await new Browser(workers.fetch).get(path!)).status, path).toBe(200);
  }, 120_000);
});
