import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_GZIP, PAGES, WORKER_GZIP } from '../scripts/lib/budgets.mjs';
import { gzipSize, pageWeight } from '../scripts/lib/page-weight.mjs';
import { Browser } from './support/browser';
import { file, jpeg, pdf } from './support/files';
import { completeProfile, signUp, uniqueEmail } from './support/sellers';
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

/**
 * How far into the journey a page is seen (budgets.mjs, `as`), in order, and what takes a seller
 * from the stage before to each one: the app's own forms, as in the journey tests.
 */
const STAGES: [string, (b: Browser) => Promise<void>][] = [
  ['looked-up', async (b) => expect((await b.post('/?index', { vrm: 'KE19FTA' })).headers.get('location')).toBe('/mileage')],
  [
    'valued',
    async (b) => expect((await b.post('/mileage', { intent: 'confirm', mileage: '65000' })).headers.get('location')).toBe('/KE19FTA'),
  ],
  ['signed-up', async (b) => expect((await signUp(b, uniqueEmail('budgets'))).status).toBe(302)],
  [
    'tracker-looked-up',
    async (b) =>
      expect((await b.post('/car-value-tracker', { vrm: 'KD15DSL' })).headers.get('location')).toBe('/car-value-tracker/mileage'),
  ],
  [
    'tracking',
    async (b) =>
      expect((await b.post('/car-value-tracker/mileage', { intent: 'confirm', mileage: '190000' })).headers.get('location')).toBe(
        '/car-value-tracker/KD15DSL',
      ),
  ],
  ['profiled', (b) => completeProfile(b)],
  [
    'under-offer',
    async (b) => {
      expect((await b.post('/KE19FTA/profile/timeline', { intent: 'enter-sale' })).headers.get('location')).toBe('/KE19FTA');
      // The sale runs on the product's clock: move it on a second at a time until the offer is there.
      for (let i = 0; i < 40 && (await b.get('/KE19FTA/accept-offer')).status !== 200; i++) await workers.clock.advance(1_000);
    },
  ],
  ['accepted', async (b) => expect((await b.post('/KE19FTA/accept-offer', { intent: 'accept' })).status).toBe(302)],
  [
    'confirmed',
    async (b) => {
      const withRef = (await b.get('/KE19FTA/confirm-sale')).headers.get('location')!;
      expect((await b.post(withRef, {})).headers.get('location')).toBe('/KE19FTA/add-bank-details');
    },
  ],
  [
    'bank-details-sent',
    async (b) => {
      const sent = await b.post('/KE19FTA/add-bank-details', {
        accountName: 'Sarah Kennedy',
        sortCode: '08-99-99',
        accountNumber: '66374958',
      });
      expect(sent.status).toBe(302);
    },
  ],
  [
    'documents-sent',
    async (b) => {
      await b.post('/KE19FTA/upload-documents', { intent: 'upload', kind: 'v5c', file: file(pdf('V5C'), 'v5c.pdf', 'application/pdf') });
      await b.post('/KE19FTA/upload-documents', {
        intent: 'upload',
        kind: 'driving-licence',
        file: file(jpeg(), 'licence.jpg', 'image/jpeg'),
      });
      expect((await b.post('/KE19FTA/upload-documents', { intent: 'submit' })).headers.get('location')).toBe('/KE19FTA/review-status');
    },
  ],
  [
    'booked',
    async (b) => {
      const page = await (await b.get('/KE19FTA/collection')).text();
      const day = /name="date"[^>]*value="(\d{4}-\d{2}-\d{2})"/.exec(page)![1]!;
      expect((await b.post('/KE19FTA/collection', { date: day, slot: 'morning' })).headers.get('location')).toBe('/KE19FTA/review-status');
    },
  ],
];

/** One seller per kind of browser, taken through the journey as far as the pages ask (in PAGES' order). */
const sellers = new Map<boolean, { browser: Browser; stage: number }>();
async function sellerAt(runsScripts: boolean, stage: string): Promise<Browser> {
  const target = STAGES.findIndex(([name]) => name === stage);
  if (target < 0) throw new Error(`budgets.mjs: no stage '${stage}'`);
  let seller = sellers.get(runsScripts);
  if (!seller)
    sellers.set(
      runsScripts,
      (seller = { browser: new Browser(workers.fetch, { runsScripts, ip: `10.9.${runsScripts ? 3 : 4}.1` }), stage: -1 }),
    );
  if (seller.stage > target) throw new Error(`budgets.mjs: '${stage}' comes after '${STAGES[seller.stage]![0]}' in PAGES`);
  while (seller.stage < target) await STAGES[++seller.stage]![1](seller.browser);
  return seller.browser;
}

/** The page as a phone that runs scripts receives it (after a first page set the hint), and as one that does not. */
async function documents(page: (typeof PAGES)[number]) {
  const out: { client: string; status: number; html: string }[] = [];
  for (const runsScripts of [true, false]) {
    const browser = page.as
      ? await sellerAt(runsScripts, page.as)
      : new Browser(workers.fetch, { runsScripts, ip: `10.9.${runsScripts ? 1 : 2}.${PAGES.indexOf(page)}` });
    let response = await browser.get(page.path);
    if (page.follow && response.status >= 300 && response.status < 400) response = await browser.follow(response);
    out.push({ client: runsScripts ? 'runs JS' : 'no JS', status: response.status, html: await response.text() });
  }
  return out;
}

describe.each(PAGES)('$name ($path)', (page) => {
  // A page late in the sale walks two sellers there first (profile, photos, the daily sale): on a
  // busy machine that takes longer than the default 30 s. Nothing here measures time.
  it('stays within its byte and request budgets, with nothing render-blocking', { timeout: 120_000 }, async () => {
    for (const { client, status, html } of await documents(page)) {
      expect(status, `${client}: status`).toBe(page.name === 'not found' ? 404 : 200);
      const weight = await pageWeight(html, readAsset);
      const where = `${page.path} (${client})`;
      expect(weight.documentGzip, `${where}: document ${kb(weight.documentGzip)} gzip, budget ${kb(DOCUMENT_GZIP)}`).toBeLessThanOrEqual(
        DOCUMENT_GZIP,
      );
      expect(weight.renderBlocking, `${where}: render-blocking requests`).toEqual([]);
      if (client === 'runs JS') {
        // BUDGET_REPORT=file: each page's figures, one JSON line each, for setting budgets by measurement.
        if (process.env.BUDGET_REPORT)
          appendFileSync(
            process.env.BUDGET_REPORT,
            `${JSON.stringify({ name: page.name, jsKb: +(weight.jsGzip / 1024).toFixed(2), budgetKb: +(page.jsGzip / 1024).toFixed(2), documentKb: +(weight.documentGzip / 1024).toFixed(2), requests: weight.requests })}\n`,
          );
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
