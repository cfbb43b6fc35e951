import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_GZIP, PAGES, WORKER_GZIP } from '../scripts/lib/budgets.mjs';
import { gzipSize, pageWeight } from '../scripts/lib/page-weight.mjs';
import { Browser } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

/**
 * The performance budgets (scripts/lib/budgets.mjs): what is deterministic for a given build —
 * bytes, request counts, render-blocking requests, worker bundle sizes. A change that breaks one
 * fails here with the numbers; timings are measured by `npm run bench`, never in a test.
 */
const root = path.resolve(import.meta.dirname, '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const readAsset = (url: string) => readFileSync(path.join(root, 'public', new URL(url, 'http://x').pathname));

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers();
});
afterAll(() => workers?.dispose());

/** The page as a phone that runs scripts receives it (after a first page set the hint), and as one that does not. */
async function documents(page: (typeof PAGES)[number]) {
  const out: { client: string; status: number; html: string }[] = [];
  for (const runsScripts of [true, false]) {
    const browser = new Browser(workers.fetch, { runsScripts, ip: `10.9.${runsScripts ? 1 : 2}.${PAGES.indexOf(page)}` });
    if (page.afterLookup) {
      const posted = await browser.post('/?index', { vrm: page.afterLookup });
      expect(posted.status, 'the lookup redirects').toBe(302);
    }
    const response = await browser.get(page.path);
    out.push({ client: runsScripts ? 'runs JS' : 'no JS', status: response.status, html: await response.text() });
  }
  return out;
}

describe.each(PAGES)('$name ($path)', (page) => {
  it('stays within its byte and request budgets, with nothing render-blocking', async () => {
    for (const { client, status, html } of await documents(page)) {
      expect(status, `${client}: status`).toBe(page.name === 'not found' ? 404 : 200);
      const weight = await pageWeight(html, readAsset);
      const where = `${page.path} (${client})`;
      expect(weight.documentGzip, `${where}: document ${kb(weight.documentGzip)} gzip, budget ${kb(DOCUMENT_GZIP)}`).toBeLessThanOrEqual(
        DOCUMENT_GZIP,
      );
      expect(weight.renderBlocking, `${where}: render-blocking requests`).toEqual([]);
      if (client === 'runs JS') {
        const list = weight.scripts.map((s) => `${s.url} ${kb(s.gzip)}`).join(', ');
        expect(
          weight.jsGzip,
          `${where}: JS ${kb(weight.jsGzip)} gzip in ${weight.scripts.length} files, budget ${kb(page.jsGzip)} (${list})`,
        ).toBeLessThanOrEqual(page.jsGzip);
        expect(weight.requests, `${where}: ${weight.requests} requests on load, budget ${page.requests}`).toBeLessThanOrEqual(
          page.requests,
        );
      }
    }
  });
});

describe('deployable worker bundles (wrangler deploy --dry-run)', () => {
  const out = mkdtempSync(path.join(os.tmpdir(), 'kerbside-dry-run-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  const bundle = (config: string, dir: string) => {
    execFileSync(path.join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', path.join(out, dir), '-c', config], {
      cwd: root,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', CI: 'true' },
      stdio: 'pipe',
    });
    // Everything wrangler would upload: the modules, not the source map or its README.
    const files = readdirSync(path.join(out, dir)).filter((f) => !f.endsWith('.map') && f !== 'README.md');
    const bytes = Buffer.concat(files.map((f) => readFileSync(path.join(out, dir, f))));
    return { bytes, gzip: gzipSize(bytes) };
  };

  it('the app worker, with the content store compiled in, fits the Workers Free plan', () => {
    const { bytes, gzip } = bundle('wrangler.toml', 'app');
    // The compiled content store travels inside the worker (no fetch at run time).
    const content = JSON.parse(readFileSync(path.join(root, 'app/generated/content.json'), 'utf8')) as {
      pages?: Record<string, { title?: string }>;
    };
    const aTitle = Object.values(content.pages ?? {}).find((p) => p.title)?.title;
    if (aTitle) expect(bytes.toString('utf8')).toContain(JSON.stringify(aTitle).slice(1, -1));
    expect(gzip, `app worker ${kb(gzip)} gzip, limit ${kb(WORKER_GZIP)}`).toBeLessThanOrEqual(WORKER_GZIP);
  }, 60_000);

  it('the platform worker fits the Workers Free plan', () => {
    const { gzip } = bundle('platform/wrangler.toml', 'platform');
    expect(gzip, `platform worker ${kb(gzip)} gzip, limit ${kb(WORKER_GZIP)}`).toBeLessThanOrEqual(WORKER_GZIP);
  }, 60_000);
});
