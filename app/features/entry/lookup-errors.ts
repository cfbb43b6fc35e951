import type { LookupErrorCode } from '../../../contract/vehicles';

/**
 * The hero's lookup error panels (docs/behaviour/entry.md#lookup-errors, worded as docs/behaviour/errors.md#catalogue). Codes the observed service had no
 * hero text for (compliance_service_error, not_available, vehicle_already_added) are written in the
 * same voice.
 */
export interface LookupErrorPanel {
  title: string;
  text: string;
  /** A button that runs the same lookup again. */
  refresh: boolean;
  /** 'Manage vehicles' → /account. */
  manageVehicles: boolean;
  /** The reg itself is wrong: the lookup button reads 'Check again'. */
  wrongReg: boolean;
  /** The mileage area hides for these (docs/behaviour/entry.md#lookup-errors). */
}

export function lookupErrorPanel(code: LookupErrorCode, vrm: string, brandName: string): LookupErrorPanel {
  const base = { refresh: false, manageVehicles: false, wrongReg: false };
  switch (code) {
    case 'exceeded':
      return {
        ...base,
        title: 'Vehicle account limit reached',
        text: 'You have reached the maximum number of vehicles in your account. Remove one to add this vehicle.',
        manageVehicles: true,
      };
    case 'invalid_vrm':
      return { ...base, title: `${vrm} is a not a valid reg`, text: 'Please check your reg and try again.', wrongReg: true };
    case 'too_many_requests':
      return {
        ...base,
        title: 'Too many requests',
        text: `We have detected you are making a lot of requests to ${brandName}. Please try again later.`,
      };
    case 'vehicle_generation_failure':
      return {
        ...base,
        title: 'Sorry, an error has occurred',
        text: 'Please refresh the page and try again.',
        refresh: true,
      };
    case 'vehicle_lookup_failed':
      return {
        ...base,
        title: 'Did we get the reg right?',
        text: "We couldn't find a vehicle with that registration. Enter a valid UK reg. Recent registrations take a few days to appear on our system.",
        wrongReg: true,
      };
    case 'compliance_service_error':
      return {
        ...base,
        title: 'In high demand',
        text: 'Our checking service is currently extremely busy and we cannot check your vehicle right now. Please try again in a few minutes!',
        refresh: true,
      };
    case 'not_available':
      return {
        ...base,
        title: 'Vehicle details unavailable',
        text: 'Unfortunately, we are unable to get the details of this vehicle right now. Please try again in a few minutes.',
        refresh: true,
      };
    case 'vehicle_already_added':
      return { ...base, title: 'You have already added this vehicle', text: 'It is already in your account.', manageVehicles: true };
    case 'bad_request':
    default:
      return {
        ...base,
        title: 'Bad request',
        text: 'Please refresh the page and try again.',
        refresh: true,
        wrongReg: true,
      };
  }
}

/**
 * The HTTP status of a page that shows a lookup panel (the tools' results pages): the registration
 * or request was wrong (400), not found (404), refused by a limit (409, 429), or the service failed
 * (503). A failure of the platform itself is a 503 whatever code it carried (`outage`).
 */
export function lookupErrorStatus(code: LookupErrorCode, outage = false): number {
  if (outage) return 503;
  switch (code) {
    case 'invalid_vrm':
    case 'bad_request':
      return 400;
    case 'vehicle_lookup_failed':
      return 404;
    case 'exceeded':
    case 'vehicle_already_added':
      return 409;
    case 'too_many_requests':
      return 429;
    default:
      return 503;
  }
}
