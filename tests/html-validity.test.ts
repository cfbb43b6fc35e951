import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

/**
 * Every page below, as the server sends it, through the Nu HTML Checker (vnu.jar, needs Java):
 * invalid markup is where assistive technology and the no-JavaScript journeys break first.
 * One JVM start for all pages (about 2 s), so adding a page costs almost nothing.
 */

interface PageToCheck {
  name: string;
  /** The status the page must answer with: a redirect or an error here means the list is stale. */
  status: number;
  /**
   * Sent as a stream (a browser that runs scripts): the shell first, deferred segments after
   * `</html>` (see AFTER_HTML_ALLOWED). Complete documents (no JavaScript, bots) have them inline.
   */
  streamed?: boolean;
  get: (workers: Workers) => Promise<Response>;
}

const GOOGLEBOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
let ip = 0;
const visitor = (workers: Workers, options: { runsScripts?: boolean; userAgent?: string } = {}) =>
  new Browser(workers.fetch, { ip: `203.0.113.${++ip}`, ...options });

/** Looked up and valued, as a seller who has just pressed "See my valuation". */
async function valued(browser: Browser, vrm = 'KE19FTA') {
  expect((await browser.post('/?index', { vrm })).headers.get('location')).toBe('/mileage');
  expect((await browser.post('/mileage', { intent: 'confirm', mileage: '65000' })).headers.get('location')).toBe(`/${vrm}`);
  return browser;
}

/** The pages checked. Add a page here: it is fetched, written out and validated with the rest. */
const PAGES: PageToCheck[] = [
  { name: 'home', status: 200, get: (w) => visitor(w).get('/') },
  { name: 'reviews', status: 200, get: (w) => visitor(w).get('/reviews') },
  { name: 'how-we-value', status: 200, get: (w) => visitor(w).get('/how-we-value') },
  { name: 'sign-in', status: 200, get: (w) => visitor(w).get('/sign-in') },
  {
    name: 'account-signed-out',
    status: 200,
    get: async (w) => {
      const browser = visitor(w);
      const response = await browser.get('/account');
      expect(response.status).toBe(302);
      return browser.follow(response);
    },
  },
  { name: 'not-found', status: 404, get: (w) => visitor(w).get('/no/such/page') },
  {
    name: 'home-invalid-reg',
    status: 400,
    get: (w) => visitor(w).post('/?index', { vrm: 'NOT A REG' }),
  },
  {
    name: 'mileage',
    status: 200,
    get: async (w) => {
      const browser = visitor(w);
      expect((await browser.post('/?index', { vrm: 'KE19FTA' })).headers.get('location')).toBe('/mileage');
      return browser.get('/mileage');
    },
  },
  {
    name: 'mileage-confirm',
    status: 200,
    get: async (w) => {
      const browser = visitor(w);
      await browser.post('/?index', { vrm: 'KE19FTA' });
      const response = await browser.post('/mileage', { intent: 'submit', mileage: '250000' });
      expect(response.headers.get('location')).toBe('/mileage?confirm');
      return browser.follow(response);
    },
  },
  { name: 'vehicle-bot', status: 200, get: (w) => visitor(w, { userAgent: GOOGLEBOT }).get('/KE19FTA') },
  { name: 'vehicle-valued-no-js', status: 200, get: async (w) => (await valued(visitor(w))).get('/KE19FTA') },
  {
    name: 'vehicle-valued-streamed',
    status: 200,
    streamed: true,
    get: async (w) => (await valued(visitor(w, { runsScripts: true }))).get('/KE19FTA'),
  },
];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

/**
 * What the framework, not our markup, puts after `</html>`; allowed only there, nowhere else:
 *
 * - Remix single fetch (`future.v3_singleFetch`): `RemixServer` renders its `<StreamTransfer>` as a
 *   sibling of the whole route tree (node_modules/@remix-run/react/dist/esm/server.js), so every
 *   document, complete or streamed, ends `</html><!--$--><script nonce>window.__remixContext.
 *   streamController.enqueue(…)</script>…`. vnu: "Stray start tag “script”.".
 * - React 18's streaming renderer (streamed documents only): a Suspense boundary that resolves
 *   after the shell was sent arrives as `<div hidden id="S:n">…</div><script>$RC(…)</script>`
 *   after `</html>`. vnu: "Stray start tag “div”." or, when its `$RC` script comes first, the
 *   script message above.
 * - vnu then stops ("Cannot recover after last error…", subType fatal): nothing after that first
 *   stray tag is checked. So the tail is also checked on its own (see `tailDocument`).
 *
 * Browsers parse tokens after `</html>` as if they were inside <body> (the "after after body"
 * insertion mode), which is why both frameworks do it; only not streaming would avoid it.
 */
const AFTER_HTML_ALLOWED: { message: string; streamedOnly?: boolean }[] = [
  { message: 'Stray start tag “script”.' },
  { message: 'Stray start tag “div”.', streamedOnly: true },
  { message: 'Cannot recover after last error. Any further errors will be ignored.' },
];

