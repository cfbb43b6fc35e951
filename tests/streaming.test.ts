import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, BROWSER_UA, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  // The MOT provider's delay: long enough that the 300 ms gap below holds even when the shell itself
  // is slow to render with four test files at a time (at 600 ms the gap was once 283 ms).
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '1000' } });
});
afterAll(() => workers?.dispose());

async function readChunks(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: { at: number; text: string }[] = [];
  const started = Date.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push({ at: Date.now() - started, text: decoder.decode(value, { stream: true }) });
  }
  return chunks;
}

const FALLBACK = 'Checking the MOT history…';
const SUMMARY = 'data-testid="mot-summary"';

/** The vehicle (critical data) is in the shell; the MOT history arrives in a later chunk, 300+ ms on. */
function expectHeaderThenMot(chunks: { text: string; at: number }[]) {
  const shell = chunks.findIndex((c) => c.text.includes(FALLBACK));
  const later = chunks.findIndex((c) => c.text.includes(SUMMARY));
  expect(shell).toBeGreaterThanOrEqual(0);
  expect(later).toBeGreaterThan(shell);
  expect(
    chunks
      .slice(0, shell + 1)
      .map((c) => c.text)
      .join(''),
  ).toContain('id="vehicle-title"');
  expect(chunks[later]!.at - chunks[shell]!.at).toBeGreaterThan(300);
}

describe('streaming policy', () => {
  it('streams the vehicle header first and the MOT history later to a browser that runs scripts', async () => {
    const chunks = await readChunks(await new Browser(workers.fetch, { runsScripts: true }).get('/KE19FTA'));
    expectHeaderThenMot(chunks);
  });

  it('sends the complete document to a browser without JavaScript', async () => {
    const response = await new Browser(workers.fetch).get('/KE19FTA');
    const html = await response.text();
    expect(html).toContain(SUMMARY);
    expect(html).not.toContain(FALLBACK);
    expect(textOf(html)).toMatch(/MOT tests? on record/);
  });

  it('sends the complete document to a bot even when it claims to run scripts', async () => {
    const bot = new Browser(workers.fetch, { runsScripts: true, userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    const html = await (await bot.get('/KE19FTA')).text();
    expect(html).toContain(SUMMARY);
    expect(html).not.toContain(FALLBACK);
  });

  it('sends a page with nothing deferred whole, with its length, and a page still rendering as a stream', async () => {
    // A page rendered whole goes out as one buffer (docs/performance.md, "Server time"): the runtime
    // then writes it at once, with a Content-Length, instead of pulling the renderer's stream.
    const browser = new Browser(workers.fetch, { runsScripts: true });
    const home = await browser.get('/');
    const html = await home.text();
    expect(home.headers.get('content-length')).toBe(String(new TextEncoder().encode(html).length));
    expect(html).toContain('</html>');
    const vehicle = await browser.get('/KE19FTA');
    expect(vehicle.headers.get('content-length')).toBeNull();
    expectHeaderThenMot(await readChunks(vehicle));
  });
});

/**
 * A request over real HTTP to Miniflare's server (its dispatchFetch hides the content encoding), the
 * gzip body decoded piece by piece as a browser does, each piece timed from the request.
 */
async function overHttp(pathname: string, runsScripts: boolean) {
  const base = await workers.mf.ready;
  const started = Date.now();
  return new Promise<{ encoding: string | undefined; chunks: { at: number; text: string }[] }>((resolve, reject) => {
    const headers: Record<string, string> = { 'user-agent': BROWSER_UA, 'accept-encoding': 'gzip, deflate, br, zstd' };
    if (runsScripts) headers.cookie = 'ks_js=1';
    http
      .get(new URL(pathname, base), { headers }, (res) => {
        const chunks: { at: number; text: string }[] = [];
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'gzip' ? res.pipe(zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH })) : res;
        body.on('data', (c: Buffer) => chunks.push({ at: Date.now() - started, text: c.toString('utf8') }));
        body.on('end', () => resolve({ encoding, chunks }));
        body.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('streaming with compression, as a browser asks for it (ADR 011)', () => {
  it('sends the gzipped vehicle page in segments: the header first, the MOT history when it is ready', async () => {
    const { encoding, chunks } = await overHttp('/KE19FTA', true);
    expect(encoding).toBe('gzip');
    expectHeaderThenMot(chunks);
  });

  it('streams a client-side navigation (single-fetch data) gzipped too', async () => {
    const { encoding, chunks } = await overHttp('/KE19FTA.data', true);
    expect(encoding).toBe('gzip');
    const vehicle = chunks.findIndex((c) => c.text.includes('Fiesta'));
    // The MOT history arrives as the section's markup (vehicle-views.server.tsx), in a later segment.
    const mot = chunks.findIndex((c) => c.text.includes('mot-summary'));
    expect(vehicle).toBeGreaterThanOrEqual(0);
    expect(mot).toBeGreaterThan(vehicle);
    expect(chunks[mot]!.at - chunks[vehicle]!.at).toBeGreaterThan(300);
  });

  it('still compresses the complete document a browser without JavaScript gets', async () => {
    const { encoding, chunks } = await overHttp('/KE19FTA', false);
    expect(encoding).toBe('gzip');
    const html = chunks.map((c) => c.text).join('');
    expect(html).toContain(SUMMARY);
    expect(html).not.toContain(FALLBACK);
  });
});
