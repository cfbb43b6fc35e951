import { endpoints, type Endpoints } from '../../contract/endpoints';
import type { AnyEndpoint } from '../../contract/endpoint';
import { MAX_UPLOAD_BYTES } from '../../contract/documents';
import { GATEWAY_SECRET_HEADER } from '../../contract/gateway';
import { accountHandlers } from './account/handlers';
import { configureClock, onThisClock } from './clock';
import { devHandlers } from './dev';
import { entryHandlers } from './entry/handlers';
import { fpsWebhookSecret, gatewaySecret, sameSecret, smsWebhookSecret, type PlatformEnv } from './env';
import { errorResponse, PayloadTooLarge, payloadTooLarge } from './http';
import { Router, type Handlers, type TypedHandler } from './router';
import { withProvidersVersions } from './providers/versions';
import { requestLogEntry } from './request-log';
import { motHandlers } from './mot/handlers';
import { notifyHandlers } from './notify/handlers';
import { consumeNotifications } from './notify/consumer';
import type { NotificationMessage } from './notify/messages';
import { deleteOldShortLinks } from './notify/short-links';
import { checkSmsWebhook, deleteOldSmsWebhookMessages, forgetSmsWebhookMessage } from './notify/sms-replies';
import { sendDueNotifications } from './sale/notify-sweep';
import { renewSettlementFigures } from './sale/finance-settlement';
import { sendDueMotReminders } from './mot/mot-reminders';
import { saleHandlers } from './sale/handlers';
import { retryUnavailablePayeeChecks } from './sale/payee-check';
import { countValuationAccuracy } from './sale/published';
import { EVENTS_MAX_BODY_BYTES } from './shell/analytics';
import { shellHandlers } from './shell/handlers';
import { taxHandlers } from './tax/handlers';
import { trackerHandlers } from './tracker/handlers';
import { runTrackerRevaluations } from './tracker/trackers';
import { ulezHandlers } from './ulez/handlers';

/**
 * The platform gateway (docs/behaviour/gateway.md#the-gateway) for local runs, tests and demos: real storage (D1, R2), real
 * validation and limits; only the outside data providers are simulated from seeded data.
 */

/** A handler for every endpoint of the table (contract/endpoints.ts), one map per group. */
const handlers: { [Group in keyof Endpoints]: Handlers<Endpoints[Group]> } = {
  entry: entryHandlers,
  account: accountHandlers,
  sale: saleHandlers,
  ulez: ulezHandlers,
  mot: motHandlers,
  tax: taxHandlers,
  tracker: trackerHandlers,
  shell: shellHandlers,
  notify: notifyHandlers,
  dev: devHandlers,
};

/**
 * Every endpoint, in the table's order: the router takes the first path that matches, and the
 * table puts a fixed path before a parameter that would also match it.
 */
const router = new Router();
/**
 * The endpoints that may be sent more than MAX_BODY_BYTES: the uploads (their file's limit, and
 * the form around it, contract/documents.ts) and a full batch of analytics events.
 */
const UPLOAD_LIMITS = new Map<AnyEndpoint, number>([
  [endpoints.sale.uploadPhoto, MAX_UPLOAD_BYTES.photo],
  [endpoints.sale.uploadDocument, MAX_UPLOAD_BYTES.document],
  [endpoints.sale.checkSharpness, MAX_UPLOAD_BYTES.document],
]);
const BODY_LIMITS = new Map<AnyEndpoint, number>([[endpoints.shell.events, EVENTS_MAX_BODY_BYTES]]);
for (const [group, table] of Object.entries(endpoints) as [keyof Endpoints, Record<string, AnyEndpoint>][]) {
  const groupHandlers: Record<string, TypedHandler<AnyEndpoint> | undefined> = handlers[group];
  for (const [key, endpoint] of Object.entries(table)) {
    const handler = groupHandlers[key];
    if (!handler) throw new Error(`No handler for ${endpoint.name}`);
    router.on(endpoint, handler, { maxBodyBytes: BODY_LIMITS.get(endpoint), uploadLimit: UPLOAD_LIMITS.get(endpoint) });
  }
}

/** The frequent Cron Trigger (platform/wrangler.toml): sale messages and payee checks only. */
const SALE_MESSAGES_CRON = '*/10 * * * *';

