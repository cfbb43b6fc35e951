#!/usr/bin/env node
// What the tests need from the machine besides npm's packages: Chromium's headless shell for the
// browser journeys and Java for the Nu HTML Checker (npm's vnu-jar is only the jar). `npm test`
// (scripts/test.mjs) checks for them before its first layer, and `.ci/run` runs this file before
// `npm ci` (vnu-jar's install then finds Java and does not try to download one). Run as root with
// apt-get, it installs what is missing; anywhere else it prints the command that does. Node's own
// modules only: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`: the same Chromium, built
 * without the browser's own windows), as Playwright runs headless Chromium by default. The full
 * browser in headless mode still runs its window, tab strip and toolbar for every context, which
 * cost more CPU than the pages themselves (the browser layer: about 500 of Chromium's CPU seconds
 * against 275). Without the shell, the full browser; CHROMIUM_PATH picks another.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The Chromium the browser journeys launch (playwright.config.ts). */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}

/**
 * What the machine lacks for the layers that will run: each a Debian package and what needs it.
 * `slower` is a lack the tests survive (the full browser instead of the shell); `problem` one no
 * package mends.
 * @param {{ browser?: boolean, java?: boolean, env?: NodeJS.ProcessEnv }} [needs]
 * @returns {{ pkg?: string, why: string, slower?: boolean, problem?: string }[]}
 */
export function missingTools({ browser = true, java = true, env = process.env } = {}) {
  const missing = [];
  if (browser && env.CHROMIUM_PATH && !existsSync(env.CHROMIUM_PATH))
    missing.push({ why: 'the browser journeys', problem: `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist` });
  else if (browser && !env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL))
    missing.push({
      pkg: 'chromium-headless-shell',
      why: "the browser journeys (Chromium's headless shell)",
      slower: existsSync(FULL_CHROMIUM),
    });
  if (java && spawnSync('java', ['-version'], { stdio: 'ignore' }).error)
    missing.push({ pkg: 'default-jre-headless', why: 'the HTML check (the Nu HTML Checker is a Java program)' });
  return missing;
}

const canInstall = () => process.getuid?.() === 0 && !spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error;

/**
 * Installs what the tests lack when it can, or says how; false when the tests cannot run.
 * @param {{ browser?: boolean, java?: boolean }} [needs]
 */
export function ensureTools(needs = {}) {
  let missing = missingTools(needs);
  const problems = missing.filter((m) => m.problem);
  for (const { problem, why } of problems) console.error(`✗ ${problem} (for ${why})`);
  if (problems.length) return false;
  const packages = missing.map((m) => m.pkg);
  if (packages.length === 0) return true;
  if (canInstall()) {
    console.log(`Installing ${packages.join(' and ')}, which the tests need…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', ...packages],
    ]) {
      const apt = spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
      if (apt.status !== 0) {
        console.error(`✗ apt-get ${args[0]} failed`);
        return false;
      }
    }
    missing = missingTools(needs);
    if (missing.length === 0) return true;
  }
  const command = `sudo apt-get update && sudo apt-get install -y ${missing.map((m) => m.pkg).join(' ')}`;
  if (missing.every((m) => m.slower)) {
    console.warn(
      `Chromium's headless shell is missing: the browser journeys run in the full browser, at about twice the CPU. To install it:\n  ${command}`,
    );
    return true;
  }
  console.error(`✗ The tests need ${missing.map((m) => `${m.pkg} for ${m.why}`).join(', and ')}. Install with:\n  ${command}`);
  return false;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!ensureTools()) process.exit(1);
  console.log('✓ Chromium and Java, for the browser journeys and the HTML check');
}
