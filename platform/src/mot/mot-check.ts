import { analyseMot, MOT_CHECKER_VIEW, type MotCheck, type MotReminderConfirmed, type MotReminderResponse } from '../../../contract/mot';
import { checkUkPhone, CONTACT_MESSAGES, isEmail } from '../../../contract/contact-validation';
import { formatVrm, normaliseVrm } from '../../../contract/vrm';
import { sendEmail } from '../outbox';
import { intVar, tokenSecret, type PlatformEnv } from '../env';
import { errorResponse, json, readJsonObject } from '../http';
import { CONFIRM_LINK_DAYS, lapseCutoff, nextReminderDate, onSignUpRequest, type ReminderKind } from './mot-reminders';
import { findRegistered, makeOf, toMotHistory } from '../providers/register';
import { randomToken, sha256, signMotConfirmToken, verifyMotConfirmToken } from '../tokens';
import { unsubscribePath } from '../unsubscribe';
import { requirePublicOrigin } from '../public-origin';
import { sleep, str } from '../util';
import { toolFailureResponse, toolRateLimited, toolVehicle } from '../tools';
import { clockNow } from '../clock';

/** GET /platform/vehicle-checker/{vrm}/mot/checker/history → MotCheck (contract/mot.ts). */
export async function motCheck(
  request: Request,
  env: PlatformEnv,
  ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  if (params.view !== MOT_CHECKER_VIEW) return errorResponse(404, 'not_found', 'No such checker');
  const refused = await toolRateLimited(request, env, ctx, 'mot-check');
  if (refused) return toolFailureResponse(refused);
  const found = await toolVehicle(params.vrm ?? '', env, 'MOT history');
  if ('failure' in found) return toolFailureResponse(found.failure);
  // The MOT history comes from an outside provider that takes its time.
  await sleep(intVar(env.PROVIDER_LATENCY_MS, 250));
  const { row, tests } = found.registered;
  const history = toMotHistory(row, tests);
  const body: MotCheck = {
    vrm: row.vrm,
    vrmPretty: formatVrm(row.vrm),
    make: makeOf(row.make).display_name,
    model: row.model,
    colour: row.colour,
    fuelType: row.fuel_type,
    firstUsedDate: row.first_used_date,
    tests: history.motTests,
    ...analyseMot({ firstUsedDate: row.first_used_date }, history.motTests, clockNow()),
  };
  return json(body);
}

/**
 * POST /platform/vehicle-checker/{vrm}/mot/notifications {email, mobile?}: asks for MOT
 * reminders for one vehicle to one address. Nothing is switched on here: the address is sent a
 * confirmation link (PECR consent), and reminders start once it is pressed. Every accepted request
 * gets the same 202 whether a confirmation went, one went lately, or reminders are on already.
 */
export async function motNotifications(
  request: Request,
  env: PlatformEnv,
  ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const refused = await toolRateLimited(request, env, ctx, 'mot-notifications');
  if (refused) return toolFailureResponse(refused);
  const body = (await readJsonObject(request)) ?? {};
  const email = str(body.email).trim().toLowerCase();
  const mobileInput = str(body.mobile).trim();
  const problems: Record<string, string> = {};
  if (!isEmail(email) || email.length > 254) problems.email = CONTACT_MESSAGES.email;
  const phone = mobileInput ? checkUkPhone(mobileInput) : null;
  if (phone && (!phone.valid || !phone.mobile)) problems.mobile = CONTACT_MESSAGES.phone;
  if (Object.keys(problems).length) return json({ code: 'invalid', message: 'Some details are not valid', fields: problems }, 400);

  const found = await toolVehicle(params.vrm ?? '', env, 'MOT history');
  if ('failure' in found) return toolFailureResponse(found.failure);
  const { vrm, registered } = found;
  const now = clockNow();
  const mot = analyseMot({ firstUsedDate: registered.row.first_used_date }, toMotHistory(registered.row, registered.tests).motTests, now);
  if (!mot.remindable || !mot.dueDate) {
    return mot.status === 'exempt'
      ? errorResponse(409, 'mot_exempt', 'This vehicle is exempt from the MOT: there is nothing to remind you of')
      : errorResponse(409, 'mot_expired', 'This vehicle has no valid MOT: book a test now rather than wait for a reminder');
  }

  const claimed = await claimConfirmation(env, vrm, email, phone?.e164 ?? null, now);
  if (claimed !== null) {
    const { results } = await env.DB.prepare('SELECT kind FROM mot_reminders_sent WHERE reminder_id = ?1 AND due_date = ?2')
      .bind(claimed, mot.dueDate)
      .all<{ kind: ReminderKind }>();
    const next = nextReminderDate(mot.dueDate, now, new Set(results.map((r) => r.kind)));
    await sendConfirmation(
      env,
      { id: claimed, vrm, email, car: `${makeOf(registered.row.make).display_name} ${registered.row.model}`, next },
      now,
    );
  }
  const response: MotReminderResponse = { vrm, email, confirmWithinDays: CONFIRM_LINK_DAYS };
  return json(response, 202);
}

interface SignUpRow {
  id: number;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  confirm_sent_at: string | null;
  confirm_sends: number;
}

