import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, submitMileage, test } from './support';

/**
 * The vehicle page's streaming, seen by real Chromium over gzip (ADR 011): with the MOT provider
 * slowed to 2.5 s, the vehicle header is painted at least a second before the MOT section (the margin
 * keeps the check true on a busy machine, where a paint can wait its turn), on a
 * document load and on a client-side navigation. This file runs its own server (the one every
 * other journey uses answers the MOT provider in 250 ms), on E2E_SLOW_PORT.
 */
const MOT_LATENCY_MS = 2500;
const port = process.env.E2E_SLOW_PORT ?? String(Number(process.env.E2E_PORT ?? '8788') + 2);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;

// One worker runs the whole file: its beforeAll starts a server of its own on a fixed port.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: port,
      KERBSIDE_SKIP_BUILD: '1',
      KERBSIDE_FRESH_STATE: '1',
      KERBSIDE_QUIET: '1',
      KERBSIDE_STATE_DIR: path.join(os.tmpdir(), 'kerbside-e2e-streaming-state'),
      KERBSIDE_PLATFORM_VARS: JSON.stringify({ PROVIDER_LATENCY_MS: String(MOT_LATENCY_MS) }),
    },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 180; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the slow-MOT server did not start on ${base}`);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

/** Records, per frame, when the vehicle header and the MOT section first exist on /KE19FTA. */
async function watchPaints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __paints: Record<string, number> };
    w.__paints = {};
    const frame = () => {
      if (location.pathname === '/KE19FTA') {
        if (!w.__paints.header && document.getElementById('vehicle-title')) w.__paints.header = performance.now();
        if (!w.__paints.mot && document.querySelector('[data-testid="mot-summary"]')) w.__paints.mot = performance.now();
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const paints = (page: Page) => page.evaluate(() => (window as unknown as { __paints: Record<string, number> }).__paints);

test('a document load paints the vehicle header at least a second before the MOT history', async ({ page }) => {
  await watchPaints(page);
  // The first page sets the "runs scripts" hint; documents after it are streamed.
  await page.goto(`${base}/`);
  await page.goto(`${base}/KE19FTA`);
  await expect(page.getByTestId('mot-summary')).toBeVisible({ timeout: 15_000 });
  const { header, mot } = await paints(page);
  expect(header, 'the header was painted').toBeGreaterThan(0);
  expect(mot! - header!).toBeGreaterThanOrEqual(1000);
});

test('a client-side navigation paints the vehicle header at least a second before the MOT history', async ({ page }) => {
  await watchPaints(page);
  await page.goto(`${base}/`);
  await page.getByLabel('Enter your reg').fill('KE19FTA');
  await page.getByRole('button', { name: /Value my car|Check again/ }).click();
  await expect(page).toHaveURL(/\/mileage/);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await submitMileage(page, '64000');
  await expect(page.getByTestId('mot-summary')).toBeVisible({ timeout: 15_000 });
  // Still the same document: the vehicle page came by a data request, not a page load.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  const { header, mot } = await paints(page);
  expect(header, 'the header was painted').toBeGreaterThan(0);
  expect(mot! - header!).toBeGreaterThanOrEqual(1000);
});
