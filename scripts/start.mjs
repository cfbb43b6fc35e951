#!/usr/bin/env node
// `npm start`: build the app, prepare the platform's local database (migrations, then the seeded
// register: INSERT OR IGNORE, so data users created survives), and run both workers with wrangler
// on http://localhost:8787. State persists in KERBSIDE_STATE_DIR (default .wrangler/state).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';

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
}
run('generated the seed', process.execPath, ['platform/seed/generate.mjs']);
const d1 = ['--local', '--persist-to', stateDir, '-c', 'platform/wrangler.toml'];
run('applied the platform migrations', wrangler, ['d1', 'migrations', 'apply', 'DB', ...d1]);
run('seeded the vehicle register', wrangler, ['d1', 'execute', 'DB', ...d1, '--file', 'platform/seed/out/register.sql']);
run('seeded the sandbox enquiries', wrangler, ['d1', 'execute', 'DB', ...d1, '--file', 'platform/seed/sandbox-enquiries.sql']);

console.log(`Starting Kerbside on http://localhost:${port} (state: ${path.relative(root, stateDir) || '.'})`);
const dev = spawn(
  wrangler,
  ['dev', '-c', 'wrangler.toml', '-c', 'platform/wrangler.toml', '--persist-to', stateDir, '--port', port, '--ip', '127.0.0.1', '--show-interactive-dev-session=false'],
  { cwd: root, env: { ...env, NODE_ENV: 'production' }, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => process.exit(code ?? 0));
