import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { formatVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { TrackerErrorPanelView } from '~/features/tracker/tracker-error-panel';
import { VrmForm } from '~/features/shell/vrm-form';
import { formatPounds, fuelName, sentenceCase } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { trackerFailureCode, trackerPanel } from '~/features/tracker/trackers.server';
import { TrackerLookupSchema } from '~/features/tracker/tracker-forms.server';
import { invalid, parseForm } from '~/lib/forms/form.server';
import { endpoints } from '../../../../contract/endpoints';

export const TRACKER_PATH = '/car-value-tracker';

// The page has its own registration field, so the footer's lookup would be a second one.
export const handle = routeFlags({ showTrackerDisclaimer: true, hideVehicleLookup: true });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Car value tracker',
    description: "Track your car's value for free: what it is worth now, and how its value changes month by month.",
  });

export async function loader({ context }: LoaderFunctionArgs) {
  const { session, gateway } = context;
  const signedIn = !!session.get('auth');
  const error = session.get('tracker')?.error;
  // The list is a bonus on this page: if it cannot load, the form still works.
  const list = signedIn ? await gateway.call(endpoints.tracker.list).catch(() => null) : null;
  const failed = error?.step === 'reg' ? error : null;
  return {
    signedIn,
    error: failed,
    panel: failed ? trackerPanel(failed.code, formatVrm(failed.vrm), context.config.brandName, signedIn) : null,
    trackers: (list?.trackers ?? []).map((t) => ({
      vrm: t.vrm,
      vrm_pretty: t.vrm_pretty,
      name: `${t.make.display_name} ${t.model}`,
      price: t.trackerValuations.at(-1)?.price ?? null,
    })),
    limit: list?.limit ?? null,
  };
}

/** The registration step: the car from the register, then its mileage (or the panel of what went wrong). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { session, gateway } = context;
  const submission = parseForm(await request.formData(), TrackerLookupSchema);
  if (submission.status !== 'success') {
    // A new attempt: an earlier panel no longer applies.
    if (session.get('tracker')?.error) session.set('tracker', {});
    return invalid(submission);
  }
  const { vrm } = submission.value;
  const result = await gateway.attempt(endpoints.tracker.track, { body: { vrm } });
  if (!result.ok) {
    const code = trackerFailureCode(result.failure);
    context.analytics.track('tracker_failed', { code, step: 'reg' });
    session.set('tracker', { error: { code, vrm, step: 'reg' } });
    throw redirect(TRACKER_PATH);
  }
  const vehicle = result.value.vehicle;
  session.set('tracker', {
    vehicle: {
      vrm: vehicle.vrm,
      name: `${vehicle.make.display_name} ${vehicle.model}`,
      details: `${vehicle.year}, ${sentenceCase(vehicle.colour)}, ${fuelName(vehicle.fuel)}`,
      firstRegistration: vehicle.monthOfFirstRegistration,
      mileageEst: vehicle.mileageEst,
      mileageLastMot: vehicle.mileageLastMot,
      last_mot_date: vehicle.last_mot_date,
    },
  });
  throw redirect(`${TRACKER_PATH}/mileage`);
}

export default function CarValueTracker() {
  const { signedIn, error, panel, trackers, limit } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="stack">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Car value tracker</h1>
        <p className="strap">Track your car&rsquo;s value for free: what it is worth now, and how its value changes, month by month.</p>
        {panel && error ? (
          <TrackerErrorPanelView panel={panel} vrm={formatVrm(error.vrm)} action={TRACKER_PATH} retry={{ vrm: error.vrm }} />
        ) : null}
        <VrmForm
          id="tracker-lookup"
          action={TRACKER_PATH}
          defaultVrm={error?.vrm}
          lastResult={reply}
          buttonLabel={panel?.wrongReg ? 'Check again' : 'Track my car'}
        />
      </section>

      {signedIn ? (
        <section className="card" aria-labelledby="tracked-title">
          <h2 id="tracked-title">Your tracked cars</h2>
          {trackers.length ? (
            <>
              <ul className="vehicle-list">
                {trackers.map((t) => (
                  <li key={t.vrm}>
                    <span>
                      <span className="reg">{t.vrm_pretty}</span> {t.name}
                    </span>
                    <Link to={`${TRACKER_PATH}/${t.vrm}`}>
                      {t.price !== null ? `${formatPounds(t.price)}` : 'See its value'}
                      <span className="sr-only"> (see the value of {t.vrm_pretty})</span>
                    </Link>
                  </li>
                ))}
              </ul>
              {limit ? (
                <p className="small muted">
                  You are tracking {trackers.length} of up to {limit} cars.
                </p>
              ) : null}
            </>
          ) : (
            <p>You are not tracking a car yet. Enter its reg above.</p>
          )}
        </section>
      ) : null}

      <section className="card" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol>
          <li>Enter your reg and your mileage.</li>
          <li>Create your free account, or sign in.</li>
          <li>See what your car is worth now and how its value has changed. We value it again each month.</li>
        </ol>
        {signedIn ? null : (
          <p>
            Already tracking a car? <Link to={`${TRACKER_PATH}/sign-in`}>Sign in</Link> to see it.
          </p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
