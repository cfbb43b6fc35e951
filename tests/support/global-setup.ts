import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import type { TestProject } from 'vitest/node';
import { applyMigrations, execSql, migrations, seedSql } from '../../scripts/lib/database.mjs';
import { LOCAL_ENVIRONMENT, root, WORKERS, workerOptions } from '../../scripts/lib/local-workers.mjs';
import { runClock } from '../../platform/seed/run-clock.mjs';
import { TEST_APP_VARS, TEST_PLATFORM_VARS, type ProvidedWorkers } from './workers';

/** A cached test database no run has used for this long is removed. */
const UNUSED_FOR_MS = 86_400_000;

/**
 * Once per integration run, before any test file:
 * - the run's clock: KERBSIDE_NOW (an ISO instant) or the real time, as one offset both workers get;
 * - both workers' Miniflare options, derived from their wrangler.toml files' development
 *   environment (local-workers.mjs), with the test settings over them;
 * - a D1 database migrated and seeded for that clock's month, kept as files: each test file's
 *   workers start from a copy of it (milliseconds) instead of migrating and seeding it again.
 * The database is cached under node_modules/.cache by the hash of its SQL, so a second run with
 * the same migrations and seed month skips building it.
 */
export default async function setup(project: TestProject) {
  project.provide('kerbsideWorkers', await prepareWorkers());
  if (process.env.KERBSIDE_NOW)
    console.log(`The clock of this run starts at ${new Date(Date.now() + runClock().offsetMs).toISOString()} (KERBSIDE_NOW)`);
}

/** What every test file's workers start from (also used by e2e files that start workers of their own). */
export async function prepareWorkers(): Promise<ProvidedWorkers> {
  for (const built of [WORKERS.app.script, WORKERS.platform.script]) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const clock = runClock();
  const app = workerOptions(WORKERS.app, { environment: LOCAL_ENVIRONMENT, vars: TEST_APP_VARS });
  const platform = workerOptions(WORKERS.platform, { environment: LOCAL_ENVIRONMENT, vars: TEST_PLATFORM_VARS });

  const migrationFiles = migrations();
  const seed = seedSql(clock.asOf);
  const hash = createHash('sha256')
    .update(JSON.stringify(migrationFiles))
    .update('\0')
    .update(seed)
    .update(JSON.stringify(platform.d1Databases))
    .digest('hex')
    .slice(0, 16);
  const cache = path.join(root, 'node_modules/.cache/kerbside-tests');
  const templateDir = path.join(cache, `d1-${hash}`);
  if (!existsSync(path.join(templateDir, 'seed.sql'))) {
    const started = Date.now();
    const building = `${templateDir}.building-${process.pid}`;
    mkdirSync(cache, { recursive: true });
    rmSync(building, { recursive: true, force: true });
    const mf = new Miniflare({ d1Persist: building, workers: [{ ...platform, name: WORKERS.platform.name }] });
    try {
      await mf.ready;
      const db = await mf.getD1Database('DB', WORKERS.platform.name);
      await applyMigrations(db);
      await execSql(db, seed);
    } finally {
      await mf.dispose();
    }
    writeFileSync(path.join(building, 'seed.sql'), seed);
    // Old databases (earlier months, earlier migrations) go once a day has passed without a run
    // using them: a run going on beside this one (the browser layer's clock, another checkout
    // sharing node_modules) keeps its own. The new one appears whole or not at all.
    for (const old of readdirSync(cache)) {
      const full = path.join(cache, old);
      if (old.startsWith('d1-') && full !== building && Date.now() - statSync(full).mtimeMs > UNUSED_FOR_MS)
        rmSync(full, { recursive: true, force: true });
    }
    renameSync(building, templateDir);
    console.log(`Seeded the test database for ${clock.asOf} in ${Date.now() - started} ms`);
  }
  const usedAt = new Date();
  utimesSync(templateDir, usedAt, usedAt);
  return { app, platform, templateDir, clockOffsetMs: clock.offsetMs, now: clock.now.toISOString() };
}
