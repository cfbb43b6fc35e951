import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_SECRET_HEADER } from '../contract/gateway';
import { startWorkers, TEST_GATEWAY_SECRET, type Workers } from './support/workers';

/**
 * The platform is reachable only through the app (issue 18): Miniflare's routing header cannot
 * take a caller past the app, and the platform answers nobody but the app, which proves itself with
 * the secret both share (GATEWAY_SECRET).
 */
const root = path.resolve(import.meta.dirname, '..');
const ROUTE_TO_PLATFORM = { 'MF-Route-Override': 'kerbside-platform' };

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers();
});
afterAll(() => workers?.dispose());

const lookupAs = (headers: Record<string, string>, asApp: boolean) =>
  workers.platform('/platform/vehicles/lookup', {
    asApp,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requester-id': 'entry-test', ...headers },
    body: JSON.stringify({ vrm: 'KE19FTA' }),
  });

describe('the platform', () => {
  it('refuses a caller without the shared secret, whatever address and requester it claims', async () => {
    const chosen = { 'x-client-ip': '203.0.113.77', 'x-requester-id': 'someone-else' };
    for (const headers of [
      chosen,
      { ...chosen, [GATEWAY_SECRET_HEADER]: `${TEST_GATEWAY_SECRET}x` },
      { ...chosen, [GATEWAY_SECRET_HEADER]: '' },
    ]) {
      const response = await lookupAs(headers, false);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: 'forbidden', message: 'The platform answers the Kerbside app only' });
    }
    // The outbox of a development platform (every sign-in link) is refused the same way.
    const outbox = await workers.platform('/platform/dev/outbox', { asApp: false });
    expect(outbox.status).toBe(403);
    // The refused lookups were not counted against the address they claimed.
    expect(await workers.db.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE '%203.0.113.77%'").first('n')).toBe(0);
  });

  it('answers the app, which sends the secret', async () => {
    const response = await lookupAs({ 'x-client-ip': '203.0.113.78' }, true);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { code: string }).code).toBe('ok');
    expect(await workers.db.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE '%203.0.113.78%'").first('n')).toBe(1);
  });

  it("cannot be reached past the app with Miniflare's routing header", async () => {
    // The test harness's own entry (dispatchFetch) still honours the header; the platform behind it
    // refuses the request, which carries no secret: no outbox comes back.
    const response = await workers.fetch('/platform/dev/outbox', { headers: ROUTE_TO_PLATFORM });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toMatch(/"messages"|sign-in|signin/i);
  });
});

/** A port nothing listens on yet. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm start (scripts/start.mjs)', () => {
  let child: ChildProcess | undefined;
  let stateDir: string;
  let base: string;
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    stateDir = mkdtempSync(path.join(os.tmpdir(), 'kerbside-entry-'));
    child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        KERBSIDE_STATE_DIR: stateDir,
        KERBSIDE_FRESH_STATE: '1',
        KERBSIDE_SKIP_BUILD: '1',
        KERBSIDE_QUIET: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    // Waits for the process (a real server starting), not for the product's clock.
    const deadline = performance.now() + 100_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`scripts/start.mjs exited (${child.exitCode}):\n${output}`);
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (performance.now() > deadline) throw new Error(`scripts/start.mjs did not answer on ${base}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(stateDir, { recursive: true, force: true });
  }, 30_000);

  it('serves the app', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Kerbside');
  });

  it("sends a request carrying Miniflare's routing header to the app, not the platform", async () => {
    const response = await fetch(`${base}/platform/dev/outbox`, { headers: ROUTE_TO_PLATFORM });
    // The app's own page for an address it does not have: neither the outbox nor the platform's refusal.
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).not.toMatch(/"messages"|"code":"forbidden"/);
  });

  it("ignores Miniflare's other control headers (the URL it would serve instead)", async () => {
    const response = await fetch(`${base}/healthz`, {
      headers: { 'MF-Original-URL': `${base}/platform/dev/outbox`, ...ROUTE_TO_PLATFORM },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', gateway: 'ok' });
  });
});
