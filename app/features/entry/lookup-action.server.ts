import { lookupPanelMarkup } from './lookup-error-panel.server';
import { redirect, type AppLoadContext } from '@remix-run/cloudflare';
import { enquiryStateRedirect } from '../../../contract/enquiry-states';
import { formatVrm } from '../../../contract/vrm';
import { lookupErrorPanel, type LookupErrorPanel } from './lookup-errors';
import { addLookup } from './lookup-state';
import { LookupSchema } from '../../lib/forms/validation.server';
import { toLookupVehicle } from './vehicles.server';
import { endpoints } from '../../../contract/endpoints';
import { toLookupErrorCode } from '../../../contract/vehicles';
import { panelFailure } from '../../lib/failures.server';
import { reportLookupFailure } from '../../lib/reports.server';
import { invalid, parseForm } from '../../lib/forms/form.server';

/**
 * The hero's lookup, shared by the home and brand pages. A found vehicle goes to the mileage step,
 * or straight to its sale step when its enquiry is already selling; any other outcome is stored as
 * the lookup's resultError and shown by the hero after the redirect.
 */
export async function handleLookup(request: Request, context: AppLoadContext, paths: { hero: string; mileage: string }) {
  const submission = parseForm(await request.formData(), LookupSchema);
  const { session, gateway } = context;
  if (submission.status !== 'success') {
    // A new attempt: the panel of an earlier lookup no longer applies.
    if (session.get('lookup')?.resultError) session.unset('lookup');
    return invalid(submission);
  }

  const { vrm } = submission.value;
  const result = await gateway.attempt(endpoints.entry.lookup, { body: { vrm } });
  // An answer without a vehicle is no answer: the platform failed, and the panel is the default one.
  const found = result.ok ? result.value.vehicle : null;
  if (!result.ok || !found) {
    const code = toLookupErrorCode(result.ok ? result.value.code : panelFailure(result.failure, 'lookup.failed').code);
    if (result.ok || result.failure.kind === 'outcome') reportLookupFailure(code);
    // docs/behaviour/entry.md#calls: a failed lookup is an analytics event (the code only, never the registration).
    context.analytics.track('lookup_failed', { code });
    session.set('lookup', addLookup(session.get('lookup'), { resultError: { msg: code, vrm } }));
    throw redirect(paths.hero);
  }
  // A signed-in seller's lookup carries their customer record: keep the header's name current.
  const customer = result.value.customer;
  const auth = session.get('auth');
  if (customer && auth) session.set('auth', { ...auth, firstName: customer.firstName, lastName: customer.lastName });
  const vehicle = toLookupVehicle(found, result.value);
  // The mileage step's prefill falls back on the latest tracker valuation's mileage (docs/behaviour/entry.md#states).
  const tracked = customer?.vehicles?.find((v) => v.vrm === found.vrm)?.userVehicleTracker;
  vehicle.trackerMileage = tracked?.trackerValuations.at(-1)?.mileage ?? null;
  context.analytics.track('vehicle_looked_up', { fuel: vehicle.fuel, year: vehicle.year });
  session.set('lookup', addLookup(session.get('lookup'), { vehicle }));
  throw redirect(enquiryStateRedirect(vrm, vehicle.enquiry) ?? paths.mileage);
}

/** The hero's panel for the last lookup's error, with the registration it was for. */
/** The hero's panel: its words, the registration it was for, and its markup (lookup-error-panel.server.tsx). */
export type HeroLookupPanel = LookupErrorPanel & { vrm: string; markup: string };

/**
 * The panel the hero shows after a failed lookup. Worded here, on the server, so the panels' texts
 * stay out of the scripts of every page with a hero: the home page's first visit pays for them
 * otherwise, for a failure few visitors meet (docs/performance.md).
 */
export function heroLookupPanel(context: AppLoadContext, action: string): HeroLookupPanel | null {
  const resultError = context.session.get('lookup')?.resultError;
  if (!resultError) return null;
  const panel = lookupErrorPanel(resultError.msg, formatVrm(resultError.vrm), context.config.brandName);
  return { ...panel, vrm: resultError.vrm, markup: lookupPanelMarkup(panel, resultError.vrm, action) };
}

/**
 * A failed lookup's panel, in the lookup's words, for a page that words it on the server (the
 * account's 'add a vehicle'): the panels' texts then stay out of that page's scripts.
 */
export function lookupPanelFor(context: AppLoadContext, code: string | null | undefined, vrm: string): LookupErrorPanel {
  return lookupErrorPanel(toLookupErrorCode(code), formatVrm(vrm), context.config.brandName);
}
