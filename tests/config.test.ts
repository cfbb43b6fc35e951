import { afterEach, describe, expect, it } from 'vitest';
import { Browser, textOf } from './support/browser';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers | undefined;
afterEach(async () => {
  await workers?.dispose();
  workers = undefined;
});

describe('configuration', () => {
  it('refuses a development session secret in production with the 500 page, no stack trace', async () => {
    workers = await startWorkers({ appVars: { ENVIRONMENT: 'production' } });
    const response = await new Browser(workers.fetch).get('/');
    const html = await response.text();
    expect(response.status).toBe(500);
    expect(textOf(html)).toContain('Sorry, something went wrong');
    expect(html).toContain('Contact us');
    expect(html).not.toMatch(/ConfigError|at .*\(.*:\d+:\d+\)|dev-only-/);
  });

  it('keeps the typed registration and shows the default panel when the gateway cannot be reached', async () => {
    // Nothing listens on port 9: the connection is refused, as with a platform that is down.
    workers = await startWorkers({ withoutBinding: true, appVars: { GATEWAY_URL: 'http://127.0.0.1:9' } });
    const browser = new Browser(workers.fetch);
    const response = await browser.post('/?index', { vrm: 'ke19 fta' });
    expect(response.headers.get('location')).toBe('/');
    const html = await (await browser.follow(response)).text();
    expect(textOf(html)).toContain('Bad request');
    expect(textOf(html)).toContain('Please refresh the page and try again.');
    expect(html).toContain('value="KE19 FTA"');
  });
});
