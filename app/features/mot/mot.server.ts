import { toLookupErrorCode, type LookupErrorCode } from '../../../contract/vehicles';
import { MOT_CHECKER_VIEW, type MotCheck, type MotConfirmErrorCode, type MotReminderConfirmed, type MotReminderResponse } from '../../../contract/mot';
import { GatewayError, type GatewayClient } from '../../lib/gateway.server';

/** `outage`: the platform failed rather than answered (the page says so with a 503). */
export type MotCheckOutcome = { ok: true; check: MotCheck } | { ok: false; code: LookupErrorCode; outage: boolean };

/** Statuses the checker answers with a {code} body: outcomes to show as the lookup's panels. */
const CHECK_OUTCOME_STATUSES = [400, 404, 429, 500, 502, 503, 504] as const;

/** GET /platform/vehicle-checker/{vrm}/mot/checker/history; a gateway that is down or slow is the default panel. */
export async function checkMot(gateway: GatewayClient, vrm: string): Promise<MotCheckOutcome> {
  try {
    const { status, data } = await gateway.request<MotCheck | { code?: string } | null>(
      'GET',
      `/platform/vehicle-checker/${encodeURIComponent(vrm)}/mot/checker/${MOT_CHECKER_VIEW}`,
      { allowStatuses: CHECK_OUTCOME_STATUSES },
    );
    if (status === 200 && data && 'tests' in data) return { ok: true, check: data };
    return { ok: false, code: toLookupErrorCode((data as { code?: string } | null)?.code), outage: status >= 500 };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.warn(JSON.stringify({ event: 'mot_check.failed', status: error.status, message: error.message }));
    return { ok: false, code: 'bad_request', outage: true };
  }
}

export type ReminderOutcome =
  | { ok: true; reminder: MotReminderResponse }
  | { ok: false; fields?: { email?: string; mobile?: string }; message?: string };

export const REMINDER_MESSAGES = {
  exempt: 'This vehicle does not need an MOT, so there is nothing to remind you of.',
  expired: 'This vehicle has no valid MOT, so a reminder would come too late: book a test now.',
  failed: 'Sorry, we could not set up your reminders just now. Please try again in a few minutes.',
} as const;

/**
 * POST /platform/vehicle-checker/{vrm}/mot/notifications: asks for reminders, which start only once
 * the e-mailed link is pressed. The platform's refusals come back as
 * outcomes with their own words; a platform that fails (down, slow, garbled, 429) throws, and the
 * action answers it the one way every form does (form-failure.server.ts).
 */
export async function requestReminders(gateway: GatewayClient, vrm: string, details: { email: string; mobile?: string; linkBase: string }): Promise<ReminderOutcome> {
  const { status, data } = await gateway.request<MotReminderResponse & { code?: string; message?: string; fields?: { email?: string; mobile?: string } }>(
    'POST',
    `/platform/vehicle-checker/${encodeURIComponent(vrm)}/mot/notifications`,
    { body: details, allowStatuses: [400, 409] },
  );
  if (status === 202 && data && 'email' in data) return { ok: true, reminder: data };
  if (data?.fields) return { ok: false, fields: data.fields };
  if (data?.code === 'mot_exempt') return { ok: false, message: REMINDER_MESSAGES.exempt };
  if (data?.code === 'mot_expired') return { ok: false, message: REMINDER_MESSAGES.expired };
  // Another refusal: the platform's words are written for the seller.
  return { ok: false, message: data?.message ?? REMINDER_MESSAGES.failed };
}

export type ConfirmOutcome = { ok: true; confirmed: MotReminderConfirmed } | { ok: false; code: MotConfirmErrorCode };

/**
 * POST /platform/vehicle-checker/{vrm}/mot/notifications/confirm: the e-mailed link, pressed. A
 * link past its days or not valid any more is an outcome for the page; a failing platform throws.
 */
export async function confirmReminders(gateway: GatewayClient, vrm: string, token: string): Promise<ConfirmOutcome> {
  const { status, data } = await gateway.request<MotReminderConfirmed | { code?: string }>(
    'POST',
    `/platform/vehicle-checker/${encodeURIComponent(vrm)}/mot/notifications/confirm`,
    { body: { token }, allowStatuses: [404, 410] },
  );
  if (status === 200 && data && 'unsubscribePath' in data) return { ok: true, confirmed: data };
  return { ok: false, code: status === 410 ? 'confirmation_expired' : 'confirmation_invalid' };
}

declare module '~/lib/session.server' {
  interface SessionFlashData {
    /** MOT reminders just asked for, for the results page to say a confirmation link is on its way. */
    motReminder: MotReminderResponse;
    /** MOT reminders just confirmed from the e-mailed link, for the page that says they are on. */
    motReminderConfirmed: MotReminderConfirmed;
  }
}
