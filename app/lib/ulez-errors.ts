import type { UlezErrorCode } from '../../contract/ulez';
import type { LookupErrorPanel } from './lookup-errors';

/** The ULEZ checker's panels, word for word from spec 1 §8 (ULEZ checker panel). */
export function ulezErrorPanel(code: UlezErrorCode | 'default', brandName: string): LookupErrorPanel {
  const base = { refresh: false, manageVehicles: false, wrongReg: false, hidesMileage: true };
  switch (code) {
    case 'compliance_service_error':
      return {
        ...base,
        title: 'In high demand',
        text: 'Our checking service is currently extremely busy and we cannot check your vehicle right now. Please try again in a few minutes!',
      };
    case 'too_many_requests':
      return { ...base, title: 'Too many requests', text: `We have detected you are making a lot of requests to ${brandName}. Please try again later.` };
    case 'not_available':
      return { ...base, title: 'Compliance status unavailable', text: 'Unfortunately, we are unable to confirm whether this car is ULEZ compliant.' };
    case 'vehicle_generation_failure':
      return { ...base, title: 'Sorry, an error has occurred', text: 'Please refresh the page and try again.', refresh: true };
    case 'exceeded':
      return {
        ...base,
        title: 'Vehicle account limit reached',
        text: 'You have reached the maximum number of vehicles in your account. Remove one to add this vehicle.',
        manageVehicles: true,
      };
    case 'bad_request':
      return { ...base, title: 'Bad request', text: 'Please refresh the page and try again.', refresh: true };
    case 'vehicle_lookup_failed':
    default:
      return {
        ...base,
        title: 'Did we get the reg right?',
        text: "We couldn't find a vehicle with that registration. Enter a valid UK reg. Recent registrations take a few days to appear on our system.",
        wrongReg: true,
      };
  }
}

/** The HTTP status a page showing the panel answers with. */
export function ulezErrorStatus(code: UlezErrorCode | 'default'): number {
  switch (code) {
    case 'vehicle_lookup_failed':
      return 404;
    case 'too_many_requests':
      return 429;
    case 'bad_request':
      return 400;
    case 'exceeded':
      return 409;
    default:
      return 503;
  }
}
