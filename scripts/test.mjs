#!/usr/bin/env node
// `npm test`: every layer, in the order a failure is cheapest to find, with the time each took.
//
//   1. the content compiled once, then side by side: the type check, the linter (import rules, ADR
//      015), Prettier's check, the unit tests and the build
//   2. the integration tests (both built workers in Miniflare) on the 28th of this month, 22:30 UTC
//   3. the browser journeys (Playwright, JavaScript on and off) on 31 December, 23:00 UTC
//
// The two test layers run on moved clocks (KERBSIDE_NOW, docs/decisions/013): every product module
// reads the time from its worker's clock (contract/clock-readers.test.ts keeps it so), so the suite
// sees the same days whatever day it runs on, and those two days are the ones that broke it before
// (the end of a month, the end of a year). KERBSIDE_NOW set by the caller wins, for both layers.
//
//   npm test                      the whole suite
//   npm test -- --from=integration   skip the layers before (after a build)
//
// Before the first layer, what the later ones need from the machine (system-tools.mjs): Java for
// the HTML check in the integration layer, Chromium's headless shell for the browser journeys,
// installed when it can be, or the command that does, rather than a failure minutes in.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureTools } from './system-tools.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const from = process.argv.find((a) => a.startsWith('--from='))?.slice(7) ?? 'static';
const ORDER = ['static', 'integration', 'e2e'];
if (!ORDER.includes(from)) {
  console.error(`--from must be one of ${ORDER.join(', ')}`);
  process.exit(2);
}

if (!ensureTools({ java: ORDER.indexOf(from) <= 1, browser: true })) process.exit(1);

const today = new Date();
const pad = (n) => String(n).padStart(2, '0');
const CLOCKS = {
  integration: process.env.KERBSIDE_NOW ?? `${today.getUTCFullYear()}-${pad(today.getUTCMonth() + 1)}-28T22:30:00Z`,
  e2e: process.env.KERBSIDE_NOW ?? `${today.getUTCFullYear()}-12-31T23:00:00Z`,
};

/** Runs a command; resolves with its exit code. Output goes straight through. */
function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${label}: ${error.message}`);
      resolve(1);
    });
  });
}

const times = [];
async function layer(name, steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const codes = await Promise.all(steps.map(([label, command, args, env]) => run(label, command, args, env)));
  const seconds = (Date.now() - started) / 1000;
  times.push([name, seconds]);
  const failed = steps.filter((_, i) => codes[i] !== 0).map(([label]) => label);
  if (failed.length) {
    console.error(`\n✗ ${name}: ${failed.join(', ')} failed (${seconds.toFixed(0)} s)`);
    summary();
    process.exit(1);
  }
  console.log(`✓ ${name} (${seconds.toFixed(0)} s)`);
}

function summary() {
  console.log('\nTime per layer:');
  for (const [name, seconds] of times) console.log(`  ${name.padEnd(48)} ${seconds.toFixed(0).padStart(4)} s`);
  console.log(
    `  ${'total'.padEnd(48)} ${times
      .reduce((sum, [, s]) => sum + s, 0)
      .toFixed(0)
      .padStart(4)} s`,
  );
}

const node = process.execPath;
if (ORDER.indexOf(from) <= 0) {
  await layer('content', [['content', node, ['scripts/build-content.mjs']]]);
  await layer('type check, lint, format, unit tests and build', [
    ['type check', bin('tsc'), ['-p', 'tsconfig.json']],
    ['lint', bin('eslint'), ['.']],
    ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
    ['unit tests', bin('vitest'), ['run', '--project', 'unit']],
    ['build', 'sh', ['-c', `"${node}" scripts/build-app.mjs && "${node}" platform/scripts/build.mjs`]],
  ]);
}
if (ORDER.indexOf(from) <= 1) {
  await layer(`integration tests, clock at ${CLOCKS.integration}`, [
    ['integration tests', bin('vitest'), ['run', '--project', 'integration'], { KERBSIDE_NOW: CLOCKS.integration }],
  ]);
}
await layer(`browser journeys, clock at ${CLOCKS.e2e}`, [['browser journeys', bin('playwright'), ['test'], { KERBSIDE_NOW: CLOCKS.e2e }]]);
summary();
