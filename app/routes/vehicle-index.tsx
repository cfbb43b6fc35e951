import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Await, useLoaderData } from '@remix-run/react';
import { Suspense } from 'react';
import type { MotHistory } from '../../contract/gateway';
import { normaliseVrm } from '../../contract/vrm';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate, formatMiles } from '~/lib/format';
import { getMotHistory } from '~/lib/vehicles.server';

/**
 * The vehicle page body. The MOT history comes from a slow outside provider, so it is deferred:
 * streamed to browsers that run scripts, already in the document for those that do not.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const vrm = normaliseVrm(params.vrm ?? '');
  // Never fails the page: a provider outage shows a message in its own section.
  const motHistory = getMotHistory(context.gateway, vrm).catch(() => null);
  return { motHistory };
}

export default function VehicleIndex() {
  const { motHistory } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="mot-title">
      <h2 id="mot-title">MOT history</h2>
      <Suspense fallback={<p className="skeleton">Checking the MOT history…</p>}>
        <Await resolve={motHistory} errorElement={<MotUnavailable />}>
          {(history) => (history ? <MotSummary history={history} /> : <MotUnavailable />)}
        </Await>
      </Suspense>
    </section>
  );
}

function MotUnavailable() {
  return <p>We couldn't load the MOT history just now. It will be back shortly.</p>;
}

function MotSummary({ history }: { history: MotHistory }) {
  const latest = history.motTests[0];
  if (!latest) return <p data-testid="mot-summary">No MOT tests yet: cars have their first MOT at three years old.</p>;
  return (
    <div data-testid="mot-summary">
      <p>
        {history.motTests.length} MOT {history.motTests.length === 1 ? 'test' : 'tests'} on record. Latest:{' '}
        {latest.testResult === 'PASSED' ? 'passed' : 'failed'} on {formatDate(latest.completedDate)}
        {latest.odometerValue !== null && latest.odometerUnit === 'MI' ? ` at ${formatMiles(latest.odometerValue)}` : ''}.
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
