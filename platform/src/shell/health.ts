import type { HealthResponse } from '../../../contract/gateway';
import type { PlatformEnv } from '../env';
import { json } from '../http';

/** GET /api/health: up, with the register's size, which is 0 until the database is seeded. */
export async function health(_request: Request, env: PlatformEnv): Promise<Response> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM register_vehicles').first<{ n: number }>();
  const body: HealthResponse = { status: 'ok', service: 'kerbside-platform', registerVehicles: row?.n ?? 0 };
  return json(body);
}