/**
 * Decides whether a confirmation goes (mot-reminders.ts onSignUpRequest) and, if so, records it:
 * the sign-up's id, or null when nothing is to be sent. The write only lands if the row is still
 * as it was read, so two requests racing send one confirmation.
 */
async function claimConfirmation(env: PlatformEnv, vrm: string, email: string, mobile: string | null, now: Date): Promise<number | null> {
  const existing = await env.DB.prepare(
    'SELECT id, created_at, confirmed_at, unsubscribed_at, confirm_sent_at, confirm_sends FROM mot_reminders WHERE vrm = ?1 AND email = ?2',
  )
    .bind(vrm, email)
    .first<SignUpRow>();
  const pending = await env.DB.prepare(
    'SELECT count(*) AS n FROM mot_reminders WHERE email = ?1 AND vrm <> ?2 AND confirmed_at IS NULL AND confirm_sent_at > ?3',
  )
    .bind(email, vrm, lapseCutoff(now))
    .first<{ n: number }>();
  const state = existing && {
    createdAt: existing.created_at,
    confirmedAt: existing.confirmed_at,
    unsubscribedAt: existing.unsubscribed_at,
    confirmSentAt: existing.confirm_sent_at,
    confirmSends: existing.confirm_sends,
  };
  const decision = onSignUpRequest(state, pending?.n ?? 0, now);
  if (!decision.send) return null;
  const at = now.toISOString();
  if (!existing) {
    const row = await env.DB.prepare(
      `INSERT INTO mot_reminders (vrm, email, mobile, created_at, confirm_sent_at, confirm_sends) VALUES (?1, ?2, ?3, ?4, ?4, 1)
       ON CONFLICT (vrm, email) DO NOTHING RETURNING id`,
    )
      .bind(vrm, email, mobile, at)
      .first<{ id: number }>();
    return row?.id ?? null;
  }
  // A fresh start (lapsed, or stopped and asked for again) needs a new confirmation before anything goes.
  const row = await env.DB.prepare(
    `UPDATE mot_reminders SET mobile = coalesce(?3, mobile), confirmed_at = NULL, confirm_token_hash = NULL,
       confirm_sent_at = ?4, confirm_sends = ?5
     WHERE id = ?1 AND confirm_sent_at IS ?2 AND confirmed_at IS ?6 RETURNING id`,
  )
    .bind(existing.id, existing.confirm_sent_at, mobile, at, decision.fresh ? 1 : existing.confirm_sends + 1, existing.confirmed_at)
    .first<{ id: number }>();
  return row?.id ?? null;
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
  await env.DB.prepare('UPDATE mot_reminders SET confirm_token_hash = ?2 WHERE id = ?1')
    .bind(signUp.id, await sha256(token))
    .run();
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
export async function motConfirm(
  request: Request,
  env: PlatformEnv,
  ctx: ExecutionContext,
  params: Record<string, string>,
): Promise<Response> {
  const refused = await toolRateLimited(request, env, ctx, 'mot-confirm');
  if (refused) return toolFailureResponse(refused);
  const token = str((await readJsonObject(request))?.token);
  const vrm = normaliseVrm(params.vrm ?? '');
  const invalid = () => errorResponse(404, 'confirmation_invalid', 'This confirmation link has been used already, or a newer one was sent');
  if (!token || token.length > 2000) return invalid();
  const now = clockNow();
  const verified = await verifyMotConfirmToken(token, tokenSecret(env), Math.floor(now.getTime() / 1000));
  if (!verified.ok) {
    return verified.reason === 'expired' ? errorResponse(410, 'confirmation_expired', 'This confirmation link has expired') : invalid();
  }
  const confirmed = await env.DB.prepare(
    `UPDATE mot_reminders SET confirmed_at = ?3, unsubscribed_at = NULL, confirm_token_hash = NULL, confirm_sends = 0
     WHERE id = ?1 AND vrm = ?2 AND confirm_token_hash = ?4 AND confirmed_at IS NULL AND confirm_sent_at > ?5
     RETURNING id, vrm, email`,
  )
    .bind(verified.claims.sub, vrm, now.toISOString(), await sha256(token), lapseCutoff(now))
    .first<{ id: number; vrm: string; email: string }>();
  if (!confirmed) return invalid();

  const registered = await findRegistered(env.DB, confirmed.vrm);
  let nextReminder: string | null = null;
  if (registered) {
    const mot = analyseMot({ firstUsedDate: registered.row.first_used_date }, toMotHistory(registered.row, registered.tests).motTests, now);
    if (mot.remindable && mot.dueDate) {
      const { results } = await env.DB.prepare('SELECT kind FROM mot_reminders_sent WHERE reminder_id = ?1 AND due_date = ?2')
        .bind(confirmed.id, mot.dueDate)
        .all<{ kind: ReminderKind }>();
      nextReminder = nextReminderDate(mot.dueDate, now, new Set(results.map((r) => r.kind)));
    }
  }
  const response: MotReminderConfirmed = {
    vrm: confirmed.vrm,
    vrmPretty: formatVrm(confirmed.vrm),
    email: confirmed.email,
    nextReminder,
    unsubscribePath: await unsubscribePath(env, confirmed.id, 'mot'),
  };
  return json(response);
}
