import type { UlezCheckResponse } from '../../../contract/ulez';
import type { RegistrationTool } from '~/features/tools/registration-tool';

/**
 * The ULEZ checker (docs/behaviour/tools.md#ulez-checker): `/ulez-checker`, the form, and
 * `/ulez-checker/{reg}`, the result. Its views are server markup (ulez-views.server.tsx); the
 * way on to a valuation is the result page's own (ulez-sell.tsx).
 */

/** What the session keeps of the last result (docs/behaviour/entry.md#constants ulezVehicleData): enough to show it again. */
export type UlezVehicleData = Pick<UlezCheckResponse, 'isCompliant' | 'euroStatus' | 'basis' | 'vehicle' | 'checkedAt'>;

/** A result: what the session keeps of the check, and the year it is (for the 40-year exemption). */
export type UlezResult = UlezVehicleData & { year: number };

export const ulezTool: RegistrationTool<UlezResult> = {
  id: 'ulez',
  formId: 'ulez-checker',
  formPath: '/ulez-checker',
  resultPath: (vrm) => `/ulez-checker/${encodeURIComponent(vrm)}`,
  typedVrm: (_url, params) => params.results ?? null,
  title: 'ULEZ checker',
  resultsTitle: 'ULEZ checker',
  strap: 'Find out whether your vehicle meets the ULEZ standard, and what London and the UK’s other clean air zones would charge it.',
  askText: 'Enter a registration to check it against the ULEZ standard.',
  description:
    'Check whether your car, van or motorcycle meets the ULEZ standard, and what London and the UK’s other clean air zones charge it. Free.',
  label: 'Enter your vehicle reg',
  button: 'Check compliance',
  resultTitle: (result) => `Is ${result.vehicle.vrmPretty} ULEZ compliant?`,
  formFlags: { cache: true },
  resultFlags: { noRobots: true, noSitemap: true },
};
