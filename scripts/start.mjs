#!/usr/bin/env node
// `npm start`: build the app, prepare the platform's local database (migrations, then the seeded
// register: INSERT OR IGNORE, so data users created survives), and run both workers in workerd
// (Miniflare, configured from the development environment of the two wrangler.toml files) on
// http://localhost:8787 (PORT), behind a front door that lets callers reach the app only
// (scripts/lib/front-door.mjs). State persists in KERBSIDE_STATE_DIR (default .wrangler/state).
//
// Not `wrangler dev`: its proxy runs every HTML response through an HTMLRewriter (for live reload),
// which decodes the page and re-encodes it with workerd's gzip encoder, and that encoder holds the
// bytes until the body ends: a streamed page arrived all at once (ADR 011). Miniflare here is the
// same runtime and the same bindings, without that proxy.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { startFrontDoor } from './lib/front-door.mjs';
import { LOCAL_ENVIRONMENT, WORKERS, workerOptions } from './lib/local-workers.mjs';
import { runClock } from '../platform/seed/run-clock.mjs';
import { applyMigrations, execSql, seedSql } from './lib/database.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stateDir = path.resolve(root, process.env.KERBSIDE_STATE_DIR ?? '.wrangler/state');
const port = process.env.PORT ?? '8787';
const env = {
  ...process.env,
  // No network here, and nothing to report: keep wrangler offline and quiet.
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  CI: 'true',
};

function run(label, command, args, extraEnv = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(`${label} failed:\n${result.stdout}\n${result.stderr}\n`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${label} (${Date.now() - started} ms)`);
}

// Tests start from nothing; a person's `npm start` keeps what it had.
if (process.env.KERBSIDE_FRESH_STATE === '1') rmSync(stateDir, { recursive: true, force: true });

if (process.env.KERBSIDE_SKIP_BUILD !== '1' || !existsSync(path.join(root, 'build/index.js'))) {
  run('compiled the content', process.execPath, [path.join(root, 'scripts/build-content.mjs')]);
  run('built the app', process.execPath, [path.join(root, 'scripts/build-app.mjs')]);
  run('built the platform', process.execPath, [path.join(root, 'platform/scripts/build.mjs')]);
}
if (!existsSync(path.join(root, 'platform/dist/index.js')))
  run('built the platform', process.execPath, [path.join(root, 'platform/scripts/build.mjs')]);

// KERBSIDE_NOW=2026-12-31T23:00:00Z runs the product as if then: the seed's month and both clocks.
const clock = runClock();

/** `.dev.vars` beside a wrangler.toml (KEY=value lines), as wrangler dev reads it. */
function devVars(dir) {
  const file = path.join(root, dir, '.dev.vars');
  if (!existsSync(file)) return {};
  const vars = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return vars;
}

/**
 * One worker's Miniflare options from its wrangler.toml's development environment (the top level is
 * production) and `.dev.vars`, on the run's clock.
 */
function workerFrom(worker, extraVars) {
  const vars = { ...devVars(path.dirname(worker.config)), ...extraVars };
  if (clock.offsetMs !== 0) vars.CLOCK_OFFSET_MS = String(clock.offsetMs);
  return workerOptions(worker, { environment: LOCAL_ENVIRONMENT, vars });
}

// The app's own origin is the port this run serves, whatever PORT is (wrangler.toml's is 8787's).
const appVars = { PUBLIC_ORIGIN: `http://localhost:${port}` };

// Tests and the benchmark change a platform setting for one run (e.g. a slower MOT provider).
// The links in sale messages point at this run's address (the first of APP_ORIGINS).
const platformVars = {
  APP_ORIGINS: `http://localhost:${port}`,
  ...(process.env.KERBSIDE_PLATFORM_VARS ? JSON.parse(process.env.KERBSIDE_PLATFORM_VARS) : {}),
};

// The database before the port opens: pending migrations, then the seed for the clock's month
// (INSERT OR IGNORE: what sellers created survives a restart). A platform-only Miniflare on the
// same state folder, so no request can meet a half-seeded register.
{
  const started = Date.now();
  const prepare = new Miniflare({
    defaultPersistRoot: path.join(stateDir, 'v3'),
    cf: false,
    log: new Log(LogLevel.WARN),
    workers: [workerFrom(WORKERS.platform, platformVars)],
  });
  try {
    const db = await prepare.getD1Database('DB', WORKERS.platform.name);
    const applied = await applyMigrations(db);
    await execSql(db, seedSql(clock.asOf));
    console.log(`✓ database ready: ${applied.length} migration(s) applied, register seeded for ${clock.asOf} (${Date.now() - started} ms)`);
  } finally {
    await prepare.dispose();
  }
}

console.log(`Starting Kerbside on http://localhost:${port} (state: ${path.relative(root, stateDir) || '.'})`);
if (clock.offsetMs !== 0) console.log(`The clock starts at ${clock.now.toISOString()} (KERBSIDE_NOW); /dev/clock moves it on`);
const mf = new Miniflare({
  // A loopback port of Miniflare's choosing: callers come in through the front door below.
  host: '127.0.0.1',
  port: 0,
  defaultPersistRoot: path.join(stateDir, 'v3'),
  unsafeTriggerHandlers: true,
  // No network here: the request.cf blob is Miniflare's built-in one.
  cf: false,
  // `npm run bench` profiles the app worker's CPU time per request through V8's inspector.
  ...(process.env.KERBSIDE_INSPECTOR_PORT ? { inspectorPort: Number(process.env.KERBSIDE_INSPECTOR_PORT) } : {}),
  log: new Log(process.env.KERBSIDE_QUIET === '1' ? LogLevel.WARN : LogLevel.INFO),
  workers: [workerFrom(WORKERS.app, appVars), workerFrom(WORKERS.platform, platformVars)],
});
const workersUrl = await mf.ready;
// The browser tests' servers alone (playwright.config.ts) let each test name its own address
// (scripts/lib/front-door.mjs, TEST_CLIENT_ADDRESS_HEADER); a person's `npm start` never does.
const testClientAddresses = process.env.KERBSIDE_TEST_CLIENT_ADDRESSES === '1';
if (testClientAddresses) console.log('Test servers only: the front door takes client addresses from the test header');
const frontDoor = await startFrontDoor({ host: '127.0.0.1', port: Number(port), target: workersUrl, testClientAddresses });
// Miniflare's own "Ready on" line names its loopback port, which only the front door uses.
console.log(`✓ Kerbside is ready on http://localhost:${port}`);
let stopping = false;
process.on('exit', (code) => console.error(`Kerbside stopped (exit code ${code}).`));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.error(`Stopping Kerbside (${signal}).`);
    frontDoor.close();
    frontDoor.closeAllConnections();
    await mf.dispose().catch(() => {});
    process.exit(0);
  });
}
