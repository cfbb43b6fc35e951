import type { LookupErrorCode } from '../../../contract/vehicles';
import type { Tracker, TrackerListResponse, TrackerOutcomeCode, TrackResponse } from '../../../contract/trackers';
import { GatewayError, type GatewayClient } from '../../lib/gateway.server';

/** Statuses the tracker calls answer with a {code} body: outcomes to show, not failures. */
const OUTCOME_STATUSES = [400, 404, 409, 422, 429, 500, 502, 503] as const;

export type TrackerOutcome<T> = { ok: true; value: T } | { ok: false; code: TrackerOutcomeCode | 'unable_to_add' };

async function call<T>(gateway: GatewayClient, path: string, body: unknown): Promise<TrackerOutcome<T>> {
  try {
    const { status, data } = await gateway.request<(T & { code?: string }) | { code?: string } | null>('POST', path, { body, allowStatuses: OUTCOME_STATUSES });
    if (status < 300 && data) return { ok: true, value: data as T };
    return { ok: false, code: ((data as { code?: string } | null)?.code as TrackerOutcomeCode | undefined) ?? 'unable_to_add' };
  } catch (error) {
    // A gateway that is down or slow is the tracker's default panel, never an error page.
    if (error instanceof GatewayError) {
      console.warn(JSON.stringify({ event: 'tracker.failed', path, status: error.status, message: error.message }));
      return { ok: false, code: 'unable_to_add' };
    }
    throw error;
  }
}

/** POST /platform/v3/trackers/track {vrm}: the car from the register, with the checks adding will make. */
export function trackVehicle(gateway: GatewayClient, vrm: string) {
  return call<TrackResponse>(gateway, '/platform/v3/trackers/track', { vrm });
}

/** POST /platform/v3/trackers {vrm, mileage, linkBase}: starts tracking the car. */
export function addTracker(gateway: GatewayClient, vrm: string, mileage: number, linkBase: string) {
  return call<Tracker>(gateway, '/platform/v3/trackers', { vrm, mileage, linkBase });
}

/** GET /platform/v3/trackers/list[?vrm=] (signed in). */
export function listTrackers(gateway: GatewayClient, vrm?: string) {
  return gateway.get<TrackerListResponse>('/platform/v3/trackers/list', { query: { vrm } });
}

export async function removeTracker(gateway: GatewayClient, vrm: string): Promise<boolean> {
  try {
    await gateway.post('/platform/v3/trackers/remove', { vrm });
    return true;
  } catch (error) {
    if (error instanceof GatewayError) return false;
    throw error;
  }
}

export type { LookupErrorCode };
