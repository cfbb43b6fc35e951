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
 * The wrangler environment local runs use. The top level of both wrangler.toml files is production
 * (what a plain `wrangler deploy` ships), so `npm start` and the tests name this one explicitly.
 */
export const LOCAL_ENVIRONMENT = 'development';

/**
 * One worker's Miniflare options from its wrangler.toml (one of its `[env.*]`, or the top level
 * without `environment`), with the built script as its module and `vars` over the configured ones.
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
    serviceBindings: localServiceNames(options.serviceBindings ?? {}, environment),
  };
}

/**
 * Locally every worker runs under its top-level name (tests and scripts address them by it), while
 * wrangler names an environment's worker `{name}-{environment}` (so a development deploy never
 * replaces production): a binding to another worker's environment name goes to its local name.
 * @param {Record<string, unknown>} bindings
 * @param {string | undefined} environment
 */
function localServiceNames(bindings, environment) {
  if (!environment) return bindings;
  const local = new Map(Object.values(WORKERS).map((w) => [`${w.name}-${environment}`, w.name]));
  return Object.fromEntries(
    Object.entries(bindings).map(([binding, target]) => {
      const name =
        typeof target === 'object' && target !== null && 'name' in target ? /** @type {{ name: unknown }} */ (target).name : undefined;
      return [binding, typeof name === 'string' && local.has(name) ? { ...target, name: local.get(name) } : target];
    }),
  );
}
