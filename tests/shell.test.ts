import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, parseSetCookie, textOf } from './support/browser';
import { sessionData, writeSession } from './support/sellers';
import { DEV_SECRET, startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers();
});
afterAll(() => workers?.dispose());

describe('the document shell', () => {
  it('serves the home page in British English with the title unsuffixed and no cookie for a visitor', async () => {
    const response = await new Browser(workers.fetch).get('/');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-GB">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<title>Sell your car the Kerbside way</title>');
    expect(textOf(html)).toContain('The way to sell your car');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('sends the security headers, with a CSP nonce that the inline scripts carry', async () => {
    const response = await new Browser(workers.fetch).get('/');
    const html = await response.text();
    const csp = response.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('fits the first page in about 14 KB compressed, styles inline, no render-blocking stylesheet', async () => {
    const html = await (await new Browser(workers.fetch).get('/')).text();
    const compressed = await new Response(new Blob([html]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
    expect(compressed.byteLength).toBeLessThan(14 * 1024);
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  });

  it('answers an unknown path with the 404 page', async () => {
    const response = await new Browser(workers.fetch).get('/no/such/page');
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain('<title>Page not found | Kerbside</title>');
    expect(textOf(html)).toContain('Page not found');
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Drive me home<\/a>/);
  });

  it('serves built assets as immutable, and no route chunk through a redirect', async () => {
    const html = await (await new Browser(workers.fetch).get('/KE19FTA')).text();
    const manifestPath = /\/build\/manifest-[A-Za-z0-9]+\.js/.exec(html)?.[0];
    expect(manifestPath).toBeTruthy();
    const manifestSource = await (await workers.fetch(manifestPath!)).text();
    const modules = [...new Set([...manifestSource.matchAll(/"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!))];
    expect(modules.some((m) => m.includes('vehicle'))).toBe(true);
    for (const module of modules) {
      const response = await workers.fetch(module);
      expect(response.status, module).toBe(200);
      expect(response.headers.get('cache-control'), module).toBe('public, max-age=31536000, immutable');
      await response.arrayBuffer();
    }
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, Secure and SameSite=Lax, and well under 4 KB', async () => {
    const browser = new Browser(workers.fetch);
    const response = await browser.post('/?index', { vrm: 'KE19 FTA' });
    const header = response.headers.get('set-cookie')!;
    const cookie = parseSetCookie(header);
    expect(cookie.name).toBe('kerbside_session');
    expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']));
    expect(header.length).toBeLessThan(2048);
    // The page the seller lands on never carries the cookie's value.
    expect(await (await browser.follow(response)).text()).not.toContain(cookie.value);
  });

  it('gives a fresh session for a tampered cookie instead of an error', async () => {
    const browser = new Browser(workers.fetch);
    await browser.post('/?index', { vrm: 'ER19NFD' });
    const value = browser.cookies.get('kerbside_session')!;
    browser.cookies.set('kerbside_session', `x${value.slice(1)}`);
    const tampered = await browser.get('/');
    expect(tampered.status).toBe(200);
    expect(textOf(await tampered.text())).not.toContain('Did we get the reg right?');

    browser.cookies.set('kerbside_session', '%%%not-even-base64');
    expect((await browser.get('/')).status).toBe(200);
  });

  it('is sealed: whoever holds the cookie cannot read the lookup, tokens or contact details in it', async () => {
    const browser = new Browser(workers.fetch);
    await browser.post('/?index', { vrm: 'ER19NFD' });
    const raw = browser.cookies.get('kerbside_session')!;
    expect(raw).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    const decoded = atob(raw.split('.')[2]!.replace(/-/g, '+').replace(/_/g, '/'));
    expect(decoded).not.toMatch(/ER19NFD|requesterId|vehicle_lookup_failed/);
    expect((await sessionData(browser)).lookup.resultError).toEqual({ msg: 'vehicle_lookup_failed', vrm: 'ER19NFD' });
  });

  it('opens a cookie sealed with a previous secret while it is still listed, and starts afresh once it is retired', async () => {
    const old = 'dev-only-previous-session-secret-0123456789';
    const browser = new Browser(workers.fetch);
    await writeSession(
      browser,
      { requesterId: 'kept-across-rotation', lookup: { resultError: { msg: 'vehicle_lookup_failed', vrm: 'ER19NFD' } } },
      old,
    );
    const rotated = await startWorkers({ appVars: { SESSION_SECRETS: `${DEV_SECRET},${old}` } });
    try {
      const page = await new Browser(rotated.fetch).get('/', {
        headers: { cookie: `kerbside_session=${browser.cookies.get('kerbside_session')}` },
      });
      expect(textOf(await page.text())).toContain('Did we get the reg right?');
    } finally {
      await rotated.dispose();
    }
    // The suite's own workers know only the current secret: the old cookie is a fresh session.
    expect(textOf(await (await browser.get('/')).text())).not.toContain('Did we get the reg right?');
  });
});

describe('health', () => {
  it('reports the app and its gateway', async () => {
    const response = await workers.fetch('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', gateway: 'ok' });
  });
});