export default {
  async fetch(request, env, ctx) {
    let response: Response;
    try {
      // Only the app calls the platform: everything below trusts headers only the app may set (the
      // seller's address, the requester, the development endpoints), so a request that cannot show
      // the shared secret is refused whole rather than served as some anonymous caller, which would
      // still let it reach what needs no seller (the outbox in development, the rate limits' keys).
      // The one exception: the SMS provider forwarding a reply, signed with its own secret. A
      // refused call is not logged: its headers are nobody's word.
      configureClock(env);
      // And the payment provider's callbacks, signed with theirs (docs/decisions/037); that path
      // answers the provider only, never a caller with the app's secret.
      const paymentPath = new URL(request.url).pathname === endpoints.sale.paymentCallback.path;
      const fromProvider = paymentPath
        ? await checkSmsWebhook(request, env, fpsWebhookSecret(env), endpoints.sale.paymentCallback.path)
        : await checkSmsWebhook(request, env, smsWebhookSecret(env), endpoints.notify.smsReply.path);
      if (!fromProvider.signed && (paymentPath || !sameSecret(request.headers.get(GATEWAY_SECRET_HEADER), gatewaySecret(env)))) {
        // A genuine signature on a stale or repeated message is the provider's word that someone
        // is replaying one of its messages: worth a line, unlike the refusals of strangers.
        if (fromProvider.reason === 'stale' || fromProvider.reason === 'replayed')
          console.warn(
            JSON.stringify({
              event: paymentPath ? 'platform.payments.webhook_refused' : 'platform.notify.sms_webhook_refused',
              reason: fromProvider.reason,
            }),
          );
        return errorResponse(403, 'forbidden', 'The platform answers the Kerbside app only');
      }
      response = await router.handle(request, env, ctx);
      if (fromProvider.signed && response.status >= 500) await forgetSmsWebhookMessage(env.DB, fromProvider.id);
    } catch (error) {
      if (error instanceof PayloadTooLarge) {
        response = payloadTooLarge();
      } else {
        console.error(JSON.stringify({ event: 'platform.error', url: request.url, error: String(error) }));
        response = errorResponse(500, 'internal_error', 'Something went wrong on the platform');
      }
    }
    console.log(JSON.stringify(requestLogEntry(request, router.endpointOf(request), response.status)));
    return withProvidersVersions(response);
  },
  /**
   * The Cron Triggers (platform/wrangler.toml). Every run: the sale messages that are due (sales
   * brought up to the clock, offers about to lapse, collections tomorrow; each sent once however
   * often it is enqueued), and the Confirmation of Payee checks that could not be made, again. The daily one also sends the MOT reminders that are due, runs the
   * monthly tracker revaluations (each car once a month, so extra runs do nothing), counts the
   * valuation's accuracy for the month before (published on /how-we-value), asks lenders again for
   * settlement figures about to end (sale/finance-settlement.ts) and deletes short links
   * long expired and the SMS webhook ids too old to be replayed anyway.
   */
  async scheduled(controller, env, ctx) {
    configureClock(env);
    const now = onThisClock(controller.scheduledTime);
    const log = (job: string) =>
      [
        (result: unknown) => console.log(JSON.stringify({ event: 'platform.scheduled', cron: controller.cron, job, result })),
        (error: unknown) =>
          console.error(JSON.stringify({ event: 'platform.scheduled.error', cron: controller.cron, job, error: String(error) })),
      ] as const;
    ctx.waitUntil(sendDueNotifications(env, now).then(...log('notifications')));
    ctx.waitUntil(retryUnavailablePayeeChecks(env, now).then(...log('payee-checks')));
    if (controller.cron === SALE_MESSAGES_CRON) return;
    ctx.waitUntil(sendDueMotReminders(env, now).then(...log('mot-reminders')));
    ctx.waitUntil(runTrackerRevaluations(env, now).then(...log('tracker-revaluations')));
    ctx.waitUntil(countValuationAccuracy(env, now).then(...log('valuation-accuracy')));
    ctx.waitUntil(renewSettlementFigures(env, now).then(...log('settlement-figures')));
    ctx.waitUntil(deleteOldShortLinks(env.DB, now).then(...log('short-links-deleted')));
    ctx.waitUntil(deleteOldSmsWebhookMessages(env.DB, now).then(...log('sms-webhook-messages-deleted')));
  },
  /** The notifications queue and its dead-letter queue (platform/src/notify/consumer.ts). */
  async queue(batch, env) {
    configureClock(env);
    await consumeNotifications(batch, env);
  },
} satisfies ExportedHandler<PlatformEnv, NotificationMessage>;
