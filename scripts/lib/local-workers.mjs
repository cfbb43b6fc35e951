// The two workers as Miniflare runs them locally, configured from their wrangler.toml files: one
// description shared by `npm start` (scripts/start.mjs), the integration tests
// (tests/support/workers.ts) and the browser tests, so what the tests run is what a person runs
// and what `wrangler deploy` ships (compatibility date, assets routing, bindings).
import path from 'node:path';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

export const root = path.resolve(import.meta.dirname, '../..');

/** @type {{ app: import('./local-workers.d.mts').WorkerSource, platform: import('./local-workers.d.mts').WorkerSource }} */
export const WORKERS = {
  app: { name: 'kerbside', config: 'wrangler.toml', script: 'build/index.js' },
  platform: { name: 'kerbside-platform', config: 'platform/wrangler.toml', script: 'platform/dist/index.js' },
};

/**
 * One worker's Miniflare options from its wrangler.toml (optionally one of its `[env.*]`), with the
 * built script as its module and `vars` over the configured ones.
 * @param {import('./local-workers.d.mts').WorkerSource} worker
 * @param {{ vars?: Record<string, string>, environment?: string }} [options]
 */
export function workerOptions(worker, { vars = {}, environment } = {}) {
  const { workerOptions: options } = unstable_getMiniflareWorkerOptions(path.join(root, worker.config), environment);
  return {
    ...options,
    name: worker.name,
    modulesRoot: root,
    modules: [{ type: 'ESModule', path: path.join(root, worker.script) }],
    bindings: { ...options.bindings, ...vars },
  };
}
