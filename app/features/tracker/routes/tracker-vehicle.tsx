import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { formatVrm, isValidVrm, normaliseVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { TrackerChart } from '~/features/tracker/tracker-chart-view';
import { formatMiles, formatPounds } from '~/lib/format';
import { PlatformFailure } from '~/lib/gateway.server';
import { pageMeta } from '~/lib/meta';
import { requireUser } from '~/features/account/require-user.server';
import { routeFlags } from '~/lib/route-flags';
import { depreciation, monthLabel, parseRange, TRACKER_RANGES, valuationsInRange } from '~/features/tracker/tracker-chart';
import { devToolsOn } from '~/lib/env.server';
import { parseIntent } from '~/lib/forms/form.server';
import { TRACKED_CAR_INTENTS } from '~/features/tracker/tracker-forms.server';
import { endpoints } from '../../../../contract/endpoints';

const TRACKER_PATH = '/car-value-tracker';

// A seller's own car: nothing here is for search engines.
export const handle = routeFlags({ noRobots: true, vrmPath: true, showTrackerDisclaimer: true });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: data?.tracker ? `${data.tracker.name} value` : 'Car value tracker' });

/** Visitors sign in first (on the tracker's own sign-in page) and come back here. */
function requireTrackerUser(request: Request, context: LoaderFunctionArgs['context']) {
  if (context.session.get('auth')) return requireUser(request, context);
  const url = new URL(request.url);
  throw redirect(`${TRACKER_PATH}/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireTrackerUser(request, context);
  const vrm = normaliseVrm(params.vrm ?? '');
  if (!isValidVrm(vrm)) throw new Response('Not found', { status: 404 });
  const range = parseRange(new URL(request.url).searchParams.get('range'));
  let list;
  try {
    list = await context.gateway.call(endpoints.tracker.list, { query: { vrm } });
  } catch (error) {
    // A session that has ended is the gateway client's to answer (the seller signs in again).
    if (!(error instanceof PlatformFailure)) throw error;
    // The platform is down or slow: say so on the page, with a way to try again.
    console.warn(JSON.stringify({ event: 'tracker.list_failed', status: error.status, message: error.message }));
    return data(
      { vrm, vrm_pretty: formatVrm(vrm), tracker: null, range, emailed: null, devTools: false, unavailable: true },
      { status: 503 },
    );
  }
  const tracker = list.trackers[0];
  if (!tracker)
    return data(
      { vrm, vrm_pretty: formatVrm(vrm), tracker: null, range, emailed: null, devTools: false, unavailable: false },
      { status: 404 },
    );
  // Whether the value e-mails reach the seller: only with news and offers by e-mail (docs/trackers.md).
  const user = await context.gateway.call(endpoints.account.user, { query: { include: 'tracker' } }).catch(() => null);
  const shown = valuationsInRange(tracker.trackerValuations, range);
  const latest = tracker.trackerValuations.at(-1)!;
  const added = tracker.trackerValuations.find((v) => v.source === 'entered');
  return {
    vrm,
    vrm_pretty: tracker.vrm_pretty,
    range,
    devTools: devToolsOn(context.config),
    unavailable: false,
    emailed: user ? user.emailCrmTier === 'marketing' : null,
    tracker: {
      name: `${tracker.make.display_name} ${tracker.model}`,
      year: tracker.year,
      latest,
      shown,
      loss: depreciation(shown),
      since: shown[0]?.month ?? latest.month,
      addedMonth: added?.month ?? null,
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireTrackerUser(request, context);
  const vrm = normaliseVrm(params.vrm ?? '');
  const { intent } = parseIntent(await request.formData(), TRACKED_CAR_INTENTS, 'show');
  if (intent === 'remove') {
    // A tracker already gone (removed in another tab) or a failed removal: the list says which.
    await context.gateway.attempt(endpoints.tracker.remove, { body: { vrm } });
    throw redirect(TRACKER_PATH);
  }
  if (intent === 'next-month' && devToolsOn(context.config)) {
    // The scheduled handler's run at the start of the month after this car's latest valuation.
    const { trackers } = await context.gateway.call(endpoints.tracker.list, { query: { vrm } });
    const latest = trackers[0]?.trackerValuations.at(-1)?.month;
    if (latest) {
      const [y, m] = latest.split('-').map(Number);
      await context.gateway.call(endpoints.dev.revalueTrackers, { body: { now: new Date(Date.UTC(y!, m!, 1, 6)).toISOString() } });
    }
  }
  throw redirect(`${TRACKER_PATH}/${vrm}`);
}

export default function TrackerVehicle() {
  const { vrm, vrm_pretty, range, tracker, emailed, devTools, unavailable } = useLoaderData<typeof loader>();
  if (unavailable) {
    return (
      <section className="panel" role="alert" aria-labelledby="unavailable-title">
        <h1 id="unavailable-title">Sorry, we couldn&rsquo;t load this page</h1>
        <p>We could not get the value of {vrm_pretty} just now. Please try again in a few minutes.</p>
        <a className="btn secondary" href={`${TRACKER_PATH}/${vrm}?range=${range}`}>
          Refresh
        </a>
      </section>
    );
  }
  if (!tracker) {
    return (
      <section className="card" aria-labelledby="not-tracked-title">
        <h1 id="not-tracked-title">You are not tracking {vrm_pretty}</h1>
        <p>Add it to your car value tracker to see what it is worth and how its value changes.</p>
        <Form method="post" action={TRACKER_PATH}>
          <input type="hidden" name="vrm" value={vrm} />
          <button className="btn" type="submit">
            Track {vrm_pretty}
          </button>
        </Form>
      </section>
    );
  }
  const { latest, shown, loss, since, addedMonth } = tracker;
  const rangeLabel = TRACKER_RANGES.find((r) => r.key === range)!;
  const lossText = loss
    ? loss.pounds >= 0
      ? `Down ${formatPounds(loss.pounds)} (${loss.percent}%)`
      : `Up ${formatPounds(-loss.pounds)} (${-loss.percent}%)`
    : 'Not enough months yet';
  return (
    <div className="stack">
      <section className="card" aria-labelledby="tracker-title">
        <p>
          <span className="reg">{vrm_pretty}</span>
        </p>
        <h1 id="tracker-title">{tracker.name}</h1>
        <p className="muted">
          {tracker.year}, valued at {formatMiles(latest.mileage)} in {monthLabel(latest.month, true)}
        </p>
        <p>
          Worth about <span className="big">{formatPounds(latest.price)}</span>
        </p>
        <p className="small muted">
          Anywhere from {formatPounds(latest.low)} to {formatPounds(latest.high)}, depending on its condition.
        </p>
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">Its value over time</h2>
        <nav aria-label="Time range">
          <ul className="ranges">
            {TRACKER_RANGES.map((r) => (
              <li key={r.key}>
                {/* The name starts with what the link shows, so "click 3M" works by voice (WCAG 2.5.3). */}
                <Link
                  to={`?range=${r.key}`}
                  aria-label={`${r.key}, ${r.label}`}
                  aria-current={r.key === range ? 'page' : undefined}
                  preventScrollReset
                >
                  {r.key}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <dl className="stats">
          <div>
            <dt>Since {monthLabel(since, true)}</dt>
            <dd>{lossText}</dd>
          </div>
          <div>
            <dt>Value then</dt>
            <dd>{formatPounds(shown[0]?.price ?? latest.price)}</dd>
          </div>
        </dl>
        <TrackerChart
          valuations={shown}
          caption={`${tracker.name} value, ${rangeLabel.key === 'ALL' ? 'every month we have' : `the last ${rangeLabel.label}`}: ${formatPounds(shown[0]?.price ?? latest.price)} in ${monthLabel(since, true)}, ${formatPounds(latest.price)} in ${monthLabel(latest.month, true)}.`}
        />
        <p className="small muted tracker-note">
          {addedMonth
            ? `Months before ${monthLabel(addedMonth, true)}, when you added it, are worked out by our valuation model for each date, with your mileage scaled back by how much the car is driven. Since then we value it again at the start of each month.`
            : 'We value it again at the start of each month.'}
        </p>
      </section>

      <section className="card" aria-labelledby="next-title">
        <h2 id="next-title">What next</h2>
        <p>
          {emailed === true
            ? 'We will e-mail you when its value changes.'
            : emailed === false
              ? 'Want an e-mail when its value changes? Turn on news and offers by e-mail in your contact preferences.'
              : null}{' '}
          {emailed === false ? <Link to="/account/preferences">Contact preferences</Link> : null}
        </p>
        <div className="actions">
          <Form method="post" action="/?index">
            <input type="hidden" name="vrm" value={vrm} />
            <button className="btn" type="submit">
              Get dealer offers for it
            </button>
          </Form>
          <Form method="post">
            <button className="btn secondary" type="submit" name="intent" value="remove">
              Stop tracking it
            </button>
          </Form>
          <Link to={TRACKER_PATH}>All your tracked cars</Link>
        </div>
        {devTools ? (
          <Form method="post" className="tracker-dev">
            <p className="muted">Development tools: the monthly revaluation runs on a schedule.</p>
            <button className="btn secondary" type="submit" name="intent" value="next-month">
              Run next month&rsquo;s revaluation
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
