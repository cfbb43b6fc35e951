import type { endpoints } from '../../../contract/endpoints';
import { makeOf } from '../providers/register';
import { registeredMakes } from '../providers/register-store';
import type { TypedHandler } from '../router';

/** GET /platform/makes: the makes in the register, for brand pages (docs/behaviour/gateway.md#shell-calls). */
export const listMakes: TypedHandler<typeof endpoints.shell.makes> = async (_input, ctx) => ({
  makes: (await registeredMakes(ctx.env.DB)).map((row) => ({ ...makeOf(row.make), vehicles: row.vehicles })),
});
