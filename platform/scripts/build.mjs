// Bundles the platform worker for Miniflare tests and generates the seed SQL.
// (`wrangler dev` bundles platform/src itself; this output is what the integration tests run.)
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';

await build({
  entryPoints: ['platform/src/index.ts'],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  // As wrangler resolves packages for workerd.
  conditions: ['workerd', 'worker', 'browser', 'import'],
  mainFields: ['browser', 'module', 'main'],
  target: 'es2022',
  outfile: 'platform/dist/index.js',
  logLevel: 'warning',
});
execFileSync(process.execPath, ['platform/seed/generate.mjs'], { stdio: 'inherit' });
