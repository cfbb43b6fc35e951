// After `remix build` (scripts/build-app.mjs): each browser file's bundled licence notices move to a file beside it, which
// the script names in a comment, as esbuild's `legalComments: 'linked'` does (the Remix compiler
// keeps them at the end of the file instead). The notices still ship with the code, a link away; a
// phone no longer downloads them with every page: 0.5 KB gzip of the framework's file
// (docs/performance.md). Idempotent: a file already linked has no notices left to move.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MARK = '/*! Bundled license information:';

/** Moves the notices out of one file; returns the bytes moved (0 when it had none). */
export function linkLicences(file) {
  const text = readFileSync(file, 'utf8');
  const at = text.lastIndexOf(MARK);
  if (at < 0) return 0;
  const legal = `${file}.LEGAL.txt`;
  writeFileSync(legal, text.slice(at));
  writeFileSync(file, `${text.slice(0, at)}/*! For license information please see ${path.basename(legal)} */\n`);
  return text.length - at;
}

function* scripts(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* scripts(full);
    else if (name.endsWith('.js')) yield full;
  }
}

/** Every browser file of the build (public/build); returns the bytes moved. */
export function linkAllLicences(dir = path.resolve(import.meta.dirname, '../public/build')) {
  let moved = 0;
  for (const file of scripts(dir)) moved += linkLicences(file);
  return moved;
}
