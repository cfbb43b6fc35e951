import type { MotCheck, MotReminderResponse } from '../../../contract/mot';
import { lookupTool, type RegistrationTool } from '~/features/tools/registration-tool';

/**
 * The MOT check (docs/behaviour/routes.md#public-routes): `/mot-check`, the form, and `/mot-check/results?vrm=…`, one
 * vehicle's MOT status and history with free reminders. Its views are server markup
 * (mot-views.server.tsx); the reminders' form is the result page's own (mot-reminders.tsx).
 */

export interface MotResult {
  check: MotCheck;
  /** Reminders just asked for this vehicle, for the page to say a confirmation link is on its way. */
  reminder: MotReminderResponse | null;
}

export const motTool: RegistrationTool<MotResult> = {
  id: 'mot',
  formId: 'mot-check',
  formPath: '/mot-check',
  ...lookupTool('/mot-check/results'),
  title: 'MOT check',
  resultsTitle: 'MOT check results',
  strap: "Check any car, van or motorcycle's MOT status and history for free: every test, its defects and the mileage recorded.",
  askText: 'Enter a registration to see its MOT status and history.',
  description: "Check any vehicle's MOT status and full MOT history: every test, defects, mileage and warnings, free.",
  button: 'Check MOT',
  resultTitle: (result) => `MOT history of ${result.check.vrmPretty}`,
  formFlags: { cache: true },
  resultFlags: { noRobots: true, noSitemap: true },
};
