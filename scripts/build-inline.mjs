#!/usr/bin/env node
// What every document carries inline, from its sources: the stylesheet (app/styles.css) and the
// head's script (app/features/shell/chunk-watch.inline.ts), each minified by esbuild and written to
// app/generated/inline.json, which the server modules that put them in the page read
// (app/styles.server.ts, app/features/shell/chunk-watch.server.ts). Run with the content
// (build-content.mjs, so the type check and the unit tests find it without a build) and again by
// the app's build (build-app.mjs), which then never inlines an older copy.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const INLINE_FILE = path.join(root, 'app/generated/inline.json');
const STYLES = path.join(root, 'app/styles.css');
const HEAD_SCRIPT = path.join(root, 'app/features/shell/chunk-watch.inline.ts');

/**
 * The browsers the stylesheet is written for (`<dialog>` and `:focus-visible` already need Safari
 * 15.4): esbuild may use what they all read, e.g. `#rrggbbaa` for `rgba()`, and nothing newer.
 */
const CSS_TARGET = ['chrome90', 'edge90', 'firefox90', 'safari15', 'ios15'];

/** The minified stylesheet and head script. */
export async function buildInline() {
  const styles = await esbuild.transform(readFileSync(STYLES, 'utf8'), {
    loader: 'css',
    minify: true,
    target: CSS_TARGET,
    sourcefile: 'app/styles.css',
  });
  // Bundled first (the constants it imports from the app come in, the rest of their modules is left
  // out), then minified for ES5: esbuild cannot lower the `const`s of the modules it imports from.
  const bundled = await esbuild.build({
    entryPoints: [HEAD_SCRIPT],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2015',
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'silent',
  });
  // The script is the one thing that must run in whatever browser loads a page (its source says why).
  const script = await esbuild.transform(bundled.outputFiles[0].text, { loader: 'js', format: 'iife', minify: true, target: 'es5' });
  const warnings = [...styles.warnings, ...bundled.warnings, ...script.warnings];
  if (warnings.length) throw new Error(`inline assets: ${warnings.map((w) => w.text).join('; ')}`);
  return { styles: styles.code.trim(), headScript: script.code.trim() };
}

/**
 * Writes app/generated/inline.json when it would change, through a file beside it, so that the type
 * check and the unit tests (which run beside the build) never read half of it.
 */
export async function writeInline() {
  const inline = await buildInline();
  const json = JSON.stringify(inline);
  mkdirSync(path.dirname(INLINE_FILE), { recursive: true });
  let before = '';
  try {
    before = readFileSync(INLINE_FILE, 'utf8');
  } catch {
    // Not made yet.
  }
  if (before !== json) {
    const next = `${INLINE_FILE}.${process.pid}`;
    writeFileSync(next, json);
    renameSync(next, INLINE_FILE);
  }
  return inline;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { styles, headScript } = await writeInline();
  console.log(`inline: stylesheet ${styles.length} bytes, head script ${headScript.length} bytes → ${path.relative(root, INLINE_FILE)}`);
}
