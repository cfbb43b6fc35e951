import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Time is an input (docs/decisions/013): the product's code reads "now" from its worker's clock
 * (platform/src/clock.ts, app/lib/clock.server.ts), never from the real clock. This is what makes
 * a run with KERBSIDE_NOW (the 28th of a month, 31 December) stand for a run on that day: a module
 * that read the real clock would live on another date than the rest.
 */
const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['platform/src', 'contract', 'app', 'server.ts'];
/** The clocks themselves, and code that runs only in the browser, whose clock is the seller's. */
const ALLOWED: Record<string, string> = {
  'contract/clock.ts': 'the clock: real time is what it offsets',
  'app/features/shell/root-data.ts': "FALLBACK_ROOT_DATA's year, used when the root loader has failed (the browser's own clock there)",
};
const REAL_CLOCK = /\bDate\.now\b|new Date\(\s*\)|\bperformance\.now\b/;

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((dirent) => {
    const child = path.join(entry, dirent.name);
    if (dirent.isDirectory()) return dirent.name === 'generated' ? [] : files(child);
    return /\.(ts|tsx)$/.test(dirent.name) && !/\.test\.tsx?$/.test(dirent.name) ? [child] : [];
  });
}

/** Lines that read the real clock, comments left out. */
function readers(file: string): string[] {
  const code = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  return code
    .split('\n')
    .map((line, i) => ({ line: line.replace(/\/\/.*$/, ''), n: i + 1 }))
    .filter(({ line }) => REAL_CLOCK.test(line))
    .map(({ line, n }) => `${file}:${n}: ${line.trim()}`);
}

describe('reading the clock', () => {
  it('happens only through the clocks, in every module of the app, the platform and the contract', () => {
    const found = SOURCES.flatMap(files)
      .filter((file) => !(file in ALLOWED))
      .flatMap(readers);
    expect(found).toEqual([]);
  });

  it('finds a real-clock read when there is one (the check itself works)', () => {
    expect(REAL_CLOCK.test('const at = Date.now();')).toBe(true);
    expect(REAL_CLOCK.test('const today = new Date();')).toBe(true);
    expect(REAL_CLOCK.test('new Date(iso)')).toBe(false);
    expect(readers('contract/clock.ts').length).toBeGreaterThan(0);
  });
});
