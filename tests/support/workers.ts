import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Miniflare, type WorkerOptions } from 'miniflare';
import { inject } from 'vitest';
import type { ClockState } from '../../contract/clock';
import { GATEWAY_SECRET_HEADER } from '../../contract/gateway';
import { execSql } from '../../scripts/lib/database.mjs';

/**
 * Both built workers in Miniflare, as `npm start` runs them: options derived from their
 * wrangler.toml files (global-setup.ts, scripts/lib/local-workers.mjs) with the test settings
 * below over them, the app with a service binding to the platform, the platform with a copy of
 * the run's migrated and seeded D1 database and an empty R2. Each test file starts its own pair,
 * so no file sees another's sellers, rate limits or clock. `npm run build` must have run.
 */
const root = path.resolve(import.meta.dirname, '../..');
export const DEV_SECRET = 'dev-only-integration-tests-secret-0123456789';
/** What the app proves itself to the platform with in tests (both workers' GATEWAY_SECRET). */
export const TEST_GATEWAY_SECRET = 'dev-only-integration-tests-gateway-secret-0123456789';

/** The app's settings in tests, over wrangler.toml's. */
export const TEST_APP_VARS: Record<string, string> = {
  BRAND_NAME: 'Kerbside',
  ENVIRONMENT: 'test',
  // The address tests fetch the app at (a file with its own port for a browser gets that port's).
  PUBLIC_ORIGIN: 'http://localhost',
  SESSION_SECRETS: DEV_SECRET,
  GATEWAY_SECRET: TEST_GATEWAY_SECRET,
  FEATURE_FLAGS: '{}',
};

/** The platform's settings in tests, over platform/wrangler.toml's. */
export const TEST_PLATFORM_VARS: Record<string, string> = {
  ENVIRONMENT: 'test',
  LOOKUP_RATE_LIMIT: '1000',
  // The outside providers answer at once unless a test is about their delay (streaming, journey).
  PROVIDER_LATENCY_MS: '0',
  TOKEN_SECRET: 'dev-only-integration-tests-token-secret-0123456789',
  PAYMENTS_KEY: 'dev-only-integration-tests-payments-key-0123456789',
  GATEWAY_SECRET: TEST_GATEWAY_SECRET,
  SALE_START_DELAY_SECONDS: '1',
  SALE_WINDOW_SECONDS: '3',
  // Links in sale messages point at the address tests fetch; a failed send is retried at once.
  APP_ORIGINS: 'http://localhost',
  NOTIFY_RETRY_BASE_SECONDS: '0',
};

/** What global-setup.ts hands every test file. */
export interface ProvidedWorkers {
  app: WorkerOptions & { name: string };
  platform: WorkerOptions & { name: string };
  /** A migrated and seeded D1 persistence folder to copy; `seed.sql` in it is the seed it holds. */
  templateDir: string;
  /** How far the run's clock is from real time (KERBSIDE_NOW), for both workers. */
  clockOffsetMs: number;
  /** When the run's clock started (ISO). */
  now: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    kerbsideWorkers: ProvidedWorkers;
  }
}

