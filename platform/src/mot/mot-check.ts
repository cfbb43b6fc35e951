import { analyseMot, MOT_CHECKER_VIEW, type MotCheck, type MotReminderConfirmed, type MotReminderResponse } from '../../../contract/mot';
import { checkUkPhone, CONTACT_MESSAGES, isEmail } from '../../../contract/contact-validation';
import type { endpoints } from '../../../contract/endpoints';
import { formatVrm, normaliseVrm } from '../../../contract/vrm';
import { sendEmail } from '../outbox';
import { intVar, tokenSecret, type PlatformEnv } from '../env';
import { CONFIRM_LINK_DAYS, lapseCutoff, nextReminderDate, onSignUpRequest } from './mot-reminders';
import { findRegistered, makeOf, toMotHistory } from '../providers/register';
import type { HandlerContext, TypedHandler } from '../router';
import { randomToken, sha256, signMotConfirmToken, verifyMotConfirmToken } from '../tokens';
import { unsubscribePath } from '../unsubscribe';
import { requirePublicOrigin } from '../public-origin';
import { sleep } from '../util';
import { toolRateLimited, toolVehicle, type ToolFailure } from '../tools';
import { clockNow } from '../clock';
import {
  confirmSignUp,
  createSignUp,
  findSignUp,
  pendingSignUpsElsewhere,
  remindersSent,
  resendConfirmation,
  setConfirmationLink,
} from './store';

/** GET /platform/vehicle-checker/{vrm}/mot/checker/history → MotCheck (contract/mot.ts). */
export const motCheck: TypedHandler<typeof endpoints.mot.check> = async ({ params }, ctx) => {
  if (params.view !== MOT_CHECKER_VIEW) return ctx.outcome({ status: 404, code: 'not_found', message: 'No such checker' });
  const refused = await toolRateLimited(ctx.request, ctx.env, ctx.exec, 'mot-check');
  if (refused) return ctx.outcome(refused);
  const found = await toolVehicle(params.vrm, ctx.env, 'MOT history');
  if ('failure' in found) return ctx.outcome(found.failure);
  // The MOT history comes from an outside provider that takes its time.
  await sleep(intVar(ctx.env.PROVIDER_LATENCY_MS, 250));
  const { row, tests } = found.registered;
  const history = toMotHistory(row, tests);
  return {
    vrm: row.vrm,
    vrmPretty: formatVrm(row.vrm),
    make: makeOf(row.make).display_name,
    model: row.model,
    colour: row.colour,
    fuelType: row.fuel_type,
    firstUsedDate: row.first_used_date,
    tests: history.motTests,
    ...analyseMot({ firstUsedDate: row.first_used_date }, history.motTests, clockNow()),
  } satisfies MotCheck;
};

/**
 * A tool's failure that the reminder forms do not show as an outcome (their entries say which):
 * the limit, a registration the register lacks, a failing or slow provider, answered as they came.
 */
const asFailure = (failure: ToolFailure, ctx: Pick<HandlerContext, 'fail'>) => ctx.fail(failure as Parameters<HandlerContext['fail']>[0]);

/**
 * POST /platform/vehicle-checker/{vrm}/mot/notifications {email, mobile?}: asks for MOT
 * reminders for one vehicle to one address. Nothing is switched on here: the address is sent a
 * confirmation link (PECR consent), and reminders start once it is pressed. Every accepted request
 * gets the same 202 whether a confirmation went, one went lately, or reminders are on already.
 */
export const motNotifications: TypedHandler<typeof endpoints.mot.requestReminders> = async ({ params, body }, ctx) => {
  const { env } = ctx;
  const refused = await toolRateLimited(ctx.request, env, ctx.exec, 'mot-notifications');
  if (refused) return asFailure(refused, ctx);
  const email = body.email.trim().toLowerCase();
  const mobileInput = (body.mobile ?? '').trim();
  const problems: Record<string, string> = {};
  if (!isEmail(email) || email.length > 254) problems.email = CONTACT_MESSAGES.email;
  const phone = mobileInput ? checkUkPhone(mobileInput) : null;
  if (phone && (!phone.valid || !phone.mobile)) problems.mobile = CONTACT_MESSAGES.phone;
  if (Object.keys(problems).length)
    return ctx.outcome({ status: 400, code: 'invalid', message: 'Some details are not valid', fields: problems });

  const found = await toolVehicle(params.vrm, env, 'MOT history');
  if ('failure' in found) {
    const { failure } = found;
    return failure.status === 400 || failure.status === 409 ? ctx.outcome(failure) : asFailure(failure, ctx);
  }
  const { vrm, registered } = found;
  const now = clockNow();
  const mot = analyseMot({ firstUsedDate: registered.row.first_used_date }, toMotHistory(registered.row, registered.tests).motTests, now);
  if (!mot.remindable || !mot.dueDate) {
    return mot.status === 'exempt'
      ? ctx.outcome({ status: 409, code: 'mot_exempt', message: 'This vehicle is exempt from the MOT: there is nothing to remind you of' })
      : ctx.outcome({
          status: 409,
          code: 'mot_expired',
          message: 'This vehicle has no valid MOT: book a test now rather than wait for a reminder',
        });
  }

  const claimed = await claimConfirmation(env, vrm, email, phone?.e164 ?? null, now);
  if (claimed !== null) {
    const next = nextReminderDate(mot.dueDate, now, await remindersSent(env.DB, claimed, mot.dueDate));
    await sendConfirmation(
      env,
      { id: claimed, vrm, email, car: `${makeOf(registered.row.make).display_name} ${registered.row.model}`, next },
      now,
    );
  }
  return ctx.accepted({ vrm, email, confirmWithinDays: CONFIRM_LINK_DAYS } satisfies MotReminderResponse);
};

