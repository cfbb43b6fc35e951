import type { endpoints } from '../../../contract/endpoints';
import type { HealthResponse } from '../../../contract/gateway';
import { countRegistered } from '../providers/register-store';
import type { TypedHandler } from '../router';

/** GET /api/health: up, with the register's size, which is 0 until the database is seeded. */
export const health: TypedHandler<typeof endpoints.shell.health> = async (_input, ctx) =>
  ({ status: 'ok', service: 'kerbside-platform', registerVehicles: await countRegistered(ctx.env.DB) }) satisfies HealthResponse;
