import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSeller } from './support/sellers';
import { startWorkers, type Workers } from './support/workers';
import type { Browser } from './support/browser';

/**
 * What arrives at the app's and the platform's doors before any feature sees it: bodies of any
 * size, beacons with any Referer, and headers in any shape. Each is answered as the product
 * answers a mistake (a plain page, a 4xx), never a 500 or a stack trace, and nothing oversized is
 * parsed.
 */

let workers: Workers;
/** The site's configured origin here: not the address the tests fetch, so a link built on the request shows. */
const PUBLIC_ORIGIN = 'https://www.kerbside.example';
beforeAll(async () => {
  workers = await startWorkers({ appVars: { PUBLIC_ORIGIN } });
});
afterAll(() => workers?.dispose());

const STACK_TRACE = /at [\w$.<>]+ \(|node_modules|\.ts:\d+/;
const KB = 1024;

/** A post as the browser sends it from one of our pages. */
function postFromPage(browser: Browser, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return browser.get(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...headers },
    duplex: 'half',
  } as RequestInit);
}

/** A url-encoded form of about `bytes`, its fields valid and the rest padding. */
const bigForm = (fields: Record<string, string>, bytes: number) =>
  new URLSearchParams({ ...fields, padding: 'x'.repeat(bytes) }).toString();

/** A body without a length (chunked): `chunks` pieces of `size` bytes, each made only when asked for. */
function chunkedBody(chunks: number, size: number) {
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled === 0) controller.enqueue(new TextEncoder().encode('path=%2Fabout&padding='));
        if (counter.pulled >= chunks) return controller.close();
        counter.pulled += 1;
        controller.enqueue(new Uint8Array(size).fill(0x78));
      },
    },
    { highWaterMark: 0 },
  );
  return { counter, body };
}

/**
 * The status of an answer to a body the server stopped reading: the 413, or, when the runtime
 * closes the connection under a client still sending, the reset the client sees instead.
 */
async function statusOrReset(answer: Promise<Response>): Promise<number | 'reset'> {
  try {
    const response = await answer;
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    // The same closed connection reaches the client as a reset, a broken pipe or a closed socket,
    // depending on where its upload was when the runtime stopped reading (a busy machine: the latter).
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    if (/ECONNRESET|EPIPE|UND_ERR_SOCKET|other side closed/.test(`${cause?.code ?? ''} ${cause?.message ?? ''} ${String(cause ?? error)}`))
      return 'reset';
    throw error;
  }
}

const pageViews = async (path: string) =>
  (await workers.db
    .prepare("SELECT COUNT(*) AS n FROM analytics_events WHERE name = 'page_view' AND path = ?1")
    .bind(path)
    .first<{ n: number }>())!.n;

