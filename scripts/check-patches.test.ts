import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPatch, checkPatches } from './check-patches.mjs';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'kerbside-check-patches-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PATCH = `diff --git a/node_modules/left-pad/index.js b/node_modules/left-pad/index.js
index 1111111..2222222 100644
--- a/node_modules/left-pad/index.js
+++ b/node_modules/left-pad/index.js
@@ -1,4 +1,5 @@
 'use strict';
-var cache = null;
+// Kept once per process.
+var cache = new Map();
 module.exports = function pad(s) {
 
\\ No newline at end of file
`;

function installed(version: string, code: string) {
  const dir = path.join(scratch, version, 'node_modules/left-pad');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'left-pad', version }));
  writeFileSync(path.join(dir, 'index.js'), code);
  return path.join(scratch, version);
}

describe('the check that the patches are applied', () => {
  it('finds every patch of patches/ in the installed packages', () => {
    const { count, failures } = checkPatches();
    expect(count).toBeGreaterThanOrEqual(5);
    expect(failures).toEqual([]);
  });

  it('passes a file the patch was applied to, wherever its change now sits', () => {
    const base = installed(
      '1.3.0',
      `// a line more at the top\n'use strict';\n// Kept once per process.\nvar cache = new Map();\nmodule.exports = function pad(s) {\n\n  return s;\n};\n`,
    );
    expect(checkPatch('left-pad+1.3.0.patch', PATCH, base)).toEqual([]);
  });

  it('names the file and a line it lacks when the package is as published', () => {
    const base = installed('1.3.1', `'use strict';\nvar cache = null;\nmodule.exports = function pad(s) {\n\n};\n`);
    const problems = checkPatch('left-pad+1.3.0.patch', PATCH, base);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/left-pad is 1\.3\.1, the patch is for 1\.3\.0/);
    expect(problems[1]).toMatch(
      /node_modules\/left-pad\/index\.js lacks 1 of the patch's 1 changes, e.g. the one that adds "\/\/ Kept once per process\."/,
    );
  });

  it('does not take added lines found apart from their context for the patch', () => {
    const base = installed(
      '1.3.2',
      `'use strict';\nvar cache = null;\n// Kept once per process.\nmodule.exports = function pad(s) {\n\n};\nvar cache = new Map();\n`,
    );
    expect(checkPatch('left-pad+1.3.2.patch', PATCH, base)).toHaveLength(1);
  });
});
