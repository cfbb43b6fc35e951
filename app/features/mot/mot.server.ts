import { endpoints } from '../../../contract/endpoints';
import type { MotConfirmErrorCode, MotReminderConfirmed, MotReminderResponse } from '../../../contract/mot';
import type { GatewayClient } from '../../lib/gateway.server';

export type ReminderOutcome =
  | { ok: true; reminder: MotReminderResponse }
  | { ok: false; fields?: { email?: string; mobile?: string }; message?: string };

export const REMINDER_MESSAGES = {
  exempt: 'This vehicle does not need an MOT, so there is nothing to remind you of.',
  expired: 'This vehicle has no valid MOT, so a reminder would come too late: book a test now.',
  failed: 'Sorry, we could not set up your reminders just now. Please try again in a few minutes.',
} as const;

/**
 * Asks for reminders, which start only once the e-mailed link is pressed. The platform's refusals
 * (its outcomes) come back with their own words; a platform that fails (down, slow, garbled, 429)
 * throws, and the action answers it the one way every form does (form-failure.server.ts).
 */
export async function requestReminders(gateway: GatewayClient, vrm: string, details: { email: string; mobile?: string; linkBase: string }): Promise<ReminderOutcome> {
  const result = await gateway.attempt(endpoints.mot.requestReminders, { params: { vrm }, body: details });
  if (result.ok) return { ok: true, reminder: result.value };
  if (result.failure.kind !== 'outcome') throw result.failure;
  const refusal = result.failure.body as { code?: string; message?: string; fields?: { email?: string; mobile?: string } } | null;
  if (refusal?.fields) return { ok: false, fields: refusal.fields };
  if (refusal?.code === 'mot_exempt') return { ok: false, message: REMINDER_MESSAGES.exempt };
  if (refusal?.code === 'mot_expired') return { ok: false, message: REMINDER_MESSAGES.expired };
  // Another refusal: the platform's words are written for the seller.
  return { ok: false, message: refusal?.message ?? REMINDER_MESSAGES.failed };
}

export type ConfirmOutcome = { ok: true; confirmed: MotReminderConfirmed } | { ok: false; code: MotConfirmErrorCode };

/** The e-mailed link, pressed. A link past its days or not valid any more is an outcome for the page; a failing platform throws. */
export async function confirmReminders(gateway: GatewayClient, vrm: string, token: string): Promise<ConfirmOutcome> {
  const result = await gateway.attempt(endpoints.mot.confirmReminders, { params: { vrm }, body: { token } });
  if (result.ok) return { ok: true, confirmed: result.value };
  if (result.failure.kind !== 'outcome') throw result.failure;
  return { ok: false, code: result.failure.status === 410 ? 'confirmation_expired' : 'confirmation_invalid' };
}

declare module '~/lib/session.server' {
  interface SessionFlashData {
    /** MOT reminders just asked for, for the results page to say a confirmation link is on its way. */
    motReminder: MotReminderResponse;
    /** MOT reminders just confirmed from the e-mailed link, for the page that says they are on. */
    motReminderConfirmed: MotReminderConfirmed;
  }
}
