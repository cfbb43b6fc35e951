import type { UlezErrorCode } from '../../../contract/ulez';
import { lookupErrorPanel, lookupErrorStatus, type LookupErrorPanel } from '../entry/lookup-errors';

/**
 * The ULEZ checker's panels (docs/behaviour/entry.md#ulez-panels). Their words are the hero's, but for
 * not_available, which the checker words itself; a Refresh button shows only where the table in docs/behaviour/entry.md#ulez-panels
 * gives one, and the default is the 'Did we get the reg right?' panel.
 */
export function ulezErrorPanel(code: UlezErrorCode | 'default', brandName: string): LookupErrorPanel {
  if (code === 'not_available') {
    return {
      title: 'Compliance status unavailable',
      text: 'Unfortunately, we are unable to confirm whether this car is ULEZ compliant.',
      refresh: false,
      manageVehicles: false,
      wrongReg: false,
    };
  }
  const wrongReg = code === 'vehicle_lookup_failed' || code === 'default';
  const shared = lookupErrorPanel(wrongReg ? 'vehicle_lookup_failed' : code, '', brandName);
  return { ...shared, refresh: code === 'vehicle_generation_failure' || code === 'bad_request', wrongReg };
}

/** The status a page showing the panel answers with; the default panel stands for a failed service. */
export function ulezErrorStatus(code: UlezErrorCode | 'default'): number {
  return code === 'default' ? 503 : lookupErrorStatus(code);
}