/**
 * Decides whether a confirmation goes (mot-reminders.ts onSignUpRequest) and, if so, records it:
 * the sign-up's id, or null when nothing is to be sent. The write only lands if the row is still
 * as it was read, so two requests racing send one confirmation.
 */
async function claimConfirmation(env: PlatformEnv, vrm: string, email: string, mobile: string | null, now: Date): Promise<number | null> {
  const existing = await findSignUp(env.DB, vrm, email);
  const pending = await pendingSignUpsElsewhere(env.DB, email, vrm, lapseCutoff(now));
  const state = existing && {
    createdAt: existing.created_at,
    confirmedAt: existing.confirmed_at,
    unsubscribedAt: existing.unsubscribed_at,
    confirmSentAt: existing.confirm_sent_at,
    confirmSends: existing.confirm_sends,
  };
  const decision = onSignUpRequest(state, pending, now);
  if (!decision.send) return null;
  const at = now.toISOString();
  if (!existing) return createSignUp(env.DB, { vrm, email, mobile }, at);
  // A fresh start (lapsed, or stopped and asked for again) needs a new confirmation before anything goes.
  return resendConfirmation(env.DB, existing, { mobile, at, sends: decision.fresh ? 1 : existing.confirm_sends + 1 });
}

async function sendConfirmation(
  env: PlatformEnv,
  signUp: { id: number; vrm: string; email: string; car: string; next: string | null },
  now: Date,
): Promise<void> {
  const iat = Math.floor(now.getTime() / 1000);
  const token = await signMotConfirmToken(
    { sub: signUp.id, jti: randomToken(16), token_use: 'mot-confirm', iat, exp: iat + CONFIRM_LINK_DAYS * 86_400 },
    tokenSecret(env),
  );
  // Only the newest link works: the hash replaces any earlier one's.
  await setConfirmationLink(env.DB, signUp.id, await sha256(token));
  const vrm = formatVrm(signUp.vrm);
  const link = `${requirePublicOrigin(env)}/mot-check/confirm?vrm=${encodeURIComponent(signUp.vrm)}&code=${encodeURIComponent(token)}`;
  const first = signUp.next ? `, the first on ${longDate(signUp.next)}` : '';
  const body = [
    'Hello,',
    '',
    `Someone asked for MOT reminders for the ${signUp.car} ${vrm} to be sent to this e-mail address.`,
    '',
    `If you confirm, we will send you two e-mails before each MOT of ${vrm} runs out${first}: one when you can book it without losing any days, and one a week before it runs out. Nothing else. Every reminder has a link to stop them.`,
    '',
    `Confirm MOT reminders: ${link}`,
    '',
    `The link works for ${CONFIRM_LINK_DAYS} days.`,
    '',
    'If you did not ask for this, ignore this e-mail and you will hear nothing more.',
  ].join('\n');
  // Through the configured provider like every other e-mail (it once went straight into the development outbox).
  await sendEmail(env, signUp.email, `Confirm MOT reminders for ${vrm}`, body, link);
}

const longDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * POST /platform/vehicle-checker/{vrm}/mot/notifications/confirm {token}: the confirmation link,
 * pressed. Works once: the stored hash is cleared as the sign-up is confirmed, in one statement.
 * A link past its 7 days says so (410) even after the lapsed sign-up is gone; anything else that
 * does not match (used, replaced by a newer link, forged) is one answer (404).
 */
export const motConfirm: TypedHandler<typeof endpoints.mot.confirmReminders> = async ({ params, body }, ctx) => {
  const { env } = ctx;
  const refused = await toolRateLimited(ctx.request, env, ctx.exec, 'mot-confirm');
  if (refused) return asFailure(refused, ctx);
  const token = body.token.trim();
  const vrm = normaliseVrm(params.vrm);
  const invalid = () =>
    ctx.outcome({
      status: 404,
      code: 'confirmation_invalid',
      message: 'This confirmation link has been used already, or a newer one was sent',
    });
  if (!token || token.length > 2000) return invalid();
  const now = clockNow();
  const verified = await verifyMotConfirmToken(token, tokenSecret(env), Math.floor(now.getTime() / 1000));
  if (!verified.ok) {
    return verified.reason === 'expired'
      ? ctx.outcome({ status: 410, code: 'confirmation_expired', message: 'This confirmation link has expired' })
      : invalid();
  }
  const confirmed = await confirmSignUp(
    env.DB,
    { id: verified.claims.sub, vrm, tokenHash: await sha256(token) },
    now.toISOString(),
    lapseCutoff(now),
  );
  if (!confirmed) return invalid();

  const registered = await findRegistered(env.DB, confirmed.vrm);
  let nextReminder: string | null = null;
  if (registered) {
    const mot = analyseMot({ firstUsedDate: registered.row.first_used_date }, toMotHistory(registered.row, registered.tests).motTests, now);
    if (mot.remindable && mot.dueDate) {
      nextReminder = nextReminderDate(mot.dueDate, now, await remindersSent(env.DB, confirmed.id, mot.dueDate));
    }
  }
  return {
    vrm: confirmed.vrm,
    vrmPretty: formatVrm(confirmed.vrm),
    email: confirmed.email,
    nextReminder,
    unsubscribePath: await unsubscribePath(env, confirmed.id, 'mot'),
  } satisfies MotReminderConfirmed;
};
