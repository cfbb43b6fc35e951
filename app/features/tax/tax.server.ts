import { endpoints } from '../../../contract/endpoints';
import type { VehicleTax } from '../../../contract/tax';
import { toLookupErrorCode } from '../../../contract/vehicles';
import { lookupErrorStatus } from '~/features/entry/lookup-errors';
import { lookupPanels, type ToolCheck } from '~/features/tools/tool.server';
import { panelFailure } from '~/lib/failures.server';

/**
 * The car tax check, asked afresh on every load so a bookmark or a reload shows today's status. A
 * failed check is the lookup's panel for its code (a platform down or slow is the default panel).
 */
export const taxCheck: ToolCheck<VehicleTax> = {
  ...lookupPanels,
  async check(context, vrm) {
    const result = await context.gateway.attempt(endpoints.tax.check, { params: { vrm } });
    const tax = result.ok ? result.value.tax : null;
    if (tax) return { ok: true, result: tax };
    // An answer without the tax is no answer: the platform failed, under its own code if it gave one.
    const failed = result.ok ? { code: result.value.code, outage: false } : panelFailure(result.failure, 'tax_check.failed');
    const code = toLookupErrorCode(failed.code);
    return { ok: false, code, status: lookupErrorStatus(code, failed.outage) };
  },
  checked: (tax) => ({ state: tax.status.state, basis: tax.assessment.kind }),
};
