#!/usr/bin/env node
// `npm start`: build the app, prepare the platform's local database (migrations, then the seeded
// register: INSERT OR IGNORE, so data users created survives), and run both workers in workerd
// (Miniflare, configured from the two wrangler.toml files) on http://localhost:8787. State persists
// in KERBSIDE_STATE_DIR (default .wrangler/state).
//
// Not `wrangler dev`: its proxy runs every HTML response through an HTMLRewriter (for live reload),
// which decodes the page and re-encodes it with workerd's gzip encoder, and that encoder holds the
// bytes until the body ends: a streamed page arrived all at once (ADR 011). Miniflare here is the
// same runtime and the same bindings, without that proxy.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const root = path.resolve(import.meta.dirname, '..');
const stateDir = path.resolve(root, process.env.KERBSIDE_STATE_DIR ?? '.wrangler/state');
const port = process.env.PORT ?? '8787';
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');
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
  run('built the app', process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'build']);
  run('built the platform', process.execPath, [path.join(root, 'platform/scripts/build.mjs')]);
}
run('generated the seed', process.execPath, ['platform/seed/generate.mjs']);
const d1 = ['--local', '--persist-to', stateDir, '-c', 'platform/wrangler.toml'];
run('applied the platform migrations', wrangler, ['d1', 'migrations', 'apply', 'DB', ...d1]);
run('seeded the vehicle register', wrangler, ['d1', 'execute', 'DB', ...d1, '--file', 'platform/seed/out/register.sql']);
run('seeded the sandbox enquiries', wrangler, ['d1', 'execute', 'DB', ...d1, '--file', 'platform/seed/sandbox-enquiries.sql']);

if (!existsSync(path.join(root, 'platform/dist/index.js'))) run('built the platform', process.execPath, [path.join(root, 'platform/scripts/build.mjs')]);

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

/** One worker's Miniflare options from its wrangler.toml, the built script as its module. */
function workerFrom(config, script, extraVars) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, config));
  const name = config === 'wrangler.toml' ? 'kerbside' : 'kerbside-platform';
  return {
    ...workerOptions,
    name,
    modulesRoot: root,
    modules: [{ type: 'ESModule', path: path.join(root, script) }],
    bindings: { ...workerOptions.bindings, ...devVars(path.dirname(config)), ...extraVars },
  };
}

// Tests and the benchmark change a platform setting for one run (e.g. a slower MOT provider).
const platformVars = process.env.KERBSIDE_PLATFORM_VARS ? JSON.parse(process.env.KERBSIDE_PLATFORM_VARS) : {};

console.log(`Starting Kerbside on http://localhost:${port} (state: ${path.relative(root, stateDir) || '.'})`);
const mf = new Miniflare({
  host: '127.0.0.1',
  port: Number(port),
  defaultPersistRoot: path.join(stateDir, 'v3'),
  unsafeTriggerHandlers: true,
  // No network here: the request.cf blob is Miniflare's built-in one.
  cf: false,
  // `npm run bench` profiles the app worker's CPU time per request through V8's inspector.
  ...(process.env.KERBSIDE_INSPECTOR_PORT ? { inspectorPort: Number(process.env.KERBSIDE_INSPECTOR_PORT) } : {}),
  log: new Log(process.env.KERBSIDE_QUIET === '1' ? LogLevel.WARN : LogLevel.INFO),
  workers: [
    workerFrom('wrangler.toml', 'build/index.js', {}),
    workerFrom('platform/wrangler.toml', 'platform/dist/index.js', platformVars),
  ],
});
await mf.ready;
let stopping = false;
process.on('exit', (code) => console.error(`Kerbside stopped (exit code ${code}).`));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.error(`Stopping Kerbside (${signal}).`);
    await mf.dispose().catch(() => {});
    process.exit(0);
  });
}
