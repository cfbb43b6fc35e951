import { analyseMot, MOT_CHECKER_VIEW, type MotCheck, type MotReminderResponse } from '../../contract/mot';
import { checkUkPhone, CONTACT_MESSAGES, isEmail } from '../../contract/contact-validation';
import { formatVrm } from '../../contract/vrm';
import { allowedLinkBase } from './outbox';
import { devEndpointsOn, intVar, type PlatformEnv } from './env';
import { errorResponse, json, readJsonObject } from './http';
import { nextReminderDate, sendDueMotReminders, type ReminderKind } from './mot-reminders';
import { makeOf, toMotHistory } from './register';
import { sleep, str } from './util';
import { runTrackerRevaluations } from './trackers';
import { toolFailureResponse, toolRateLimited, toolVehicle } from './tools';
import { clockNow } from './clock';

/** GET /platform/vehicle-checker/{vrm}/mot/checker/history → MotCheck (contract/mot.ts). */
export async function motCheck(request: Request, env: PlatformEnv, ctx: ExecutionContext, params: Record<string, string>): Promise<Response> {
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
 * POST /platform/vehicle-checker/{vrm}/mot/notifications {email, mobile?, linkBase}: MOT reminders
 * for one vehicle to one address. Asking again for the same pair renews it (and undoes an
 * unsubscribe), never duplicates it. A confirmation goes at once, with the unsubscribe link, so
 * someone signed up by another person can stop it.
 */
export async function motNotifications(request: Request, env: PlatformEnv, ctx: ExecutionContext, params: Record<string, string>): Promise<Response> {
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
  const linkBase = allowedLinkBase(env, str(body.linkBase));
  if (!linkBase) return errorResponse(400, 'invalid_link_base', 'Links cannot point there');

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
  const reminder = await env.DB.prepare(
    `INSERT INTO mot_reminders (vrm, email, mobile, link_base, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (vrm, email) DO UPDATE SET mobile = coalesce(excluded.mobile, mobile), link_base = excluded.link_base, unsubscribed_at = NULL
     RETURNING id`,
  )
    .bind(vrm, email, phone?.e164 ?? null, linkBase, now.toISOString())
    .first<{ id: number }>();
  const { results } = await env.DB.prepare('SELECT kind FROM mot_reminders_sent WHERE reminder_id = ?1 AND due_date = ?2')
    .bind(reminder!.id, mot.dueDate)
    .all<{ kind: ReminderKind }>();
  const response: MotReminderResponse = { vrm, email, nextReminder: nextReminderDate(mot.dueDate, now, new Set(results.map((r) => r.kind))) };
  return json(response, 201);
}

/**
 * POST /platform/dev/scheduled {at?}: runs what the Cron Trigger runs, as if at `at` (default now).
 * Development and tests only: `wrangler dev` runs both workers on one port, where its own
 * `--test-scheduled` path would reach only the first.
 */
export async function devRunScheduled(request: Request, env: PlatformEnv): Promise<Response> {
  if (!devEndpointsOn(env)) return errorResponse(404, 'not_found', 'No such endpoint');
  const at = str((await readJsonObject(request))?.at);
  const now = at ? new Date(at) : clockNow();
  if (Number.isNaN(now.getTime())) return errorResponse(400, 'invalid_date', 'at must be an ISO 8601 date');
  // What the Cron Trigger runs (platform/src/index.ts scheduled), in the same order.
  return json({ motReminders: await sendDueMotReminders(env, now), trackerRevaluations: await runTrackerRevaluations(env, now) });
}
