import type { CrmTier } from '../../../contract/accounts';
import type { TrackerValuation } from '../../../contract/trackers';

/**
 * The tracker wing's storage (docs/decisions/033): each owner's trackers (a customer's, or a
 * visitor's by their requester id) and their valuations, one a month.
 */

export interface TrackerRow {
  id: number;
  owner_key: string;
  vrm: string;
  miles_per_month: number;
  created_at: string;
  make: string;
  model: string;
  month_of_first_registration: string;
}

export interface ValuationRow {
  tracker_id: number;
  month: string;
  valued_at: string;
  mileage: number;
  price: number;
  low: number;
  high: number;
  source: TrackerValuation['source'];
}

/** An owner's trackers (all, or the one for a registration), newest first, and their valuations by month, read together. */
export async function trackersWithValuations(
  db: D1Database,
  owner: string,
  vrm: string | null,
): Promise<{ trackers: TrackerRow[]; valuations: ValuationRow[] }> {
  const [trackers, valuations] = await db.batch([
    db
      .prepare(
        `SELECT t.*, r.make, r.model, r.month_of_first_registration FROM trackers t JOIN register_vehicles r ON r.vrm = t.vrm
          WHERE t.owner_key = ?1 AND (?2 IS NULL OR t.vrm = ?2) ORDER BY t.created_at DESC, t.id DESC`,
      )
      .bind(owner, vrm),
    db
      .prepare(
        `SELECT v.* FROM tracker_valuations v JOIN trackers t ON t.id = v.tracker_id
          WHERE t.owner_key = ?1 AND (?2 IS NULL OR t.vrm = ?2) ORDER BY v.month`,
      )
      .bind(owner, vrm),
  ]);
  return { trackers: (trackers?.results ?? []) as TrackerRow[], valuations: (valuations?.results ?? []) as ValuationRow[] };
}

/** How many cars an owner tracks, and whether this registration is one of them. */
export async function ownerTracking(db: D1Database, owner: string, vrm: string): Promise<{ count: number; already: boolean }> {
  const row = await db
    .prepare('SELECT count(*) AS n, sum(vrm = ?2) AS mine FROM trackers WHERE owner_key = ?1')
    .bind(owner, vrm)
    .first<{ n: number; mine: number | null }>();
  return { count: row?.n ?? 0, already: (row?.mine ?? 0) > 0 };
}

/**
 * Starts tracking a car with its first valuations: the tracker's id, or null when the owner tracks
 * it already (two tabs adding the same car at once: one wins).
 */
export async function startTracking(
  db: D1Database,
  tracker: { owner: string; vrm: string; milesPerMonth: number; createdAt: string },
  valuations: readonly TrackerValuation[],
): Promise<number | null> {
  const created = await db
    .prepare(
      `INSERT INTO trackers (owner_key, vrm, miles_per_month, created_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (owner_key, vrm) DO NOTHING RETURNING id`,
    )
    .bind(tracker.owner, tracker.vrm, tracker.milesPerMonth, tracker.createdAt)
    .first<{ id: number }>();
  if (!created) return null;
  await db.batch(valuations.map((v) => insertValuation(db, created.id, v)));
  return created.id;
}

/** A month's valuation of a tracker; a month valued already keeps its first. */
function insertValuation(db: D1Database, trackerId: number, v: TrackerValuation): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO tracker_valuations (tracker_id, month, valued_at, mileage, price, low, high, source)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(trackerId, v.month, v.valuedAt, v.mileage, v.price, v.low, v.high, v.source);
}

/** Stops tracking a car, its history with it: false when the owner did not track it. */
export async function stopTracking(db: D1Database, owner: string, vrm: string): Promise<boolean> {
  const removed = await db
    .prepare('DELETE FROM trackers WHERE owner_key = ?1 AND vrm = ?2 RETURNING id')
    .bind(owner, vrm)
    .first<{ id: number }>();
  if (!removed) return false;
  await db.prepare('DELETE FROM tracker_valuations WHERE tracker_id = ?1').bind(removed.id).run();
  return true;
}

/**
 * Gives a visitor's trackers to an account, newest first, up to `limit` cars in all; one the
 * account tracks already, or one over the limit, is deleted with its history. One batch.
 */
export async function handOverTrackers(db: D1Database, from: string, to: string, limit: number): Promise<void> {
  const { results: pending } = await db
    .prepare('SELECT id, vrm FROM trackers WHERE owner_key = ?1 ORDER BY created_at DESC, id DESC')
    .bind(from)
    .all<{ id: number; vrm: string }>();
  if (!pending.length) return;
  const { results: held } = await db.prepare('SELECT vrm FROM trackers WHERE owner_key = ?1').bind(to).all<{ vrm: string }>();
  const vrms = new Set(held.map((h) => h.vrm));
  const statements: D1PreparedStatement[] = [];
  for (const t of pending) {
    if (!vrms.has(t.vrm) && vrms.size < limit) {
      vrms.add(t.vrm);
      statements.push(db.prepare('UPDATE trackers SET owner_key = ?1 WHERE id = ?2').bind(to, t.id));
    } else {
      statements.push(db.prepare('DELETE FROM tracker_valuations WHERE tracker_id = ?1').bind(t.id));
      statements.push(db.prepare('DELETE FROM trackers WHERE id = ?1').bind(t.id));
    }
  }
  await db.batch(statements);
}

/** A customer's tracker due its monthly valuation, with what its value e-mail needs of the customer. */
export interface DueTrackerRow extends TrackerRow {
  user_id: number;
  email: string;
  first_name: string;
  email_crm_tier: CrmTier;
}

/**
 * Customers' trackers with no valuation for `month` or later yet (500 at most a run, oldest
 * first). A visitor's trackers wait until they become an account's.
 */
export async function trackersDueRevaluation(db: D1Database, month: string): Promise<DueTrackerRow[]> {
  const { results } = await db
    .prepare(
      `SELECT t.*, r.make, r.model, r.month_of_first_registration, u.id AS user_id, u.email, u.first_name, u.email_crm_tier
         FROM trackers t
         JOIN users u ON t.owner_key = 'customer:' || u.id
         JOIN register_vehicles r ON r.vrm = t.vrm
        WHERE EXISTS (SELECT 1 FROM tracker_valuations v WHERE v.tracker_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM tracker_valuations v WHERE v.tracker_id = t.id AND v.month >= ?1)
        ORDER BY t.id LIMIT 500`,
    )
    .bind(month)
    .all<DueTrackerRow>();
  return results;
}

/** A tracker's latest valuation, or null. */
export async function latestValuation(db: D1Database, trackerId: number): Promise<ValuationRow | null> {
  return db
    .prepare('SELECT * FROM tracker_valuations WHERE tracker_id = ?1 ORDER BY month DESC LIMIT 1')
    .bind(trackerId)
    .first<ValuationRow>();
}

/** Records a tracker's monthly valuation. */
export async function addValuation(db: D1Database, trackerId: number, valuation: TrackerValuation): Promise<void> {
  await insertValuation(db, trackerId, valuation).run();
}
