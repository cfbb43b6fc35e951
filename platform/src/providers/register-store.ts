import type { MotRow, RegisterRow } from './register';

/**
 * The simulated DVLA register's storage (docs/decisions/033): its vehicles and their MOT tests, as
 * the seed loads them, and the platform's own id for each vehicle anyone has looked up.
 */

/** A registered vehicle and its MOT tests, oldest first, read together; null for one the register lacks. */
export async function findRegistered(db: D1Database, vrm: string): Promise<{ row: RegisterRow; tests: MotRow[] } | null> {
  const [vehicle, tests] = await db.batch([
    db.prepare('SELECT * FROM register_vehicles WHERE vrm = ?1').bind(vrm),
    db.prepare('SELECT * FROM mot_tests WHERE vrm = ?1 ORDER BY completed_date').bind(vrm),
  ]);
  const row = vehicle?.results[0] as RegisterRow | undefined;
  return row ? { row, tests: (tests?.results ?? []) as MotRow[] } : null;
}

/** The platform's id for a vehicle: created the first time anyone looks it up. */
export async function vehicleId(db: D1Database, vrm: string): Promise<number> {
  const row = await db
    .prepare('INSERT INTO vehicles (vrm) VALUES (?1) ON CONFLICT (vrm) DO UPDATE SET vrm = excluded.vrm RETURNING id')
    .bind(vrm)
    .first<{ id: number }>();
  return row!.id;
}

/** How many vehicles the register holds: 0 until the seed has loaded it. */
export async function countRegistered(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT count(*) AS n FROM register_vehicles').first<{ n: number }>();
  return row?.n ?? 0;
}

/** Each make in the register, with how many of its vehicles it holds, in the register's own names. */
export async function registeredMakes(db: D1Database): Promise<{ make: string; vehicles: number }[]> {
  const { results } = await db
    .prepare('SELECT make, count(*) AS vehicles FROM register_vehicles GROUP BY make ORDER BY make')
    .all<{ make: string; vehicles: number }>();
  return results;
}
