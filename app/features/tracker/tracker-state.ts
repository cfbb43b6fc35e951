import type { TrackerOutcomeCode } from '../../../contract/trackers';

/**
 * Where a seller is in adding a car to the value tracker, kept in the session (docs/behaviour/principles.md#rule-3)
 * so a reload, a second tab and a browser without JS see the same step. Small: it travels in the
 * session cookie.
 */
export interface TrackerStepVehicle {
  vrm: string;
  name: string;
  details: string;
  firstRegistration: string;
  mileageEst: number | null;
  mileageLastMot: number | null;
  last_mot_date: string | null;
  /** What the seller typed on the mileage step, kept so the form shows it again. */
  mileageEntered?: number | null;
}

export interface TrackerStepState {
  vehicle?: TrackerStepVehicle;
  /** The last attempt's error, for the panel on the page it came back to. */
  error?: { code: TrackerOutcomeCode | string; vrm: string; step: 'reg' | 'mileage' };
  /** A car the visitor started tracking, waiting for them to sign in or sign up. */
  pendingVrm?: string;
}

declare module '~/lib/session.server' {
  interface SessionData {
    /** The car value tracker's steps: the car being added, or the error of the last attempt. */
    tracker?: TrackerStepState;
  }
}
