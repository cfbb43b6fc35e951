/** Account texts the browser needs too (docs/behaviour/errors.md#catalogue). */
export const SIGNED_OUT_MESSAGE = 'You were signed out due to a technical issue. Please sign in again.';
export const ROBOT_MESSAGE = 'It looks like you are a robot';
export const SIGN_UP_FAILED_MESSAGE = 'Sorry, something went wrong. Please try again.';
export const CONTACT_INFO_FAILED_TITLE = "Couldn't update contact info";
export const PREFERENCES_FAILED_MESSAGE =
  'Sorry, we could not update your contact preferences at this time. Please refresh the page and try again.';
export const AUTH_CHANNEL = 'kerbside-auth';
