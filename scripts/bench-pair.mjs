#!/usr/bin/env node
// Paired server-CPU comparison of two builds (docs/performance.md, "Paired comparison"): on a machine
// others use, one `npm run bench` differs from the next by more than most changes, so a change is
// judged against the build before it, side by side.
//
//   node scripts/bench-pair.mjs <other checkout> [pages, default /,/sell-my-car,/KE19FTA]
//
// Both checkouts need `npm run build` first. A is the other checkout, B this one. Each runs as
// `npm start` does (fresh state, its own port and inspector: BENCH_PORT, default 8799, and the five
// after it); requests alternate between them one at a time (A B B A …) with both isolates profiled as
// `npm run bench` profiles one, so a busy moment falls on both. Prints, per page, each build's
// sampled CPU per request and the ratio B / A of the means and medians. BENCH_ROUNDS (4) rounds of
// BENCH_REQUESTS (100) requests per build and page, after 50 to warm up.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { connectProfiler, cpuPerWindow } from './lib/isolate-profiler.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [other, pagesArg = '/,/sell-my-car,/KE19FTA'] = process.argv.slice(2);
if (!other) {
  console.error('usage: node scripts/bench-pair.mjs <other checkout> [pages]');
  process.exit(2);
}
const port = Number(process.env.BENCH_PORT ?? 8799);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const perRound = Number(process.env.BENCH_REQUESTS ?? 100);
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

const children = [];
const stop = () => {
  for (const child of children)
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
};
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

/** One build, started as the bench starts it, with a connection to its app isolate's profiler. */
async function start(label, checkout, appPort) {
  const inspectorPort = appPort + 2;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: path.resolve(checkout),
    env: {
      ...process.env,
      PORT: String(appPort),
      KERBSIDE_SKIP_BUILD: '1',
      KERBSIDE_FRESH_STATE: '1',
      KERBSIDE_QUIET: '1',
      KERBSIDE_INSPECTOR_PORT: String(inspectorPort),
      KERBSIDE_STATE_DIR: path.join(os.tmpdir(), `kerbside-bench-pair-state-${appPort}`),
    },
    stdio: ['ignore', 'ignore', openSync(path.join(os.tmpdir(), `kerbside-bench-pair-${appPort}.log`), 'w')],
    detached: true,
  });
  children.push(child);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${appPort}/healthz`)).ok) break;
    } catch {}
    if (i > 240) throw new Error(`${label} (${checkout}) did not start: see ${os.tmpdir()}/kerbside-bench-pair-${appPort}.log`);
    await sleep(500);
  }
  return { label, checkout, appPort, profiler: await connectProfiler(inspectorPort) };
}

function get(appPort, pathname) {
  return new Promise((resolve, reject) => {
    const headers = { 'user-agent': UA, 'accept-encoding': 'gzip, deflate, br', cookie: 'ks_js=1', 'cf-connecting-ip': '10.77.0.1' };
    http
      .get(`http://127.0.0.1:${appPort}${pathname}`, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
}

async function round(builds, pathname) {
  const windows = new Map(builds.map((b) => [b.label, []]));
  for (const build of builds) await build.profiler.start();
  for (let i = 0; i < perRound; i++) {
    for (const build of i % 2 ? [...builds].reverse() : builds) {
      const started = Number(process.hrtime.bigint() / 1000n);
      const status = await get(build.appPort, pathname);
      if (status !== 200) throw new Error(`${build.label}: ${pathname} answered ${status}`);
      windows.get(build.label).push([started, Number(process.hrtime.bigint() / 1000n)]);
      await sleep(3);
    }
  }
  const out = {};
  for (const build of builds) {
    out[build.label] = cpuPerWindow(await build.profiler.stop(), windows.get(build.label));
  }
  return out;
}

const a = await start('A', other, port);
const b = await start('B', root, port + 3);
console.log(`A: ${path.resolve(other)}\nB: ${root}\nload average ${os.loadavg().map((x) => x.toFixed(1))}`);
const rows = [];
for (const pathname of pagesArg.split(',')) {
  for (const build of [a, b]) for (let i = 0; i < 50; i++) await get(build.appPort, pathname);
  const samples = { A: [], B: [] };
  for (let r = 0; r < rounds; r++) {
    const got = await round([a, b], pathname);
    samples.A.push(...got.A);
    samples.B.push(...got.B);
  }
  const ms = (x) => `${x.toFixed(2)} ms`;
  rows.push({
    page: pathname,
    requests: samples.A.length,
    'A mean': ms(mean(samples.A)),
    'B mean': ms(mean(samples.B)),
    'A p50': ms(quantile(samples.A, 0.5)),
    'B p50': ms(quantile(samples.B, 0.5)),
    'B / A mean': (mean(samples.B) / mean(samples.A)).toFixed(3),
    'B / A p50': (quantile(samples.B, 0.5) / quantile(samples.A, 0.5)).toFixed(3),
  });
}
console.log('\nSampled SSR CPU per request, interleaved (B / A below 1: B spends less)');
console.table(rows);
for (const build of [a, b]) build.profiler.close();
stop();
process.exit(0);
