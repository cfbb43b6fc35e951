import type { VehicleTax } from '../../../contract/tax';
import { lookupTool, type RegistrationTool } from '~/features/tools/registration-tool';

/**
 * The car tax check: `/car-tax-check`, the form, and `/car-tax-check/results?vrm=…`, whether one
 * vehicle is taxed, when its tax is due and what it costs. The platform decides how a vehicle is
 * taxed (platform/src/tax/); tax-text.ts says it, in the views (tax-views.server.tsx), which are
 * server markup.
 */
export const taxTool: RegistrationTool<VehicleTax> = {
  id: 'tax',
  formId: 'tax-check',
  formPath: '/car-tax-check',
  ...lookupTool('/car-tax-check/results'),
  title: 'Car tax check',
  resultsTitle: 'Car tax check',
  strap: 'Is it taxed, when is the tax due, and what does it cost? Enter a registration to find out.',
  askText: 'Enter a registration to see its tax.',
  description: 'Check whether a car, van or motorcycle is taxed, when its tax is due, and what it costs to tax.',
  button: 'Check tax',
  resultTitle: (tax) => `Tax for ${tax.vrmPretty}`,
  // Each page has its own registration field, so no second one in the footer.
  formFlags: { cache: true, hideVehicleLookup: true },
  resultFlags: { noRobots: true, noSitemap: true, hideVehicleLookup: true },
};
