#!/usr/bin/env node
// The app's build, the one every caller runs (`npm run build:app`, `npm start`, `npm test`):
// the document's inline stylesheet and head script minified from their sources (build-inline.mjs;
// the content step made them already, but the build never inlines an older copy), Remix's classic
// compiler, then the browser files' licence notices linked beside them (link-licences.mjs). A step
// added here reaches all three.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { writeInline } from './build-inline.mjs';
import { linkAllLicences } from './link-licences.mjs';

const root = path.resolve(import.meta.dirname, '..');
await writeInline();
const remix = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'build'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
if (remix.status !== 0) process.exit(remix.status ?? 1);
console.log(`licence notices linked: ${(linkAllLicences() / 1024).toFixed(1)} KB moved beside the scripts`);
