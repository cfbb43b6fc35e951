// The platform's local database: its migrations and the seed, applied through Miniflare's D1
// binding. One module for `npm start` (scripts/start.mjs) and the integration tests
// (tests/support/global-setup.ts). Migrations are recorded in `d1_migrations` as `wrangler d1
// migrations apply` records them, so either can carry on from the other on the same state folder.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateRegister, toSql } from '../../platform/seed/generate.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(root, 'platform/migrations');

/** The migration files, in the order they apply. */
export function migrations() {
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(migrationsDir, name), 'utf8') }));
}

/**
 * The seed for a month: the generated register (INSERT OR IGNORE, so what sellers created stays),
 * then the sandbox enquiries and the sample reviews (each inserted only if missing).
 * @param {string} asOf YYYY-MM-DD
 */
export function seedSql(asOf) {
  const file = (/** @type {string} */ name) => readFileSync(path.join(root, 'platform/seed', name), 'utf8');
  return toSql(generateRegister({ asOf })) + file('sandbox-enquiries.sql') + file('sample-reviews.sql');
}

/**
 * Splits an SQL file into statements (the files keep `;` at line ends and `--` comments on their
 * own or after code), each on one line: D1's exec() takes one statement a line.
 * @param {string} sql
 */
export function splitSql(sql) {
  return sql
    .split('\n')
    .map((line) => line.replace(/^\s*--.*$/, '').replace(/\s+--\s.*$/, ''))
    .join('\n')
    .split(/;\s*\n/)
    .map((s) =>
      s
        .trim()
        .replace(/;$/, '')
        .replace(/\s*\n\s*/g, ' '),
    )
    .filter(Boolean);
}

/**
 * Runs statements through exec(): one round trip for thousands of rows (batches of prepared
 * statements took ~30 times as long for the seed).
 * @param {D1Database} db
 * @param {string} sql
 */
export async function execSql(db, sql) {
  const statements = splitSql(sql);
  if (statements.length) await db.exec(statements.join('\n'));
}

/**
 * Applies the migrations the database has not had yet; returns their names.
 * @param {D1Database} db
 */
export async function applyMigrations(db) {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
  );
  const { results } = await db.prepare('SELECT name FROM d1_migrations').all();
  const applied = new Set(results.map((r) => r.name));
  const pending = migrations().filter((m) => !applied.has(m.name));
  for (const migration of pending) {
    await execSql(db, migration.sql);
    await db.prepare('INSERT INTO d1_migrations (name) VALUES (?1)').bind(migration.name).run();
  }
  return pending.map((m) => m.name);
}
