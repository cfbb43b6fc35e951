import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The browser build replaces every `.server` module a route imports with an empty module
 * (@remix-run/dev's emptyModules plugin, patched: patches/@remix-run+dev+2.17.5.patch). Marked
 * side-effect free, an import whose names the browser's code no longer uses is dropped; before, the
 * empty module stayed in the bundle, and one imported by a particular set of routes became a chunk
 * of its own: one request more on each of those pages.
 */
const require = createRequire(import.meta.url);
const dev = path.dirname(require.resolve('@remix-run/dev/package.json'));
const { emptyModulesPlugin } = require(path.join(dev, 'dist/compiler/plugins/emptyModules.js')) as {
  emptyModulesPlugin: (ctx: { config: { appDirectory: string } }, filter: RegExp) => unknown;
};
// The esbuild the Remix compiler runs, which may not be the project's own.
const esbuild = createRequire(path.join(dev, 'package.json'))('esbuild') as typeof import('esbuild');

const scratch = mkdtempSync(path.join(os.tmpdir(), 'kerbside-empty-modules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the browser build's empty server modules", () => {
  it('leave no code and no chunk of their own behind when their names go unused', async () => {
    const app = path.join(scratch, 'app');
    mkdirSync(app, { recursive: true });
    writeFileSync(path.join(app, 'offers.server.ts'), 'export const offers = () => [];\n');
    // Two routes share the server module, which only their loaders use. The browser build takes a
    // route's browser exports from it, as the Remix compiler's route proxy does, so the loaders are
    // dead code there and the import is all that is left of the module.
    const routes = ['accept-offer', 'confirm-sale'];
    for (const name of routes) {
      writeFileSync(
        path.join(app, `${name}.tsx`),
        `import { offers } from './offers.server';\nexport const loader = () => offers();\nexport const page = '${name}';\n`,
      );
      writeFileSync(path.join(app, `${name}.browser.js`), `export { page } from './${name}.tsx';\n`);
    }
    const result = await esbuild.build({
      entryPoints: routes.map((name) => path.join(app, `${name}.browser.js`)),
      bundle: true,
      splitting: true,
      format: 'esm',
      outdir: path.join(scratch, 'out'),
      write: false,
      plugins: [emptyModulesPlugin({ config: { appDirectory: app } }, /\.server(\.[jt]sx?)?$/) as import('esbuild').Plugin],
    });
    expect(result.outputFiles.map((file) => path.basename(file.path)).sort()).toEqual([
      'accept-offer.browser.js',
      'confirm-sale.browser.js',
    ]);
    for (const file of result.outputFiles) expect(file.text).not.toMatch(/module\.exports|__commonJS|import\s*["{]/);
  });
});
