import type { TrackerOutcomeCode } from '../../../contract/trackers';
import { panelFailure } from '../../lib/failures.server';
import type { PlatformFailure } from '../../lib/gateway.server';

/**
 * The panel a failed tracker call shows: the platform's own code for an outcome, "unable to add"
 * when the platform itself failed (a tracker that is down or slow is never an error page).
 */
export function trackerFailureCode(failure: PlatformFailure): TrackerOutcomeCode {
  return (panelFailure(failure, 'tracker.failed').code as TrackerOutcomeCode | null) ?? 'unable_to_add';
}