/** The tail after `</html>` as the browser parses it, in a <body> of its own, so our deferred markup is validated too. */
function tailDocument(tail: string) {
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><title>After the closing html tag</title></head><body>${tail}</body></html>`;
}

/**
 * A complete document (no JavaScript, bots) is rendered before it is sent, so only Remix's data
 * transfer may follow `</html>`: React's boundary comments around inline scripts. Any other markup
 * there would be ours, misplaced.
 */
function strayMarkupAfterHtml(tail: string): string {
  return tail
    .replace(/<script nonce="[^"]*">[\s\S]*?<\/script>/g, '')
    .replace(/<!--\/?\$-->/g, '')
    .trim();
}

const root = path.resolve(import.meta.dirname, '..');
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

let workers: Workers;
let dir: string;
beforeAll(async () => {
  workers = await startWorkers();
  // Kept after the run (and replaced by the next) so the lines the report names can be read.
  dir = path.join(os.tmpdir(), 'kerbside-html-validity');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
});
afterAll(() => workers?.dispose());

/** 1-based line and column of `offset` in `text`, as vnu counts them. */
function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

function isAfter(message: VnuMessage, position: { line: number; column: number }) {
  const line = message.lastLine ?? 0;
  const column = message.firstColumn ?? message.lastColumn ?? 0;
  return line > position.line || (line === position.line && column >= position.column);
}

interface Checked {
  page: PageToCheck;
  /** Where `</html>` ends, for the as-sent document; undefined for the tail checked on its own. */
  htmlEnd?: { line: number; column: number };
  label: string;
}

describe('HTML validity (Nu HTML Checker)', () => {
  it('finds no errors in the pages we serve', async () => {
    const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
    if (java.error) throw new Error('java is not installed: `apt-get install -y default-jre-headless` (the Nu HTML Checker is a jar)');

    const files = new Map<string, Checked>();
    const problems: string[] = [];
    for (const page of PAGES) {
      const response = await page.get(workers);
      const html = await response.text();
      expect(response.status, `${page.name}: status`).toBe(page.status);
      expect(response.headers.get('content-type'), `${page.name}: content type`).toMatch(/^text\/html/);
      const closing = html.indexOf('</html>');
      const end = closing === -1 ? undefined : closing + '</html>'.length;
      const tail = end === undefined ? '' : html.slice(end);

      const file = path.join(dir, `${page.name}.html`);
      writeFileSync(file, html);
      files.set(`file:${file}`, { page, label: page.name, htmlEnd: end === undefined ? undefined : lineAndColumn(html, end) });
      if (tail.trim()) {
        const tailFile = path.join(dir, `${page.name}.after-html.html`);
        writeFileSync(tailFile, tailDocument(tail));
        files.set(`file:${tailFile}`, { page, label: `${page.name} (after </html>, in a body of its own)` });
      }
      const stray = page.streamed ? '' : strayMarkupAfterHtml(tail);
      if (stray) problems.push(`${page.name}: markup after </html> that is not the framework's: ${stray.slice(0, 200)}`);
    }

    // vnu exits 1 when it finds errors: the JSON report on stderr is what counts.
    const run = spawnSync(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--errors-only', ...[...files.keys()].map((url) => url.slice('file:'.length))],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    let report: { messages: VnuMessage[] };
    try {
      report = JSON.parse(run.stderr);
    } catch {
      throw new Error(`vnu did not answer with JSON (exit ${run.status}):\n${run.stderr}\n${run.stdout}`);
    }

    // The same error usually comes from a shared component on many pages: list it once, with each place.
    const errors = new Map<string, string[]>();
    for (const message of report.messages) {
      const checked = message.url ? files.get(message.url) : undefined;
      if (!checked) {
        problems.push(`vnu ${message.type}: ${message.message}`);
        continue;
      }
      const { page, htmlEnd, label } = checked;
      const allowed =
        htmlEnd &&
        isAfter(message, htmlEnd) &&
        AFTER_HTML_ALLOWED.some((a) => a.message === message.message && (!a.streamedOnly || page.streamed));
      if (allowed) continue;
      const extract = (message.extract ?? '').replace(/nonce="[^"]*"/g, 'nonce="…"').replace(/\n/g, '⏎');
      const key = `${message.message}\n      ${extract}`;
      errors.set(key, [
        ...(errors.get(key) ?? []),
        `${label}:${message.lastLine ?? '?'}:${message.firstColumn ?? message.lastColumn ?? '?'}`,
      ]);
    }
    for (const [key, places] of errors) problems.push(`${key}\n      on ${places.join(', ')}`);

    // One readable list rather than a diff of arrays.
    if (problems.length) {
      expect.fail(
        `${problems.length} HTML error(s): the message, the markup around it, then page:line:column (files in ${dir})\n\n${problems.join('\n\n')}`,
      );
    }
  });
});
