import { endpoints } from '../../../contract/endpoints';
import { ulezErrorCode, type UlezCheckResponse } from '../../../contract/ulez';
import { clockNow } from '~/lib/clock.server';
import { panelFailure } from '~/lib/failures.server';
import type { ToolCheck } from '~/features/tools/tool.server';
import type { UlezResult, UlezVehicleData } from './ulez-tool';
import { ulezErrorPanel, ulezErrorStatus } from './ulez-errors';

function keep(result: UlezCheckResponse): UlezVehicleData {
  const { isCompliant, euroStatus, basis, vehicle, checkedAt } = result;
  return { isCompliant, euroStatus, basis, vehicle, checkedAt };
}

/**
 * The checker's check. The last result is kept in the session (`ulezVehicleData`): a reload shows it
 * without asking the platform again, even while the platform is down. A check that fails (the
 * platform down, slow or garbled included) is a panel, never an error page.
 */
export const ulezCheck: ToolCheck<UlezResult> = {
  panel: (code, _vrm, brandName) => ulezErrorPanel(ulezErrorCode(code), brandName),
  // The checker's button says 'Check again' under every panel (docs/behaviour/entry.md#screens-and-routes, ULEZ checker).
  checkAgain: () => true,
  async check(context, vrm) {
    const year = clockNow().getUTCFullYear();
    const kept = context.session.get('ulezVehicleData');
    if (kept?.vehicle.vrm === vrm) return { ok: true, result: { ...kept, year } };
    const checked = await context.gateway.attempt(endpoints.ulez.check, { body: { vrm } });
    if (!checked.ok || !checked.value.vehicle) {
      const code = ulezErrorCode(checked.ok ? null : panelFailure(checked.failure, 'ulez_check.failed').code);
      return { ok: false, code, status: ulezErrorStatus(code) };
    }
    const result = keep(checked.value);
    context.session.set('ulezVehicleData', result);
    return { ok: true, result: { ...result, year } };
  },
  checked: (result) => ({ compliant: result.isCompliant }),
};

declare module '~/lib/session.server' {
  interface SessionData {
    /** The ULEZ checker's last result (docs/behaviour/entry.md#constants ulezVehicleData), so a reload shows it. */
    ulezVehicleData?: UlezVehicleData;
  }
}
