import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './scripts/system-tools.mjs';

const port = process.env.E2E_PORT ?? '8788';

/** Debian's Chromium headless shell, else the full browser, or CHROMIUM_PATH (scripts/system-tools.mjs says why). */
const chromium = chromiumPath();

/**
 * A Pixel 7 (its viewport, touch, mobile layout and user agent) drawn at one device pixel per CSS
 * pixel: Chromium rasterises in software here, and the phone's 2.625 would draw ~7 times the pixels
 * for the same layout. Screenshots for people (E2E_SCREENSHOTS=1) keep the phone's density.
 */
const phone = {
  ...devices['Pixel 7'],
  deviceScaleFactor: process.env.E2E_SCREENSHOTS === '1' ? devices['Pixel 7'].deviceScaleFactor : 1,
  reducedMotion: 'reduce' as const,
};
const baseURL = `http://localhost:${port}`;
/**
 * The project without JavaScript has a server of its own: a worker isolate runs one request at a
 * time, so two servers serve the two projects side by side instead of queueing on one app and
 * one platform isolate (ports: E2E_PORT, +1 and +2 for the fault and streaming files, +3, +4 for the fault file without scripts, +5 for the silent reports' file).
 */
const noJsPort = String(Number(port) + 3);
const noJsBaseURL = `http://localhost:${noJsPort}`;

/**
 * Browser journeys on a phone, twice: with JavaScript and without. The server is started the way
 * `npm start` starts it, on a throw-away state folder (wiped first by KERBSIDE_FRESH_STATE).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Two tests at a time, one per core, any two: every test is a seller of its own (an address and
  // a session of its own), so none waits for another, and the long ones do not leave a core idle
  // at the end.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace costs every test (DOM snapshots and screencast frames): only a retry records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        ...(process.env.E2E_EXTRA_ARGS ?? '').split(' ').filter(Boolean),
      ],
    },
  },
  projects: [
    // The route table is the shell's own markup: checked once, without JavaScript.
    { name: 'phone-js', use: { ...phone, javaScriptEnabled: true, baseURL }, testIgnore: '**/route-table.spec.ts' },
    // The enhancements that need JavaScript live in their own files, which this project does not load;
    // streaming is for browsers that run scripts (without them the page is complete: tests/streaming.test.ts);
    // silent reports and client-side navigations are things scripts do (tests/reports-and-views.test.ts has the rest).
    {
      name: 'phone-no-js',
      use: { ...phone, javaScriptEnabled: false, baseURL: noJsBaseURL },
      testIgnore: ['**/with-javascript.spec.ts', '**/streaming.spec.ts', '**/client-reports.spec.ts'],
      // A step that a browser without scripts takes as one plain form post and page is the
      // integration tests' (their client is exactly that); its test here is tagged @scripts and
      // runs with JavaScript only, where the browser does something a plain post does not.
      grepInvert: /@scripts/,
    },
  ],
  webServer: [
    { port, url: baseURL, state: 'kerbside-e2e-state' },
    { port: noJsPort, url: noJsBaseURL, state: 'kerbside-e2e-state-no-js' },
  ].map((server) => ({
    command: 'node scripts/start.mjs',
    url: `${server.url}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: server.port,
      KERBSIDE_STATE_DIR: path.join(os.tmpdir(), server.state),
      KERBSIDE_FRESH_STATE: '1',
      KERBSIDE_SKIP_BUILD: process.env.KERBSIDE_SKIP_BUILD ?? '1',
      // Test-only: each test is a seller with an address of its own (e2e/support.ts), which the
      // front door takes from a header on these servers alone (scripts/lib/front-door.mjs).
      KERBSIDE_TEST_CLIENT_ADDRESSES: '1',
    },
  })),
});
