import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, FULL_CHROMIUM, HEADLESS_SHELL, missingTools } from './system-tools.mjs';

/* What `npm test` and `.ci/run` check on the machine before the first layer (scripts/system-tools.mjs). */
const script = path.join(import.meta.dirname, 'system-tools.mjs');
// A PATH with Node alone: no Java, no apt-get, as on a machine nobody has set up.
const bare = mkdtempSync(path.join(os.tmpdir(), 'kerbside-bare-path-'));
symlinkSync(process.execPath, path.join(bare, 'node'));
afterAll(() => rmSync(bare, { recursive: true, force: true }));

describe("the machine's tools for the tests", () => {
  it('takes CHROMIUM_PATH, else the headless shell, else the full browser', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium' })).toBe('/opt/chromium');
    expect([HEADLESS_SHELL, FULL_CHROMIUM]).toContain(chromiumPath({}));
  });

  it('names a CHROMIUM_PATH that is not there, which no package mends', () => {
    expect(missingTools({ java: false, env: { CHROMIUM_PATH: '/no/such/chromium' } })).toEqual([
      { why: 'the browser journeys', problem: 'CHROMIUM_PATH is /no/such/chromium, which does not exist' },
    ]);
  });

  it('prints the one command that installs what is missing when it cannot install it, and fails', () => {
    const run = spawnSync(process.execPath, [script], { env: { PATH: bare }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('default-jre-headless for the HTML check');
    expect(run.stderr).toMatch(/sudo apt-get update && sudo apt-get install -y (chromium-headless-shell )?default-jre-headless/);
  });
});
