import { clockNow } from '~/lib/clock.server';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData } from '@remix-run/react';
import { formatVrm } from '../../../../contract/vrm';
import { ConfirmMileage } from '~/features/entry/confirm-mileage';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { MileageCard } from '~/features/entry/mileage-form';
import { TrackerErrorPanelView } from '~/features/tracker/tracker-error-panel';
import { pageMeta } from '~/lib/meta';
import { checkMileage, formatMileageInput, MILEAGE_MESSAGES, prefillMileage } from '~/features/entry/mileage';
import { routeFlags } from '~/lib/route-flags';
import { trackerFailureCode, trackerPanel } from '~/features/tracker/trackers.server';
import { MILEAGE_INTENTS } from '~/features/entry/mileage-schema.server';
import { invalid, parseIntent, refuse } from '~/lib/forms/form.server';
import { endpoints } from '../../../../contract/endpoints';

const TRACKER_PATH = '/car-value-tracker';
const MILEAGE_PATH = `${TRACKER_PATH}/mileage`;

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true, hideVehicleLookup: true, showTrackerDisclaimer: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Car value tracker: your mileage' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = context.session.get('tracker');
  const vehicle = state?.vehicle;
  // The step exists only for a car found on the registration step.
  if (!vehicle) throw redirect(TRACKER_PATH);
  const confirm = new URL(request.url).searchParams.get('confirm');
  const confirming =
    confirm !== null && vehicle.mileageEntered != null ? { mileage: vehicle.mileageEntered, low: confirm === 'low' } : null;
  const signedIn = !!context.session.get('auth');
  const error = state.error?.step === 'mileage' ? state.error : null;
  return {
    signedIn,
    vehicle: { vrm: formatVrm(vehicle.vrm), name: vehicle.name, details: vehicle.details },
    // docs/behaviour/entry.md#states order; there is no enquiry or tracker for a car not tracked yet.
    mileage: formatMileageInput(prefillMileage({ entered: vehicle.mileageEntered, estimated: vehicle.mileageEst })),
    panel: error ? trackerPanel(error.code, formatVrm(vehicle.vrm), context.config.brandName, signedIn) : null,
    confirming,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, gateway } = context;
  const state = session.get('tracker');
  const vehicle = state?.vehicle;
  if (!vehicle) throw redirect(TRACKER_PATH);
  const { intent, submission } = parseIntent(await request.formData(), MILEAGE_INTENTS, 'submit');
  if (intent === 'not-my-car') {
    session.set('tracker', {});
    throw redirect(TRACKER_PATH);
  }
  if (intent === 'cancel') throw redirect(MILEAGE_PATH);

  if (submission.status !== 'success') return invalid(submission);
  const { mileage } = submission.value;
  session.set('tracker', { vehicle: { ...vehicle, mileageEntered: mileage } });

  // The same rules as the valuation's mileage step: a value is only as good as its mileage.
  const verdict = checkMileage(
    mileage,
    { mileageLastMot: vehicle.mileageLastMot, lastMotDate: vehicle.last_mot_date, firstRegistration: vehicle.firstRegistration },
    clockNow(),
  );
  if (verdict.kind === 'too_low') return refuse(submission, { mileage: MILEAGE_MESSAGES.tooLow });
  if (verdict.kind === 'implausible' && intent !== 'confirm') throw redirect(`${MILEAGE_PATH}?confirm`);
  if (verdict.kind === 'seems_low' && intent !== 'confirm') throw redirect(`${MILEAGE_PATH}?confirm=low`);

  const result = await gateway.attempt(endpoints.tracker.add, { body: { vrm: vehicle.vrm, mileage } });
  if (!result.ok) {
    const code = trackerFailureCode(result.failure);
    context.analytics.track('tracker_failed', { code, step: 'mileage' });
    session.set('tracker', { vehicle: { ...vehicle, mileageEntered: mileage }, error: { code, vrm: vehicle.vrm, step: 'mileage' } });
    throw redirect(MILEAGE_PATH);
  }
  context.analytics.track('tracker_added', { signedIn: !!session.get('auth') });
  if (session.get('auth')) {
    session.set('tracker', {});
    throw redirect(`${TRACKER_PATH}/${vehicle.vrm}`);
  }
  // A visitor's tracker is kept for this browser until they sign in or sign up.
  session.set('tracker', { pendingVrm: vehicle.vrm });
  throw redirect(`${TRACKER_PATH}/sign-in`);
}

export default function TrackerMileage() {
  const { vehicle, mileage, panel, confirming } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="stack">
      {confirming ? <ConfirmMileage action={MILEAGE_PATH} mileage={confirming.mileage} low={confirming.low} /> : null}
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Car value tracker</h1>
        <p className="strap">Add your mileage: we value your car at it, and carry it forward each month.</p>
        {panel ? (
          <TrackerErrorPanelView
            panel={panel}
            vrm={vehicle.vrm}
            action={MILEAGE_PATH}
            retry={{ mileage: mileage.replace(/,/g, '') }}
            retryIntent="confirm"
          />
        ) : null}
        <MileageCard vehicle={vehicle} action={MILEAGE_PATH} mileage={mileage} reply={reply} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
