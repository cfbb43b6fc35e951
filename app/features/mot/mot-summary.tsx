import { Link } from '@remix-run/react';
import type { MotHistory } from '../../../contract/vehicles';
import { formatDate, formatMiles } from '~/lib/format';

// Its own module, not mot.tsx: the vehicle page shows only this line, and a module shared with the
// MOT check would bring the whole check's views into the vehicle page's scripts (docs/performance.md).

/** One line about the MOT history: the vehicle page's summary, linking to the full check. */
export function MotSummary({ history }: { history: MotHistory }) {
  const latest = history.motTests[0];
  const more = <Link to={`/mot-check/results?vrm=${encodeURIComponent(history.registration)}`}>See the full MOT history</Link>;
  if (!latest) {
    return (
      <div data-testid="mot-summary">
        <p>No MOT tests on record: cars have their first MOT at three years old.</p>
        <p>{more}</p>
      </div>
    );
  }
  return (
    <div data-testid="mot-summary">
      <p>
        {history.motTests.length} MOT {history.motTests.length === 1 ? 'test' : 'tests'} on record. Latest:{' '}
        {latest.testResult === 'PASSED' ? 'passed' : 'failed'} on {formatDate(latest.completedDate)}
        {latest.odometerValue !== null && latest.odometerUnit === 'MI' ? ` at ${formatMiles(latest.odometerValue)}` : ''}.
      </p>
      <p>{more}</p>
    </div>
  );
}
