import type { LookupErrorCode, Make, Vehicle } from './vehicles';

/**
 * The car value tracker (docs/behaviour/entry.md#calls, docs/behaviour/tools.md#car-value-tracker, docs/behaviour/accounts.md#roles, docs/behaviour/gateway.md#journey-calls Trackers): shapes shared by the platform
 * and the app. The observed service did not show the response shapes; these are ours (docs/trackers.md).
 */

/**
 * How many cars one owner may track (docs/behaviour/accounts.md#roles: "tracker limit constants 10 and 3, roles not
 * explicit"). Our reading: a signed-in seller keeps up to 10; a visitor who has not signed in yet
 * may start tracking up to 3 (kept for their browser until they sign in or sign up, then they
 * become the account's, within its 10).
 */
export const TRACKER_LIMIT_SIGNED_IN = 10;
export const TRACKER_LIMIT_VISITOR = 3;

/** Errors of the tracker endpoints beyond the lookup's own (docs/behaviour/entry.md#lookup-errors, docs/behaviour/states.md, docs/behaviour/errors.md#catalogue). */
export type TrackerErrorCode = 'vrm_not_found_after_refetch' | 'vehicle_pricing_failed' | 'unable_to_add';

/** Every code a tracker call can answer with; anything unknown is shown as the tracker default. */
export type TrackerOutcomeCode = TrackerErrorCode | LookupErrorCode;

export interface TrackerValuation {
  /** The calendar month the valuation stands for, YYYY-MM (one per month). */
  month: string;
  valuedAt: string;
  mileage: number;
  price: number;
  low: number;
  high: number;
  /**
   * entered: valued when the seller added the car, at the mileage they gave;
   * derived: a past month, valued by the model at that date with the mileage scaled back by the car's use;
   * monthly: the platform's monthly revaluation, with the mileage carried forward.
   */
  source: 'entered' | 'derived' | 'monthly';
}

export interface Tracker {
  id: number;
  vrm: string;
  vrm_pretty: string;
  make: Make;
  model: string;
  year: number;
  createdAt: string;
  /** Oldest first; the last is the car's value now. */
  trackerValuations: TrackerValuation[];
}

/** POST /platform/v3/trackers/track {vrm}: the car, found in the register, before its mileage. */
export interface TrackResponse {
  code: 'ok';
  vehicle: Vehicle;
}

/** POST /platform/v3/trackers {vrm, mileage} answers 201 with the new tracker (its e-mails link to the platform's configured origin). */
export interface AddTrackerRequest {
  vrm: string;
  mileage: number;
}

/** GET /platform/v3/trackers/list[?vrm=]: the seller's trackers, newest first. */
export interface TrackerListResponse {
  trackers: Tracker[];
  limit: number;
}

/** Every failure of a tracker call: {code, message} with the HTTP status. */
export interface TrackerErrorBody {
  code: TrackerOutcomeCode;
  message: string;
}
