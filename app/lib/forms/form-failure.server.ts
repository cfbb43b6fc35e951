import type { SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/cloudflare';
import { SIGN_UP_FAILED_MESSAGE } from '../auth-messages';
import { GatewayError, GatewayUnavailableError } from '../gateway.server';

/**
 * What a form shows when the platform did not do what the seller asked (docs/decisions/010): the
 * same page, their typed values, one message in the spec's voice (spec 2 §8), and a status that says
 * which kind of failure it was. One mapping for every action, so a step never falls through to the
 * generic error page for a failure we know.
 */
export interface FormFailure {
  status: number;
  message: string;
  /** Set for failures of the platform itself (as opposed to its refusing what was asked). */
  outage: boolean;
}

/** Spec 2 §8, sign-up failure: the platform failed or sent something we could not read. */
export const UNAVAILABLE_MESSAGE = SIGN_UP_FAILED_MESSAGE;
/** The platform took longer than the timeout: it may have done it, so the seller checks before retrying. */
export const TIMEOUT_MESSAGE = 'Sorry, this is taking longer than it should. Please check the page in a minute before you try again.';
/** Spec 2 §8, too many requests, with the brand in place of "the product". */
export const tooManyRequestsMessage = (brandName: string) =>
  `We have detected you are making a lot of requests to ${brandName}. Please try again later.`;

/**
 * Statuses the platform uses to refuse what was asked under its rules; its message is written for
 * the seller. A 404 is not one: something the form named is gone (or never was), which the
 * platform's words would not help the seller with.
 */
const REFUSALS = new Set([400, 403, 409, 410, 413, 415, 422]);

/** The failure a gateway error means for a form, or null for errors that are not the gateway's (rethrow those). */
export function formFailure(error: unknown, brandName: string): FormFailure | null {
  if (!(error instanceof GatewayError)) return null;
  if (error instanceof GatewayUnavailableError) {
    return error.code === 'timeout'
      ? { status: 504, message: TIMEOUT_MESSAGE, outage: true }
      : { status: 503, message: UNAVAILABLE_MESSAGE, outage: true };
  }
  if (error.status === 429) return { status: 429, message: tooManyRequestsMessage(brandName), outage: true };
  // A 401 here has already been through a token refresh (the client retries once): the session
  // is fine on our side, so it is the platform failing, not the seller signing out.
  if (error.status === 401) return { status: 503, message: UNAVAILABLE_MESSAGE, outage: true };
  // Not a refusal with words for the seller, and not an outage either: a fabricated id, or a record gone.
  if (error.status === 404) return { status: 404, message: UNAVAILABLE_MESSAGE, outage: false };
  if (REFUSALS.has(error.status)) {
    return { status: error.status === 403 ? 409 : error.status, message: error.message || UNAVAILABLE_MESSAGE, outage: false };
  }
  return { status: 503, message: UNAVAILABLE_MESSAGE, outage: true };
}

/**
 * The one way an action answers a gateway failure: the failure's message as a form error of the
 * conform submission (so the typed values come back with it) and its status. Anything that is not
 * a gateway error is thrown on, to the error page and the log.
 */
export function failureReply(
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  error: unknown,
  context: { config: { brandName: string } },
  event: string,
  options: {
    /** Put the message by this field instead of above the form (an upload's file input, say). */
    field?: string;
    /** A form whose outage text the spec words itself (contact preferences). */
    outageMessage?: string;
  } = {},
) {
  const failure = formFailure(error, context.config.brandName);
  if (!failure) throw error;
  logFailure(event, error as GatewayError, failure);
  const message = failure.outage && failure.status !== 429 && options.outageMessage ? options.outageMessage : failure.message;
  const reply = options.field ? submission.reply({ fieldErrors: { [options.field]: [message] } }) : submission.reply({ formErrors: [message] });
  return data(reply, { status: failure.status });
}

export function logFailure(event: string, error: GatewayError, failure: FormFailure) {
  console.warn(JSON.stringify({ event, status: error.status, code: error.code, outage: failure.outage, message: error.message }));
}

/** Runs a gateway call for an action; a failure comes back as a value instead of a throw. */
export async function attempt<T>(
  call: () => Promise<T>,
  brandName: string,
  event: string,
): Promise<{ ok: true; value: T } | { ok: false; failure: FormFailure }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const failure = formFailure(error, brandName);
    if (!failure) throw error;
    logFailure(event, error as GatewayError, failure);
    return { ok: false, failure };
  }
}

/**
 * For loaders: a platform outage while loading a page becomes that status with the message (the
 * error boundaries show it as the page-load failure of spec 2 §8) rather than the generic error page.
 */
export async function loadOrOutage<T>(load: () => Promise<T>, brandName: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const failure = formFailure(error, brandName);
    if (!failure?.outage) throw error;
    logFailure('page.load_failed', error as GatewayError, failure);
    throw data({ outage: true, message: failure.message }, { status: failure.status });
  }
}
