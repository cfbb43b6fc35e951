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
  /**
   * Put the fault worker (support/fault-worker.js) on the app's GATEWAY binding: it forwards to the
   * platform unless a rule set with `faults.inject` fails the call.
   */
  withFaults?: boolean;
  /**
   * The local port (on 127.0.0.1) to serve the app on, for a browser: an e2e file that needs the
   * fault worker runs workers of its own. Without it Miniflare takes any free port, which the
   * integration tests never use (they go through `fetch`).
   */
  port?: number;
}

/** The six ways the platform fails in the fault matrix. */
export const FAULTS = ['unreachable', 'slow', 'server-error', 'malformed', 'unauthorized', 'rate-limited'] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultRule {
  /** The seller's address (the cf-connecting-ip their browser sends). */
  ip: string;
  /** A regular expression over the platform path, e.g. `^/platform/payments/beneficiaries/update$`. */
  path: string;
  method?: 'GET' | 'POST';
  /** One of the six faults, or `refused`: the platform's rules saying no (a 409 with its message). */
  fault: Fault | 'refused';
  /** For `slow`: how long the answer takes (longer than the app's timeout for the path). */
  delayMs?: number;
}

export async function startWorkers(options: WorkerOptions = {}) {
  for (const built of ['build/index.js', 'platform/dist/index.js', 'platform/seed/out/register.sql']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const mf = new Miniflare({
    ...(options.port ? { host: '127.0.0.1', port: options.port } : {}),
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
        serviceBindings: options.withoutBinding ? {} : { GATEWAY: options.withFaults ? 'kerbside-faults' : 'kerbside-platform' },
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
      ...(options.withFaults
        ? [
            {
              name: 'kerbside-faults',
              modules: [{ type: 'ESModule' as const, path: path.join(root, 'tests/support/fault-worker.js') }],
              compatibilityDate: COMPATIBILITY_DATE,
              serviceBindings: { PLATFORM: 'kerbside-platform' },
            },
          ]
        : []),
    ],
  });
  const faultControl = async (init: RequestInit, query = '') => {
    const worker = await mf.getWorker('kerbside-faults');
    const response = (await worker.fetch(`http://faults.internal/__faults${query}`, init as never)) as unknown as Response;
    return (await response.json()) as { rules?: { path: string; fault: Fault; hits: number }[] };
  };
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
    /** Only with `withFaults`: fail chosen platform calls of one seller in a chosen way. */
    faults: {
      inject: (rule: FaultRule) =>
        faultControl({ method: 'POST', body: JSON.stringify(rule), headers: { 'content-type': 'application/json' } }),
      clear: (ip: string) => faultControl({ method: 'DELETE' }, `?ip=${encodeURIComponent(ip)}`),
      /** The rules of one address and how many calls each has failed. */
      rules: async (ip: string) => (await faultControl({ method: 'GET' }, `?ip=${encodeURIComponent(ip)}`)).rules ?? [],
    },
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
