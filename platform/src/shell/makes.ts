import type { MakeSummary } from '../../../contract/vehicles';
import type { PlatformEnv } from '../env';
import { json } from '../http';
import { makeOf } from '../providers/register';

/** GET /platform/makes: the makes in the register, for brand pages (docs/behaviour/gateway.md#shell-calls). */
export async function listMakes(_request: Request, env: PlatformEnv): Promise<Response> {
  const { results } = await env.DB.prepare('SELECT make, count(*) AS vehicles FROM register_vehicles GROUP BY make ORDER BY make').all<{
    make: string;
    vehicles: number;
  }>();
  const makes: MakeSummary[] = results.map((row) => ({ ...makeOf(row.make), vehicles: row.vehicles }));
  return json({ makes });
}
