#!/usr/bin/env node
// `npm run bench`: starts Kerbside the way `npm start` does (fresh state, port 8799) and measures
// what a phone pays per page: HTML and JS bytes (raw and gzip), time to first byte, time to the
// complete document, with and without the "runs scripts" hint. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const port = process.env.BENCH_PORT ?? '8799';
const base = `http://127.0.0.1:${port}`;
const pages = (process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/KE19FTA', '/no/such/page']);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: port, KERBSIDE_SKIP_BUILD: '1', KERBSIDE_FRESH_STATE: '1', KERBSIDE_STATE_DIR: path.join(os.tmpdir(), 'kerbside-bench-state') },
  stdio: 'ignore',
  detached: true,
});
const stop = () => { try { process.kill(-server.pid, 'SIGTERM'); } catch {} };
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try { if ((await fetch(`${base}/healthz`)).ok) return; } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function load(pathname, scripts) {
  const started = performance.now();
  const response = await fetch(base + pathname, { headers: { 'user-agent': UA, 'accept-encoding': 'identity', cookie: scripts ? 'ks_js=1' : '' } });
  const reader = response.body.getReader();
  let firstByte = 0, bytes = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    bytes.push(value);
  }
  const html = Buffer.concat(bytes);
  return { status: response.status, firstByte, complete: performance.now() - started, html };
}

async function scriptBytes(html) {
  const text = html.toString();
  const urls = new Set([...text.matchAll(/(?:href|src)="(\/build\/[^"]+\.js)"/g), ...text.matchAll(/import\s*"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]));
  let raw = 0, gz = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    raw += body.length; gz += gzipSync(body).length;
  }
  return { count: urls.size, raw, gz };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

await waitForServer();
const rows = [];
for (const pathname of pages) {
  await load(pathname, false); // warm up
  for (const scripts of [false, true]) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await load(pathname, scripts));
    const last = samples.at(-1);
    const js = await scriptBytes(last.html);
    rows.push({
      page: pathname, client: scripts ? 'runs JS (streamed)' : 'no JS (complete)', status: last.status,
      'html raw': kb(last.html.length), 'html gzip': kb(gzipSync(last.html).length),
      'js gzip': `${kb(js.gz)} in ${js.count}`, 'ttfb ms': median(samples.map((s) => s.firstByte)).toFixed(0),
      'complete ms': median(samples.map((s) => s.complete)).toFixed(0),
    });
  }
}
console.table(rows);
stop();
process.exit(0);
