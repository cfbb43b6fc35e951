import { linkInfo, signInWithLink } from './account/sign-in-links';
import { GATEWAY_SECRET_HEADER, type HealthResponse } from '../../contract/gateway';
import { gatewaySecret, sameSecret, type PlatformEnv } from './env';
import { configureClock, devClock, onThisClock } from './clock';
import { errorResponse, json, Router } from './http';
import {
  currentUser,
  devOutbox,
  emailCheck,
  logout,
  phoneValidation,
  refreshToken,
  removeVehicle,
  sendSignInLink,
  signUp,
  updateCrmTier,
  updateInfo,
} from './account/accounts';
import { listMakes } from './shell/makes';
import { listSessions, revokeOtherSessions } from './account/sessions';
import { referralLink } from './account/referrals';
import { ulezCheck } from './ulez/ulez';
import { registerPaymentRoutes } from './sale/payments';
import { registerAddressRoutes } from './sale/addresses';
import { registerCheckoutRoutes } from './sale/checkout';
import { registerDocumentRoutes } from './sale/documents';
import { registerFinanceRoutes } from './sale/finance';
import { registerPostSaleRoutes } from './sale/post-sale';
import { listReviews } from './shell/reviews';
import { registerSaleRoutes } from './sale/sale';
import { registerShellRoutes } from './shell/handlers';
import { checkEligibility, createEnquiry, premiumOffer, valuateVehicle } from './entry/enquiries';
import { getMotHistory, getVehicle, lookup } from './entry/vehicles';
import { devRunScheduled, motCheck, motConfirm, motNotifications } from './mot/mot-check';
import { sendDueMotReminders } from './mot/mot-reminders';
import { getVehicleTax } from './tax/endpoint';
import { addTracker, devRevalue, listTrackers, removeTracker, runTrackerRevaluations, trackVehicle } from './tracker/trackers';

/**
 * The platform gateway (spec 2 §7) for local runs, tests and demos: real storage (D1, R2), real
 * validation and limits; only the outside data providers are simulated from seeded data.
 */
const router = new Router<PlatformEnv>()
  .on('GET', '/api/health', async (_request, env) => {
    const row = await env.DB.prepare('SELECT count(*) AS n FROM register_vehicles').first<{ n: number }>();
    const body: HealthResponse = { status: 'ok', service: 'kerbside-platform', registerVehicles: row?.n ?? 0 };
    return json(body);
  })
  .on('GET', '/platform/makes', listMakes)
  .on('GET', '/platform/reviews', listReviews)
  .on('POST', '/platform/vehicles/lookup', lookup)
  .on('GET', '/platform/vehicles/:vrm', getVehicle)
  .on('GET', '/platform/vehicles/:vrm/mot-history', getMotHistory)
  .on('GET', '/platform/vehicle-checker/tax/:vrm', getVehicleTax)
  .on('POST', '/platform/create-enquiry', createEnquiry)
  .on('POST', '/platform/valuate', valuateVehicle)
  .on('GET', '/platform/marketplace/check-eligibility/vehicle-status', checkEligibility)
  .on('GET', '/platform/premium-offer', premiumOffer)
  .on('POST', '/platform/api/authn/signup', signUp)
  .on('POST', '/platform/seller/generateOneTimeToken', sendSignInLink)
  .on('POST', '/platform/api/authn/signin', signInWithLink)
  .on('POST', '/platform/api/authn/link-info', linkInfo)
  .on('POST', '/platform/api/authn/refreshtoken', refreshToken)
  .on('GET', '/platform/api/logout', logout)
  .on('GET', '/platform/api/session', currentUser)
  .on('GET', '/platform/api/sessions', listSessions)
  .on('POST', '/platform/api/sessions/revoke-others', revokeOtherSessions)
  .on('GET', '/platform/user', currentUser)
  .on('POST', '/platform/email-check', emailCheck)
  .on('GET', '/platform/api/phone-number-validation/:number', phoneValidation)
  .on('POST', '/platform/update-info', updateInfo)
  .on('POST', '/platform/remove-vehicle', removeVehicle)
  .on('POST', '/platform/v3/customers/update-crm-tier', updateCrmTier)
  .on('POST', '/platform/referrals/link', referralLink)
  .on('GET', '/platform/dev/outbox', devOutbox)
  .on('POST', '/platform/v3/trackers/track', trackVehicle)
  .on('POST', '/platform/v3/trackers', addTracker)
  .on('GET', '/platform/v3/trackers/list', listTrackers)
  .on('POST', '/platform/v3/trackers/remove', removeTracker)
  .on('POST', '/platform/dev/trackers/revalue', devRevalue);
registerPaymentRoutes(router);
registerSaleRoutes(router);
registerPostSaleRoutes(router);
registerDocumentRoutes(router);
registerFinanceRoutes(router);
registerCheckoutRoutes(router);
registerAddressRoutes(router);
registerShellRoutes(router);
router
  .on('GET', '/platform/vehicle-checker/:vrm/mot/checker/:view', motCheck)
  .on('POST', '/platform/vehicle-checker/:vrm/mot/notifications', motNotifications)
  .on('POST', '/platform/vehicle-checker/:vrm/mot/notifications/confirm', motConfirm)
  .on('POST', '/platform/dev/scheduled', devRunScheduled)
  .on('GET', '/platform/dev/clock', devClock)
  .on('POST', '/platform/dev/clock', devClock)
  .on('POST', '/platform/v3/ulez/check', ulezCheck);

export default {
  async fetch(request, env, ctx) {
    try {
      // Only the app calls the platform: everything below trusts headers only the app may set (the
      // seller's address, the requester, the development endpoints), so a request that cannot show
      // the shared secret is refused whole rather than served as some anonymous caller, which would
      // still let it reach what needs no seller (the outbox in development, the rate limits' keys).
      if (!sameSecret(request.headers.get(GATEWAY_SECRET_HEADER), gatewaySecret(env))) {
        return errorResponse(403, 'forbidden', 'The platform answers the Kerbside app only');
      }
      configureClock(env);
      return await router.handle(request, env, ctx);
    } catch (error) {
      console.error(JSON.stringify({ event: 'platform.error', url: request.url, error: String(error) }));
      return errorResponse(500, 'internal_error', 'Something went wrong on the platform');
    }
  },
  /**
   * The Cron Trigger (platform/wrangler.toml), once a day: MOT reminders that are due, and the
   * monthly tracker revaluations (each car once a month, so extra runs do nothing).
   */
  async scheduled(controller, env, ctx) {
    configureClock(env);
    const now = onThisClock(controller.scheduledTime);
    const log = (job: string) => [
      (result: unknown) => console.log(JSON.stringify({ event: 'platform.scheduled', cron: controller.cron, job, result })),
      (error: unknown) => console.error(JSON.stringify({ event: 'platform.scheduled.error', cron: controller.cron, job, error: String(error) })),
    ] as const;
    ctx.waitUntil(sendDueMotReminders(env, now).then(...log('mot-reminders')));
    ctx.waitUntil(runTrackerRevaluations(env, now).then(...log('tracker-revaluations')));
  },
} satisfies ExportedHandler<PlatformEnv>;
