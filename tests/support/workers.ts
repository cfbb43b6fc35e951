import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare } from 'miniflare';

/**
 * Both built workers in Miniflare, as `wrangler dev` runs them: the app with its assets and a
 * service binding to the platform, the platform with a fresh D1 (migrations + seed) and R2.
 * `npm run build` must have run (npm test does it first).
 */
const root = path.resolve(import.meta.dirname, '../..');
export const DEV_SECRET = 'dev-only-integration-tests-secret-0123456789';
export const COMPATIBILITY_DATE = '2026-04-01';

export interface WorkerOptions {
  appVars?: Record<string, string>;
  platformVars?: Record<string, string>;
  /** Leave out the service binding (the app then uses GATEWAY_URL from appVars). */
  withoutBinding?: boolean;
}

export async function startWorkers(options: WorkerOptions = {}) {
  for (const built of ['build/index.js', 'platform/dist/index.js', 'platform/seed/out/register.sql']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const mf = new Miniflare({
    workers: [
      {
        name: 'kerbside',
        modules: [{ type: 'ESModule', path: path.join(root, 'build/index.js') }],
        compatibilityDate: COMPATIBILITY_DATE,
        bindings: {
          BRAND_NAME: 'Kerbside',
          ENVIRONMENT: 'test',
          SESSION_SECRETS: DEV_SECRET,
          FEATURE_FLAGS: '{}',
          ...options.appVars,
        },
        serviceBindings: options.withoutBinding ? {} : { GATEWAY: 'kerbside-platform' },
        assets: { directory: path.join(root, 'public'), routerConfig: { has_user_worker: true } },
      },
      {
        name: 'kerbside-platform',
        modules: [{ type: 'ESModule', path: path.join(root, 'platform/dist/index.js') }],
        compatibilityDate: COMPATIBILITY_DATE,
        d1Databases: { DB: 'kerbside-platform' },
        r2Buckets: { DOCUMENTS: 'kerbside-documents' },
        bindings: {
          ENVIRONMENT: 'test',
          LOOKUP_RATE_LIMIT: '1000',
          PROVIDER_LATENCY_MS: '400',
          TOKEN_SECRET: 'dev-only-integration-tests-token-secret-0123456789',
          PAYMENTS_KEY: 'dev-only-integration-tests-payments-key-0123456789',
          SALE_START_DELAY_SECONDS: '1',
          SALE_WINDOW_SECONDS: '3',
          ...options.platformVars,
        },
      },
    ],
  });
  await mf.ready;
  const db = await mf.getD1Database('DB', 'kerbside-platform');
  await applySql(db, migrationsSql());
  await applySql(db, seedSql());
  return {
    mf,
    db,
    /** A request to the app, as a browser would send it (no automatic redirects). */
    fetch: (pathname: string, init: RequestInit = {}) =>
      mf.dispatchFetch(`http://localhost${pathname}`, { redirect: 'manual', ...init } as never) as unknown as Promise<Response>,
    platform: async (pathname: string, init: RequestInit = {}) => {
      const worker = await mf.getWorker('kerbside-platform');
      return worker.fetch(`http://platform.internal${pathname}`, init as never) as unknown as Promise<Response>;
    },
    reseed: () => applySql(db, seedSql()),
    // Tearing down can wait on a request the test abandoned (the slow register): give it 20 s,
    // then let the run go on rather than fail a suite whose tests all passed.
    dispose: () =>
      Promise.race([
        mf.dispose(),
        new Promise<void>((resolve) => setTimeout(() => {
          console.warn('Miniflare did not shut down within 20 s; moving on');
          resolve();
        }, 20_000).unref()),
      ]),
  };
}

export type Workers = Awaited<ReturnType<typeof startWorkers>>;

function migrationsSql(): string {
  const dir = path.join(root, 'platform/migrations');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

/** The same seed `npm start` applies: the register, then the sandbox enquiries. */
function seedSql(): string {
  return ['platform/seed/out/register.sql', 'platform/seed/sandbox-enquiries.sql']
    .map((file) => readFileSync(path.join(root, file), 'utf8'))
    .join('\n');
}

/** Splits SQL files into statements (the files keep `;` at line ends and `--` comments on their own). */
export function splitSql(sql: string): string[] {
  return sql
    .split('\n')
    .map((line) => line.replace(/^\s*--.*$/, '').replace(/\s+--\s.*$/, ''))
    .join('\n')
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter(Boolean);
}

async function applySql(db: D1Database, sql: string) {
  const statements = splitSql(sql);
  for (let i = 0; i < statements.length; i += 500) {
    await db.batch(statements.slice(i, i + 500).map((s) => db.prepare(s)));
  }
}