export interface WorkerOptionsForTest {
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
  /** The provided options, for a caller outside vitest (e2e: `providedWorkers()`). */
  provided?: ProvidedWorkers;
  /**
   * Keep the platform's D1 in this folder, which the caller owns: the first start copies the seeded
   * database into it, a later start with the same folder carries on from what the last one left (a
   * restart). Dispose leaves it.
   */
  stateDir?: string;
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

/** A line a worker logged, as Workers Logs records it: its console level and the JSON it wrote. */
export interface WorkerLog {
  level: string;
  message: string;
}
/** A structured line: the JSON's own fields, and the console level it was written at. */
export type LoggedEvent = { event: string; level: string } & Record<string, unknown>;

/** Which workers a Browser's fetch belongs to: test helpers reach the outbox from a browser alone. */
export const workersByFetch = new WeakMap<object, Workers>();

export async function startWorkers(options: WorkerOptionsForTest = {}) {
  const provided = options.provided ?? inject('kerbsideWorkers');
  // A worker configured as production runs on real time: it refuses a moved clock.
  const clockVars = (vars?: Record<string, string>) =>
    vars?.ENVIRONMENT === 'production' ? { CLOCK_OFFSET_MS: '0' } : { CLOCK_OFFSET_MS: String(provided.clockOffsetMs) };
  const ownsState = !options.stateDir;
  const stateDir = options.stateDir ?? mkdtempSync(path.join(os.tmpdir(), 'kerbside-test-'));
  if (ownsState || readdirSync(stateDir).length === 0)
    cpSync(provided.templateDir, stateDir, { recursive: true, filter: (source) => path.basename(source) !== 'seed.sql' });
  const gateway: Record<string, string> = options.withoutBinding
    ? {}
    : { GATEWAY: options.withFaults ? 'kerbside-faults' : 'kerbside-platform' };
  // What the workers log, as Workers Logs keeps it (each line with its console level), for tests to
  // read. The platform's line per call is kept, not printed: a run makes thousands of them.
  const logs: WorkerLog[] = [];
  const mf = new Miniflare({
    ...(options.port ? { host: '127.0.0.1', port: options.port } : {}),
    handleStructuredLogs: ({ message, level }) => {
      logs.push({ level, message });
      if (logs.length > 20_000) logs.splice(0, 10_000);
      if (message.includes('"event":"platform.request"')) return;
      (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${message}\n`);
    },
    d1Persist: stateDir,
    workers: [
      {
        ...provided.app,
        bindings: {
          ...provided.app.bindings,
          ...(options.port ? { PUBLIC_ORIGIN: `http://localhost:${options.port}` } : {}),
          ...options.appVars,
          ...clockVars(options.appVars),
        },
        serviceBindings: gateway,
      },
      {
        ...provided.platform,
        bindings: { ...provided.platform.bindings, ...options.platformVars, ...clockVars(options.platformVars) },
      },
      ...(options.withFaults
        ? [
            {
              name: 'kerbside-faults',
              modules: [{ type: 'ESModule' as const, path: path.join(root, 'tests/support/fault-worker.js') }],
              compatibilityDate: provided.platform.compatibilityDate,
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
  const fetchApp = (pathname: string, init: RequestInit = {}) =>
    mf.dispatchFetch(`http://localhost${pathname}`, { redirect: 'manual', ...init } as never) as unknown as Promise<Response>;
  /** A request to the platform as the app sends it: with the app's secret (`asApp: false` leaves it out). */
  const platform = async (pathname: string, init: RequestInit & { asApp?: boolean } = {}) => {
    const { asApp = true, ...rest } = init;
    const headers = new Headers(rest.headers);
    const secret = { ...provided.platform.bindings, ...options.platformVars }.GATEWAY_SECRET;
    if (asApp && typeof secret === 'string') headers.set(GATEWAY_SECRET_HEADER, secret);
    const worker = await mf.getWorker('kerbside-platform');
    return worker.fetch(`http://platform.internal${pathname}`, { ...rest, headers } as never) as unknown as Promise<Response>;
  };
  /** Moves both workers' clocks through the app's development endpoint, as a person would on /dev/clock. */
  const moveClock = async (form: Record<string, string>): Promise<Date> => {
    const response = await fetchApp('/dev/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    if (response.status !== 303) throw new Error(`moving the clock failed: ${response.status} ${await response.text()}`);
    const state = (await (await platform('/platform/dev/clock')).json()) as ClockState;
    return new Date(state.now);
  };
  const workers = {
    mf,
    db,
    /**
     * The structured lines (JSON with an `event`) the workers have logged so far, each with its
     * console level, oldest first; `event` keeps those of one event name.
     */
    logged: (event?: string): LoggedEvent[] =>
      logs.flatMap(({ level, message }) => {
        try {
          const parsed = JSON.parse(message) as Record<string, unknown>;
          return typeof parsed.event === 'string' && (!event || parsed.event === event) ? [{ ...parsed, level } as LoggedEvent] : [];
        } catch {
          return [];
        }
      }),
    /** A request to the app, as a browser would send it (no automatic redirects). */
    fetch: fetchApp,
    platform,
    reseed: () => execSql(db, readFileSync(path.join(provided.templateDir, 'seed.sql'), 'utf8')),
    /**
     * The product's clock (contract/clock.ts): tests move time on instead of waiting for it. Moves
     * go through the app's /dev/clock, which moves the platform's clock and the app's together.
     */
    clock: {
      now: async () => new Date(((await (await platform('/platform/dev/clock')).json()) as ClockState).now),
      advance: (ms: number) => moveClock({ advanceSeconds: String(ms / 1000) }),
      set: (at: Date) => moveClock({ at: at.toISOString() }),
    },
    /**
     * The platform's Cron Trigger, as it fires: on real time, read by the platform on its own clock.
     * With `at`, the clock moves there first, as the days would pass.
     */
    runScheduled: async (at?: Date, cron = '0 7 * * *') => {
      if (at) await moveClock({ at: at.toISOString() });
      const worker = await mf.getWorker('kerbside-platform');
      await worker.scheduled({ scheduledTime: new Date(), cron });
    },
    /** Only with `withFaults`: fail chosen platform calls of one seller in a chosen way. */
    faults: {
      inject: (rule: FaultRule) =>
        faultControl({ method: 'POST', body: JSON.stringify(rule), headers: { 'content-type': 'application/json' } }),
      clear: (ip: string) => faultControl({ method: 'DELETE' }, `?ip=${encodeURIComponent(ip)}`),
      /** The rules of one address and how many calls each has failed. */
      rules: async (ip: string) => (await faultControl({ method: 'GET' }, `?ip=${encodeURIComponent(ip)}`)).rules ?? [],
    },
    // Tearing down can wait on a request a test abandoned (a slow fault): give it 10 s, then let
    // the run go on rather than fail a file whose tests all passed.
    dispose: async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        mf.dispose(),
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            console.warn('Miniflare did not shut down within 10 s; moving on');
            resolve();
          }, 10_000);
        }),
      ]).finally(() => clearTimeout(timer));
      if (ownsState) rmSync(stateDir, { recursive: true, force: true });
    },
  };
  workersByFetch.set(fetchApp, workers);
  return workers;
}

export type Workers = Awaited<ReturnType<typeof startWorkers>>;
