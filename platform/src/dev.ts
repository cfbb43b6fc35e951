import type { endpoints } from '../../contract/endpoints';
import { devOutbox } from './account/accounts';
import { devClock, clockNow } from './clock';
import { devEndpointsOn, type PlatformEnv } from './env';
import { errorResponse, json, readJsonObject } from './http';
import { legacy, type Handlers } from './router';
import { sendDueMotReminders } from './mot/mot-reminders';
import { sendDueNotifications } from './sale/notify-sweep';
import { devFundsReceived } from './sale/finance';
import { devCollect } from './sale/post-sale';
import { devEvents } from './shell/analytics';
import { devRevalue, runTrackerRevaluations } from './tracker/trackers';
import { str } from './util';

/**
 * The development endpoints, each refused in production by its handler. Most live with the
 * feature whose state they show or move on; running the scheduled jobs belongs to none, so it is
 * here.
 */
export const devHandlers: Handlers<typeof endpoints.dev> = {
  outbox: legacy(devOutbox),
  events: devEvents,
  clock: legacy(devClock),
  moveClock: legacy(devClock),
  runScheduled: legacy(devRunScheduled),
  revalueTrackers: devRevalue,
  collect: legacy(devCollect),
  fundsReceived: legacy(devFundsReceived),
};

/**
 * POST /platform/dev/scheduled {at?}: runs what the Cron Trigger runs, as if at `at` (default now).
 * Development and tests only: `wrangler dev` runs both workers on one port, where its own
 * `--test-scheduled` path would reach only the first.
 */
async function devRunScheduled(request: Request, env: PlatformEnv): Promise<Response> {
  if (!devEndpointsOn(env)) return errorResponse(404, 'not_found', 'No such endpoint');
  const at = str((await readJsonObject(request))?.at);
  const now = at ? new Date(at) : clockNow();
  if (Number.isNaN(now.getTime())) return errorResponse(400, 'invalid_date', 'at must be an ISO 8601 date');
  // What the Cron Trigger runs (platform/src/index.ts scheduled), in the same order.
  return json({
    notifications: await sendDueNotifications(env, now),
    motReminders: await sendDueMotReminders(env, now),
    trackerRevaluations: await runTrackerRevaluations(env, now),
  });
}
