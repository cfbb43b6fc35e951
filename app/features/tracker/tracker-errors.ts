import { LOOKUP_ERROR_CODES, type LookupErrorCode } from '../../../contract/vehicles';
import { TRACKER_LIMIT_SIGNED_IN, TRACKER_LIMIT_VISITOR, type TrackerOutcomeCode } from '../../../contract/trackers';
import { lookupErrorPanel } from '../entry/lookup-errors';

/**
 * The car value tracker's error panels. The registration step shares the hero's panels (docs/behaviour/errors.md#catalogue
 * wording); the tracker's own codes (docs/behaviour/entry.md#lookup-errors: vrm_not_found_after_refetch,
 * vehicle_pricing_failed, the default 'Unable to add the vehicle') and its limit are written in
 * the same voice.
 */
export interface TrackerErrorPanel {
  title: string;
  text: string;
  /** A button that tries the same registration again. */
  refresh: boolean;
  /** The reg itself is wrong: the button reads 'Check again'. */
  wrongReg: boolean;
  /** A link to the car's tracker (it is already tracked). */
  seeTracker: boolean;
  /** A link to sign in (a visitor at the visitor's limit). */
  signIn: boolean;
}

export const TRACKER_DEFAULT_TITLE = 'Unable to add the vehicle';

export function trackerErrorPanel(code: TrackerOutcomeCode | string, vrm: string, brandName: string, signedIn: boolean): TrackerErrorPanel {
  const base = { refresh: false, wrongReg: false, seeTracker: false, signIn: false };
  switch (code) {
    case 'vrm_not_found_after_refetch':
      return {
        ...base,
        title: 'Did we get the reg right?',
        text: "We couldn't find a vehicle with that registration. Enter a valid UK reg. Recent registrations take a few days to appear on our system.",
        wrongReg: true,
      };
    case 'vehicle_pricing_failed':
      return {
        ...base,
        title: TRACKER_DEFAULT_TITLE,
        text: 'We could not work out a value for this vehicle. Please try again later.',
        refresh: true,
      };
    case 'vehicle_already_added':
      return {
        ...base,
        title: 'You have already added this vehicle',
        text: `${vrm} is already on your car value tracker.`,
        seeTracker: true,
      };
    case 'exceeded':
      return signedIn
        ? {
            ...base,
            title: 'Tracker limit reached',
            text: `You are tracking ${TRACKER_LIMIT_SIGNED_IN} vehicles, the most one account can. Stop tracking one to add this vehicle.`,
          }
        : {
            ...base,
            title: 'Tracker limit reached',
            text: `You can start tracking ${TRACKER_LIMIT_VISITOR} vehicles before you sign in. Sign in to keep them and track up to ${TRACKER_LIMIT_SIGNED_IN}.`,
            signIn: true,
          };
    default:
      if ((LOOKUP_ERROR_CODES as readonly string[]).includes(code) && code !== 'bad_request') {
        const panel = lookupErrorPanel(code as LookupErrorCode, vrm, brandName);
        return { ...base, title: panel.title, text: panel.text, refresh: panel.refresh, wrongReg: panel.wrongReg };
      }
      return { ...base, title: TRACKER_DEFAULT_TITLE, text: 'Please refresh the page and try again.', refresh: true };
  }
}