describe('request bodies', () => {
  it('answers a form over 64 KB with 413 and the plain "not sent" page, and records nothing', async () => {
    const seller = newSeller(workers, { runsScripts: true });
    await seller.post('/cookie-consent', { choice: 'accept', returnTo: '/reviews' });
    // Within the limit, the same beacon is a page view: the refusal below is the size's.
    expect((await postFromPage(seller, '/api/page-view', bigForm({ path: '/how-it-works' }, 60 * KB))).status).toBe(204);
    await expect.poll(() => pageViews('/how-it-works')).toBe(1);

    const tooBig = await postFromPage(seller, '/api/page-view', bigForm({ path: '/about' }, 5 * 1024 * KB));
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toContain('text/html');
    expect(tooBig.headers.get('content-security-policy')).toContain('nonce-');
    const page = await tooBig.text();
    expect(page).toContain('Sorry, that was too much to send');
    expect(page).toContain('nothing was changed');
    expect(page).not.toMatch(STACK_TRACE);

    // A page's own form too: the mileage step, as a browser without scripts posts it.
    const form = await postFromPage(seller, '/mileage', bigForm({ intent: 'confirm', mileage: '65000' }, 70 * KB));
    expect(form.status).toBe(413);
    expect(await form.text()).toContain('Sorry, that was too much to send');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await pageViews('/about')).toBe(0);
  });

  it('stops reading a body without a length once it passes the limit', async () => {
    const seller = newSeller(workers, { runsScripts: true });
    await seller.post('/cookie-consent', { choice: 'accept', returnTo: '/reviews' });
    const { counter, body } = chunkedBody(1000, 16 * KB);
    expect([413, 'reset']).toContain(await statusOrReset(postFromPage(seller, '/api/page-view', body)));
    // 16 MB offered; the app stopped asking after the limit (and what the runtime buffers ahead).
    expect(counter.pulled).toBeLessThan(200);
    expect(await pageViews('/about')).toBe(0);
  });

  it('keeps the uploads’ own, larger limit: a file over 10 MB is the platform’s message by the upload, not the plain page', async () => {
    const seller = newSeller(workers);
    const form = new FormData();
    form.set('intent', 'upload');
    form.set('kind', 'v5c');
    form.set('file', new File([new Uint8Array(11 * 1024 * KB)], 'v5c.pdf', { type: 'application/pdf' }));
    const answer = await seller.get('/KE19FTA/upload-documents', {
      method: 'POST',
      body: form,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    // Not a seller with a sale here: the step sends them on. What matters is that the body was let through.
    expect(answer.status).not.toBe(413);
    expect(answer.status).toBeLessThan(500);
  });

  it('has the platform refuse a JSON body over 64 KB with 413 before it is parsed, declared or chunked', async () => {
    const big = JSON.stringify({ token: 'a-token', padding: 'x'.repeat(70 * KB) });
    const declared = await workers.platform('/platform/api/authn/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ code: 'payload_too_large', message: 'The request body is too large' });

    const { counter, body } = chunkedBody(1000, 16 * KB);
    const chunked = workers.platform('/platform/api/authn/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect([413, 'reset']).toContain(await statusOrReset(chunked));
    expect(counter.pulled).toBeLessThan(200);

    // Small, the same endpoint reads it (and says what is wrong with it).
    const small = await workers.platform('/platform/api/authn/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token":"not-a-token"}',
    });
    expect([400, 410]).toContain(small.status);
  });
});

describe('silent reports', () => {
  const report = (
    browser: Browser,
    referer: string | null,
    form: Record<string, string> = { kind: 'chunk_load_failed', reason: 'error' },
  ) => postFromPage(browser, '/api/client-report', new URLSearchParams(form).toString(), referer === null ? {} : { referer });
  const lines = () => workers.logged('report.chunk_load_failed');

  it('takes the path only from a Referer of our own origin, and none from one that is not a URL', async () => {
    const seller = newSeller(workers);
    const before = lines().length;
    expect((await report(seller, 'http://localhost/reviews?email=someone%40example.co.uk')).status).toBe(204);
    for (const referer of ['not a url', 'http://[::1', '%%%', 'https://evil.example/admin/breach', 'javascript:alert(1)'])
      expect((await report(seller, referer)).status, referer).toBe(204);
    expect((await report(seller, null)).status).toBe(204);
    await expect.poll(() => lines().length).toBe(before + 7);
    const logged = lines().slice(before);
    expect(logged.map((line) => line.path)).toEqual(['/reviews', null, null, null, null, null, null]);
    // A browser's word never raises the error level: anyone can post it.
    expect(logged.every((line) => line.level === 'warn')).toBe(true);
  });

  it('limits one address to 20 reports a minute and logs nothing past it', async () => {
    const seller = newSeller(workers);
    const before = lines().length;
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await report(seller, 'http://localhost/about')).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    await expect.poll(() => lines().length).toBe(before + 20);
    // Another address is not held up by it, and the first is let through again a minute on.
    expect((await report(newSeller(workers), 'http://localhost/about')).status).toBe(204);
    await workers.clock.advance(61_000);
    expect((await report(seller, 'http://localhost/about')).status).toBe(204);
  });
});

describe('malformed headers', () => {
  const HEADERS: Record<string, string>[] = [
    { referer: 'not a url' },
    { referer: 'http://[::1' },
    { origin: 'null' },
    { origin: 'not a url' },
    { origin: 'http://[::1' },
    { origin: '' },
    { origin: 'http://localhost', 'x-forwarded-host': 'evil.example' },
    { 'sec-fetch-site': 'sideways' },
    { cookie: 'kerbside_session=%E0%A4%A' },
    { cookie: 'kerbside_session=not-sealed-at-all; ks_flags=%7B%22x' },
    { cookie: '=;;=; ; ks_js=%; ks_consent=%zz' },
    { cookie: `kerbside_session=${'A'.repeat(6000)}` },
    { 'content-type': 'multipart/form-data' },
    { 'content-type': 'multipart/form-data; boundary=' },
    { 'content-type': ';;;' },
    { 'content-type': 'application/x-www-form-urlencoded; charset=no-such-charset' },
    { 'accept-encoding': 'gzip;q=abc, ,,br;q=' },
    { 'accept-language': ';;;q=,' },
    { 'user-agent': 'x'.repeat(8000) },
    { 'if-none-match': '"' },
    { range: 'bytes=abc' },
  ];
  const PATHS = [
    '/',
    '/reviews',
    '/KE19FTA',
    '/sign-in',
    '/api/client-report',
    '/api/page-view',
    '/cookie-consent',
    '/mileage',
    '/no-such-page',
  ];

  it('never answers 500 or shows a stack trace, whatever the headers', async () => {
    const failures: string[] = [];
    for (const headers of HEADERS) {
      for (const path of PATHS) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await workers.fetch(path, {
            method,
            // A form unless the case is about its type, so a post reaches the action behind the door.
            headers: {
              'cf-connecting-ip': '198.51.100.20',
              'sec-fetch-site': 'same-origin',
              ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
              ...headers,
            },
            ...(method === 'POST' ? { body: 'kind=cookies_disabled&path=%2F&intent=confirm&mileage=1' } : {}),
          });
          const body = await response.text();
          if (response.status >= 500 || STACK_TRACE.test(body))
            failures.push(`${method} ${path} ${JSON.stringify(headers)}: ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a platform path that is not valid percent-encoding with 404, not 500', async () => {
    const response = await workers.platform('/platform/s/%E0%A4%A');
    expect(response.status).toBe(404);
  });
});

describe('files under /build/', () => {
  it('are cached for a year when they exist, and a missing one is answered no-store, never immutable', async () => {
    const built = readdirSync(path.resolve(import.meta.dirname, '../public/build')).find((name) => /^entry\.client-.*\.js$/.test(name))!;
    const present = await workers.fetch(`/build/${built}`);
    expect(present.status).toBe(200);
    expect(present.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await present.body?.cancel();

    // A deploy still propagating: the page names a chunk the assets do not have yet.
    for (const missing of ['/build/entry.client-NOTYET00.js', '/build/_assets/nope-ABCDEF12.css', '/build/', '/favicon.png']) {
      const response = await workers.fetch(missing);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get('cache-control'), missing).toBe('no-store');
      expect(await response.text()).toBe('Not Found');
    }
    // Pages still reach the worker.
    expect((await workers.fetch('/reviews')).status).toBe(200);
  });
});

describe('absolute links', () => {
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

  it('are built on the configured origin, whatever Host the request names', async () => {
    const index = await (await workers.mf.dispatchFetch('http://evil.example/guides', { headers: { host: 'evil.example' } })).text();
    expect(canonicalOf(index)).toBe(`${PUBLIC_ORIGIN}/guides`);
    const slug = /href="\/guides\/([a-z0-9-]+)"/.exec(index)![1]!;
    for (const url of [`http://evil.example/guides/${slug}`, `http://localhost/sell-my-car/guides/${slug}`]) {
      const page = await (await workers.mf.dispatchFetch(url, { headers: { host: new URL(url).host } })).text();
      expect(canonicalOf(page), url).toBe(`${PUBLIC_ORIGIN}/guides/${slug}`);
    }
    const sitemap = await (await workers.mf.dispatchFetch('http://evil.example/sitemap.xml', { headers: { host: 'evil.example' } })).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations.length).toBeGreaterThan(5);
    expect(locations.filter((location) => !location.startsWith(`${PUBLIC_ORIGIN}/`))).toEqual([]);
    const robots = await (await workers.mf.dispatchFetch('http://evil.example/robots.txt', { headers: { host: 'evil.example' } })).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);
    expect(`${index}${sitemap}${robots}`).not.toContain('evil.example');
  });
});
