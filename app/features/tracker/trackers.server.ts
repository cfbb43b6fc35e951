import type { AnyEndpoint, OutcomeCodeOf } from '../../../contract/endpoint';
import { panelFailure } from '../../lib/failures.server';
import type { PlatformFailure } from '../../lib/gateway.server';
import { trackerErrorPanel, type TrackerErrorPanel } from './tracker-errors';

/**
 * The panel a failed tracker call shows: the platform's own code for an outcome, "unable to add"
 * when the platform itself failed (a tracker that is down or slow is never an error page).
 */
export function trackerFailureCode<E extends AnyEndpoint>(failure: PlatformFailure<E>): OutcomeCodeOf<E> | 'unable_to_add' {
  return panelFailure(failure, 'tracker.failed').code ?? 'unable_to_add';
}

/**
 * A failed step's panel, worded by the loader: the panels' texts (and the lookup's, which the
 * registration step shares) then stay out of the tracker pages' scripts.
 */
export function trackerPanel(code: string, vrm: string, brandName: string, signedIn: boolean): TrackerErrorPanel {
  return trackerErrorPanel(code, vrm, brandName, signedIn);
}
