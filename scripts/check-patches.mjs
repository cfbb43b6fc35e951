#!/usr/bin/env node
// Whether every patch in patches/ is in the installed packages (patches/README.md). patch-package
// applies them on install, but an install that skipped its scripts, a package of another version
// or a second copy of one leaves the code as published, and nothing else would say so: the pages
// would only cost more. For each patch: the package's version is the one the patch was made for,
// and each of its changes reads in the installed file as the patch leaves it. `.ci/run` runs it after `npm ci`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The package and version a patch file is named for (`@scope+name+1.2.3.patch`), and for each file
 * it changes, its hunks as they read once applied (context and added lines, in order).
 * @param {string} fileName
 * @param {string} text
 */
export function parsePatch(fileName, text) {
  const parts = fileName.replace(/\.patch$/, '').split('+');
  const version = parts.pop() ?? '';
  /** @type {Map<string, { lines: string[], added: string[] }[]>} */
  const files = new Map();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const target = /^\+\+\+ b\/(.+)$/.exec(lines[i]);
    if (target) files.set(target[1], []);
    const hunk = /^@@ -\d+(?:,\d+)? \+\d+(?:,(\d+))? @@/.exec(lines[i]);
    if (!hunk || files.size === 0) continue;
    const hunks = [...files.values()].at(-1);
    const after = { lines: /** @type {string[]} */ ([]), added: /** @type {string[]} */ ([]) };
    // The header counts the lines the hunk leaves in the file: that many context and added lines follow.
    for (let left = Number(hunk[1] ?? 1); left > 0 && i + 1 < lines.length;) {
      const line = lines[++i];
      if (line.startsWith('-') || line.startsWith('\\')) continue;
      if (line.startsWith('+')) after.added.push(line.slice(1));
      after.lines.push(line.slice(1));
      left--;
    }
    hunks?.push(after);
  }
  return { packageName: parts.join('/'), version, files };
}

/**
 * What is wrong with one patch in the tree at `base` (nothing when it is all there): each hunk must
 * read in the installed file as the patch leaves it, its added lines among their context.
 * @param {string} fileName
 * @param {string} text
 * @param {string} base
 * @returns {string[]}
 */
export function checkPatch(fileName, text, base = root) {
  const { packageName, version, files } = parsePatch(fileName, text);
  const problems = [];
  let installed;
  try {
    installed = JSON.parse(readFileSync(path.join(base, 'node_modules', packageName, 'package.json'), 'utf8')).version;
  } catch {
    return [`${packageName} is not installed`];
  }
  if (installed !== version)
    problems.push(`${packageName} is ${installed}, the patch is for ${version}: re-make the patch for ${installed} or drop it`);
  if (![...files.values()].some((hunks) => hunks.some((h) => h.added.length > 0)))
    problems.push('the patch adds no line: is it a patch-package diff?');
  for (const [file, hunks] of files) {
    let content;
    try {
      content = `\n${readFileSync(path.join(base, file), 'utf8')}\n`;
    } catch {
      problems.push(`${file} is missing`);
      continue;
    }
    const absent = hunks.filter((hunk) => !content.includes(`\n${hunk.lines.join('\n')}\n`));
    if (absent.length) {
      const example = absent[0].added.find((line) => line.trim()) ?? absent[0].lines.find((line) => line.trim()) ?? '';
      problems.push(
        `${file} lacks ${absent.length} of the patch's ${hunks.length} changes, e.g. the one that adds "${example.trim().slice(0, 100)}"`,
      );
    }
  }
  return problems;
}

/** Every patch of patches/, checked against the tree at `base`: the failures, by patch file. */
export function checkPatches(base = root) {
  const dir = path.join(base, 'patches');
  const patches = readdirSync(dir).filter((name) => name.endsWith('.patch'));
  return {
    count: patches.length,
    failures: patches
      .map((name) => ({ name, problems: checkPatch(name, readFileSync(path.join(dir, name), 'utf8'), base) }))
      .filter((result) => result.problems.length > 0),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { count, failures } = checkPatches();
  if (failures.length === 0) {
    console.log(`✓ all ${count} patches of patches/ are in the installed packages`);
  } else {
    for (const { name, problems } of failures) {
      console.error(`✗ patches/${name} is not applied:`);
      for (const problem of problems) console.error(`    ${problem}`);
    }
    console.error(
      'Apply them with `npx patch-package` (npm install and npm ci run it); a patch that no longer applies is re-made or dropped (patches/README.md).',
    );
    process.exit(1);
  }
}
