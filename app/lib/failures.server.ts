import { data } from '@remix-run/cloudflare';
import { SIGN_UP_FAILED_MESSAGE } from './auth-messages';
import type { AnyEndpoint, OutcomeCodeOf } from '../../contract/endpoint';
import { PlatformFailure, type Refusal } from './gateway.server';

/**
 * What the seller is told when a platform call failed (docs/decisions/010): one mapping from a
 * PlatformFailure to a message in the product's voice (docs/behaviour/errors.md#catalogue) and a status that says which kind
 * of failure it was, used alike by forms (the same page, their typed values and this message),
 * pages (the page-load failure) and panels. A step never falls through to the generic error page
 * for a failure we know.
 */
export interface FailureView {
  status: number;
  message: string;
  /** Set for failures of the platform itself (as opposed to its refusing what was asked). */
  outage: boolean;
}

/** docs/behaviour/errors.md#catalogue, sign-up failure: the platform failed or sent something we could not read. */
export const UNAVAILABLE_MESSAGE = SIGN_UP_FAILED_MESSAGE;
/** The platform took longer than the timeout: it may have done it, so the seller checks before retrying. */
export const TIMEOUT_MESSAGE = 'Sorry, this is taking longer than it should. Please check the page in a minute before you try again.';
/** docs/behaviour/errors.md#catalogue, too many requests, with the brand in place of "the product". */
export const tooManyRequestsMessage = (brandName: string) =>
  `We have detected you are making a lot of requests to ${brandName}. Please try again later.`;

/** A refusal's status, by how the platform refused (gateway.server.ts `Refusal`). */
const REFUSAL_STATUS: Record<Refusal, number> = {
  invalid: 400,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
};

/**
 * The view of a failure, or null for an error that is not a platform failure (rethrow those). It
 * reads the failure's kind alone, as the gateway client decided it: an outcome the caller did not
 * handle reads as the kind its status has for any endpoint (`readsAs`).
 */
export function failureView(error: unknown, brandName: string): FailureView | null {
  return error instanceof PlatformFailure ? viewOf(error, brandName) : null;
}

function viewOf(failure: PlatformFailure, brandName: string): FailureView {
  switch (failure.readsAs) {
    case 'timeout':
      return { status: 504, message: TIMEOUT_MESSAGE, outage: true };
    case 'rate_limited':
      return { status: 429, message: tooManyRequestsMessage(brandName), outage: true };
    // A 401 that left the session standing (a refused refresh ends it, and the gateway client sends
    // the seller to sign in instead): a call without a session, or a token refused just after its
    // refresh. Either way the platform failing, not the seller signing out.
    case 'unauthorised':
    case 'unavailable':
      return { status: 503, message: UNAVAILABLE_MESSAGE, outage: true };
    // Not a refusal with words for the seller, and not an outage either: a fabricated id, or a record gone.
    case 'not_found':
      return { status: 404, message: UNAVAILABLE_MESSAGE, outage: false };
    case 'refused':
      return { status: REFUSAL_STATUS[failure.refusal ?? 'invalid'], message: failure.message || UNAVAILABLE_MESSAGE, outage: false };
  }
}

export function logFailure(event: string, failure: PlatformFailure, view: FailureView) {
  console.warn(
    JSON.stringify({
      event,
      endpoint: failure.endpoint,
      status: failure.status,
      code: failure.code,
      outage: view.outage,
      message: failure.message,
    }),
  );
}

/** The platform failed while a page read what it shows: the failure's status and message (docs/decisions/026). */
export interface Outage {
  status: number;
  message: string;
}

/** The outage behind an error, logged under `event`; null for anything else (a refusal, a bug), which the caller throws on. */
function outageOf(error: unknown, brandName: string, event: string): Outage | null {
  if (!(error instanceof PlatformFailure)) return null;
  const view = viewOf(error, brandName);
  if (!view.outage) return null;
  logFailure(event, error, view);
  return { status: view.status, message: view.message };
}

/**
 * For loaders: a platform outage while loading a page becomes that status with the message (the
 * error boundaries show it as the page-load failure of docs/behaviour/errors.md#error-pages) rather than the generic error page.
 * The seller's own steps read with `readOrOutage` instead, and stand without the platform.
 */
export async function loadOrOutage<T>(load: () => Promise<T>, brandName: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const outage = outageOf(error, brandName, 'page.load_failed');
    if (!outage) throw error;
    throw data({ outage: true, message: outage.message }, { status: outage.status });
  }
}

/**
 * For the loaders of the seller's steps (docs/decisions/026): the read's value, or, when the
 * platform failed, its outage, so that the page still renders in its frame from what the session
 * holds, with the form as the seller sent it, instead of the page-load failure taking its place.
 */
export async function readOrOutage<T>(
  load: () => Promise<T>,
  brandName: string,
): Promise<{ value: T; outage: null } | { value: null; outage: Outage }> {
  try {
    return { value: await load(), outage: null };
  } catch (error) {
    const outage = outageOf(error, brandName, 'page.load_degraded');
    if (!outage) throw error;
    return { value: null, outage };
  }
}

/** A step's page during an outage: its data as far as it goes, answered with the outage's status. */
export const degraded = <T extends { outage: Outage }>(page: T) => data(page, { status: page.outage.status });

/**
 * For panels (the lookup's, the tools'): what a failed call shows. `code` is the endpoint's own
 * outcome code, or null for a failure of the platform (each panel has its default for that);
 * `status` is the failure's view; `outage` says the platform failed rather than answered: an
 * outcome answered as the platform failing (a provider down, 5xx) is one too. Failures that are
 * not outcomes are logged under `event`.
 */
export function panelFailure<E extends AnyEndpoint>(
  failure: PlatformFailure<E>,
  event: string,
): { code: OutcomeCodeOf<E> | null; status: number; outage: boolean } {
  const view = viewOf(failure, '');
  if (failure.kind === 'outcome') {
    return { code: failure.outcome, status: view.status, outage: failure.readsAs === 'unavailable' || failure.readsAs === 'timeout' };
  }
  logFailure(event, failure, view);
  return { code: null, status: view.status, outage: true };
}
