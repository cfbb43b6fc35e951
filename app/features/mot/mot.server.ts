import { z } from 'zod';
import { CONTACT_MESSAGES, looksLikePhone } from '../../../contract/contact-rules';
import { endpoints } from '../../../contract/endpoints';
import { EmailSchema } from '~/lib/forms/validation.server';
import { MOT_CHECKER_VIEW, type MotConfirmErrorCode, type MotReminderConfirmed, type MotReminderResponse } from '../../../contract/mot';
import { toLookupErrorCode } from '../../../contract/vehicles';
import { lookupErrorStatus } from '~/features/entry/lookup-errors';
import { lookupPanels, type ToolCheck } from '~/features/tools/tool.server';
import { panelFailure } from '../../lib/failures.server';
import type { GatewayClient } from '../../lib/gateway.server';
import type { MotResult } from './mot-tool';

/**
 * The MOT check: the vehicle's tests from the MOT history provider. A failed check is the lookup's
 * panel for its code (a platform down or slow is the default panel), never an error page.
 */
export const motCheck: ToolCheck<MotResult> = {
  ...lookupPanels,
  async check(context, vrm) {
    const result = await context.gateway.attempt(endpoints.mot.check, { params: { vrm, view: MOT_CHECKER_VIEW } });
    if (!result.ok) {
      const failed = panelFailure(result.failure, 'mot_check.failed');
      const code = toLookupErrorCode(failed.code);
      return { ok: false, code, status: lookupErrorStatus(code, failed.outage) };
    }
    const reminder = context.session.get('motReminder');
    return { ok: true, result: { check: result.value, reminder: reminder?.vrm === vrm ? reminder : null } };
  },
  checked: (result) => ({ status: result.check.status }),
};

/**
 * The reminders form (the results page): the same rules as the browser's (mot-tool.tsx
 * REMINDER_RULES). Schemas live in server modules: a schema at a route module's top level would
 * bring zod into the browser's bundle.
 */
export const ReminderSchema = z.object({
  email: EmailSchema,
  mobile: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || looksLikePhone(value), CONTACT_MESSAGES.phone),
});

export type ReminderOutcome =
  { ok: true; reminder: MotReminderResponse } | { ok: false; fields?: { email?: string; mobile?: string }; message?: string };

export const REMINDER_MESSAGES = {
  exempt: 'This vehicle does not need an MOT, so there is nothing to remind you of.',
  expired: 'This vehicle has no valid MOT, so a reminder would come too late: book a test now.',
  failed: 'Sorry, we could not set up your reminders just now. Please try again in a few minutes.',
} as const;

/**
 * Asks for reminders, which start only once the e-mailed link is pressed. The platform's refusals
 * (its outcomes) come back with their own words; a platform that fails (down, slow, garbled, 429)
 * throws, and the action answers it the one way every form does (lib/forms/form.server.ts).
 */
export async function requestReminders(
  gateway: GatewayClient,
  vrm: string,
  details: { email: string; mobile?: string },
): Promise<ReminderOutcome> {
  const result = await gateway.attempt(endpoints.mot.requestReminders, { params: { vrm }, body: details });
  if (result.ok) return { ok: true, reminder: result.value };
  const { failure } = result;
  if (failure.kind !== 'outcome') throw failure;
  if (failure.body?.fields) return { ok: false, fields: failure.body.fields };
  if (failure.outcome === 'mot_exempt') return { ok: false, message: REMINDER_MESSAGES.exempt };
  if (failure.outcome === 'mot_expired') return { ok: false, message: REMINDER_MESSAGES.expired };
  // Another refusal: the platform's words are written for the seller.
  return { ok: false, message: failure.body?.message ?? REMINDER_MESSAGES.failed };
}

/** The confirmation page's button: the token of the e-mailed link (its words are the page's). */
export const ConfirmSchema = z.object({ token: z.string().min(1) });

export type ConfirmOutcome = { ok: true; confirmed: MotReminderConfirmed } | { ok: false; code: MotConfirmErrorCode };

/** The e-mailed link, pressed. A link past its days or not valid any more is an outcome for the page; a failing platform throws. */
export async function confirmReminders(gateway: GatewayClient, vrm: string, token: string): Promise<ConfirmOutcome> {
  const result = await gateway.attempt(endpoints.mot.confirmReminders, { params: { vrm }, body: { token } });
  if (result.ok) return { ok: true, confirmed: result.value };
  if (result.failure.kind !== 'outcome') throw result.failure;
  return { ok: false, code: result.failure.outcome === 'confirmation_expired' ? 'confirmation_expired' : 'confirmation_invalid' };
}

declare module '~/lib/session.server' {
  interface SessionFlashData {
    /** MOT reminders just asked for, for the results page to say a confirmation link is on its way. */
    motReminder: MotReminderResponse;
    /** MOT reminders just confirmed from the e-mailed link, for the page that says they are on. */
    motReminderConfirmed: MotReminderConfirmed;
  }
}
