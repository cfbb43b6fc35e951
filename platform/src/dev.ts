import type { endpoints } from '../../contract/endpoints';
import { clockChange } from '../../contract/clock';
import { clockNow, clockState, moveClock } from './clock';
import { latestDeadLetters, latestOutboxMessages } from './dev-store';
import { devEndpointsOn } from './env';
import type { Handlers, TypedHandler } from './router';
import { sendDueMotReminders } from './mot/mot-reminders';
import { sendDueNotifications } from './sale/notify-sweep';
import { renewSettlementFigures } from './sale/finance-settlement';
import { devFundsReceived } from './sale/finance';
import { devCollect } from './sale/post-sale';
import { countValuationAccuracy } from './sale/published';
import { retryUnavailablePayeeChecks } from './sale/payee-check';
import { devEvents } from './shell/analytics';
import { devRevalue, runTrackerRevaluations } from './tracker/trackers';

/**
 * The development endpoints, each refused in production by its handler (a 404, as if it were not
 * there). Most live with the feature whose state they show or move on; the outbox, the clock and
 * running the scheduled jobs belong to none, so they are here.
 */
const NOT_HERE = { status: 404, code: 'not_found', message: 'No such endpoint' } as const;

/**
 * GET /platform/dev/outbox?to=: the e-mails and texts sent, newest first (`to` picks one address's
 * e-mails), and the messages given up on.
 */
const devOutbox: TypedHandler<typeof endpoints.dev.outbox> = async ({ query }, ctx) => {
  if (!devEndpointsOn(ctx.env)) return ctx.outcome(NOT_HERE);
  return { emails: await latestOutboxMessages(ctx.env.DB, query.to || null), deadLetters: await latestDeadLetters(ctx.env.DB) };
};

/** GET /platform/dev/clock: the platform's time. */
const devClock: TypedHandler<typeof endpoints.dev.clock> = async (_input, ctx) =>
  devEndpointsOn(ctx.env) ? clockState() : ctx.outcome(NOT_HERE);

/** POST /platform/dev/clock with `{ at }` or `{ advanceMs }`: moves the platform's time. */
const devMoveClock: TypedHandler<typeof endpoints.dev.moveClock> = async ({ body }, ctx) => {
  if (!devEndpointsOn(ctx.env)) return ctx.outcome(NOT_HERE);
  // The schema took the shape; the rules (an ISO instant, a whole number within a century) are the clock's own.
  const change = clockChange(body);
  if (!change)
    return ctx.outcome({ status: 400, code: 'bad_request', message: 'Send {"at": ISO-8601 instant} or {"advanceMs": whole number}' });
  return moveClock(change);
};

/**
 * POST /platform/dev/scheduled {at?}: runs what the Cron Trigger runs, as if at `at` (default now).
 * `wrangler dev` runs both workers on one port, where its own `--test-scheduled` path would reach
 * only the first.
 */
const devRunScheduled: TypedHandler<typeof endpoints.dev.runScheduled> = async ({ body }, ctx) => {
  if (!devEndpointsOn(ctx.env)) return ctx.outcome(NOT_HERE);
  const at = body.at?.trim();
  const now = at ? new Date(at) : clockNow();
  if (Number.isNaN(now.getTime())) return ctx.outcome({ status: 400, code: 'invalid_date', message: 'at must be an ISO 8601 date' });
  // What the Cron Trigger runs (platform/src/index.ts scheduled), in the same order.
  return {
    notifications: await sendDueNotifications(ctx.env, now),
    motReminders: await sendDueMotReminders(ctx.env, now),
    trackerRevaluations: await runTrackerRevaluations(ctx.env, now),
    valuationAccuracy: await countValuationAccuracy(ctx.env, now),
    settlementFigures: await renewSettlementFigures(ctx.env, now),
    payeeChecks: await retryUnavailablePayeeChecks(ctx.env, now),
  };
};

export const devHandlers: Handlers<typeof endpoints.dev> = {
  outbox: devOutbox,
  events: devEvents,
  clock: devClock,
  moveClock: devMoveClock,
  runScheduled: devRunScheduled,
  revalueTrackers: devRevalue,
  collect: devCollect,
  fundsReceived: devFundsReceived,
};
