import { readdirSync } from 'node:fs';

/** Pages with a route of their own (a hero, a form): their copy is in content/pages, but not their route. */
const OWN_ROUTES = new Set(['sell-my-car', 'sell-my-van', 'part-exchange']);

/** content/pages/{slug}.md → /{slug}: one module serves them all (routes/content-page.tsx). */
function contentPageSlugs() {
  try {
    return readdirSync(new URL('./content/pages', import.meta.url))
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -3))
      .filter((slug) => !OWN_ROUTES.has(slug));
  } catch {
    return [];
  }
}

/**
 * Remix v2, classic compiler, built for workerd.
 *
 * Routes are declared here rather than by file name: the spec's route table reads top-down in one
 * place, and route modules get `$`-free file names (a `$` in a chunk's name makes the local asset
 * server answer with a redirect, one wasted round trip per dynamic route).
 *
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ['**/*'],
  server: './server.ts',
  serverBuildPath: 'build/index.js',
  serverConditions: ['workerd', 'worker', 'browser'],
  serverDependenciesToBundle: 'all',
  serverMainFields: ['browser', 'module', 'main'],
  serverMinify: true,
  serverModuleFormat: 'esm',
  serverPlatform: 'neutral',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
  routes(defineRoutes) {
    return defineRoutes((route) => {
      route('', 'routes/home.tsx', { id: 'routes/home', index: true });
      route('healthz', 'routes/healthz.ts', { id: 'routes/healthz' });
      route('sitemap', 'routes/sitemap.tsx', { id: 'routes/sitemap' });
      route('unsubscribe/:sms?', 'routes/unsubscribe.tsx', { id: 'routes/unsubscribe' });
      route('sitemap.xml', 'routes/sitemap-xml.ts', { id: 'routes/sitemap-xml' });
      route('robots.txt', 'routes/robots-txt.ts', { id: 'routes/robots-txt' });
      route('mileage', 'routes/mileage.tsx', { id: 'routes/mileage' });
      // The car value tracker (spec 2 §2.1): its registration, mileage and sign-in steps, then the car's page.
      route('car-value-tracker', 'routes/tracker.tsx', { id: 'routes/tracker' });
      route('car-value-tracker/mileage', 'routes/tracker-mileage.tsx', { id: 'routes/tracker-mileage' });
      route('car-value-tracker/sign-in', 'routes/tracker-sign-in.tsx', { id: 'routes/tracker-sign-in' });
      route('car-value-tracker/:vrm', 'routes/tracker-vehicle.tsx', { id: 'routes/tracker-vehicle' });
      route('reviews', 'routes/reviews.tsx', { id: 'routes/reviews' });
      route('sign-in', 'routes/sign-in.tsx', { id: 'routes/sign-in' });
      route('sign-out', 'routes/sign-out.tsx', { id: 'routes/sign-out' });
      route('token-expired', 'routes/token-expired.tsx', { id: 'routes/token-expired' });
      route('auth/verify', 'routes/auth-verify.tsx', { id: 'routes/auth-verify' });
      // The "Not you? Freeze my payout" link in the payout account e-mails (ADR 014).
      route('auth/freeze-payout', 'routes/freeze-payout.tsx', { id: 'routes/freeze-payout' });
      route('account', 'routes/account.tsx', { id: 'routes/account' }, () => {
        route('', 'routes/account-vehicles.tsx', { id: 'routes/account-vehicles', index: true });
        route('details', 'routes/account-details.tsx', { id: 'routes/account-details' });
        route('preferences', 'routes/account-preferences.tsx', { id: 'routes/account-preferences' });
      });
      route('dev/mailbox', 'routes/dev-mailbox.tsx', { id: 'routes/dev-mailbox' });
      route('dev/flags', 'routes/dev-flags.tsx', { id: 'routes/dev-flags' });
      route('dev/clock', 'routes/dev-clock.tsx', { id: 'routes/dev-clock' });
      // The shell's own endpoints: choices the seller makes anywhere, and what the browser loads on demand.
      route('cookie-consent', 'routes/cookie-consent.ts', { id: 'routes/cookie-consent' });
      route('sticky-vrm', 'routes/sticky-vrm.ts', { id: 'routes/sticky-vrm' });
      route('api/client-report', 'routes/api-client-report.ts', { id: 'routes/api-client-report' });
      route('api/chat-login', 'routes/api-chat-login.ts', { id: 'routes/api-chat-login' });
      route('api/content/make', 'routes/api-content-make.ts', { id: 'routes/api-content-make' });
      route('chat/widget.js', 'routes/chat-widget.ts', { id: 'routes/chat-widget' });
      route('media/*', 'routes/media.ts', { id: 'routes/media' });
      route('checkout/:buyer/:failed?', 'routes/checkout.tsx', { id: 'routes/checkout' });
      // The free tools (spec 2 §2.1).
      route('mot-check', 'routes/mot-check.tsx', { id: 'routes/mot-check' });
      route('mot-check/results', 'routes/mot-check-results.tsx', { id: 'routes/mot-check-results' });
      route('mot-check/confirm', 'routes/mot-check-confirm.tsx', { id: 'routes/mot-check-confirm' });
      route('car-tax-check', 'routes/car-tax-check.tsx', { id: 'routes/car-tax-check' });
      route('car-tax-check/results', 'routes/car-tax-check-results.tsx', { id: 'routes/car-tax-check-results' });
      // Addresses of our other sites (spec 2 §2.4).
      route('dealers', 'routes/external-redirect.ts', { id: 'redirect/dealers' });
      route('pro', 'routes/external-redirect.ts', { id: 'redirect/pro' });
      route('guides/kerbside-for-dealers', 'routes/external-redirect.ts', { id: 'redirect/dealer-guide' });
      route('best-ev-cities', 'routes/external-redirect.ts', { id: 'redirect/best-ev-cities' });
      // Route matching ignores case, so this is /FAQ as well.
      route('faq', 'routes/external-redirect.ts', { id: 'redirect/faq' });
      // Content from the content store (content/): pages, guides (two addresses, one source), blog, stories.
      for (const slug of contentPageSlugs()) route(slug, 'routes/content-page.tsx', { id: `content/${slug}` });
      route('guides/:slug?', 'routes/articles.tsx', { id: 'routes/guides' });
      route('sell-my-car/guides/:slug?', 'routes/articles.tsx', { id: 'routes/sell-my-car-guides' });
      route('stories/:slug?', 'routes/articles.tsx', { id: 'routes/stories' });
      route('blog/:year?/:month?/:day?/:post?', 'routes/blog.tsx', { id: 'routes/blog' });
      // Landing pages from one module and its data files (app/data/): variants, partners, cities.
      route('sell-my-car', 'routes/landing.tsx', { id: 'landing/sell-my-car' });
      route('sell-my-car/:page', 'routes/landing.tsx', { id: 'landing/sell-my-car-page' });
      route('sell-my-van', 'routes/landing.tsx', { id: 'landing/sell-my-van' });
      route('part-exchange', 'routes/landing.tsx', { id: 'landing/part-exchange' });
      route('partner/:partner', 'routes/landing.tsx', { id: 'landing/partner' });
      route('sell-your-car/:city?', 'routes/landing.tsx', { id: 'landing/city' });
      route('ulez-checker', 'routes/ulez-checker.tsx', { id: 'routes/ulez-checker' });
      route('ulez-checker/:results', 'routes/ulez-checker.tsx', { id: 'routes/ulez-checker-result' });
      route('sell-my-car/brands', 'routes/brands.tsx', { id: 'routes/brands' });
      route('sell-my-car/brands/:brand', 'routes/brand.tsx', { id: 'routes/brand' });
      // Steps named without a car (links in messages): the seller's current vehicle (spec 1 §2).
      route('collection', 'routes/current-vehicle-step.ts', { id: 'current/collection' });
      route('finance-payment-details', 'routes/current-vehicle-step.ts', { id: 'current/finance-payment-details' });
      route('finance-payment-details-more-funds-requested', 'routes/current-vehicle-step.ts', { id: 'current/finance-more-funds' });
      route('sell-my-car/brands/:brand/mileage', 'routes/mileage.tsx', { id: 'routes/brand-mileage' });
      // The vehicle page and everything under it. Declared last among the one-segment paths so
      // that static paths above win; the loader rejects what is not a registration.
      route(':vrm', 'routes/vehicle.tsx', { id: 'routes/vehicle' }, () => {
        route('', 'routes/vehicle-index.tsx', { id: 'routes/vehicle-index', index: true });
        route('profile/*', 'routes/profile.tsx', { id: 'routes/profile' });
        route('accept-offer', 'routes/accept-offer.tsx', { id: 'routes/accept-offer' });
        route('confirm-sale-summary', 'routes/confirm-sale.tsx', { id: 'routes/confirm-sale-summary' });
        route('confirm-sale', 'routes/confirm-sale.tsx', { id: 'routes/confirm-sale' });
        route('add-bank-details', 'routes/bank-details.tsx', { id: 'routes/add-bank-details' });
        route('request/bank-details', 'routes/bank-details.tsx', { id: 'routes/request-bank-details' });
        route('request/bank-details/confirmed', 'routes/bank-details.tsx', { id: 'routes/request-bank-details-confirmed' });
        route('upload-documents/:kind?', 'routes/upload-documents.tsx', { id: 'routes/upload-documents' });
        route('get-ahead/upload-documents/:kind?', 'routes/upload-documents.tsx', { id: 'routes/get-ahead-upload-documents' });
        route('request/:kind', 'routes/upload-documents.tsx', { id: 'routes/request-document' });
        route('automated-docs-upload/:step?', 'routes/upload-documents.tsx', { id: 'routes/automated-docs-upload' });
        route('vehicle-payment', 'routes/vehicle-payment.tsx', { id: 'routes/vehicle-payment' });
        route('finance-payment-details', 'routes/finance.tsx', { id: 'routes/finance-payment-details' });
        route('finance-payment-details-more-funds-requested', 'routes/finance.tsx', { id: 'routes/finance-more-funds' });
        route('finance-funds-received', 'routes/finance.tsx', { id: 'routes/finance-funds-received' });
        route('review-status', 'routes/review-status.tsx', { id: 'routes/review-status' });
        route('collection', 'routes/collection.tsx', { id: 'routes/collection' });
        route('purchasing-dealer-details', 'routes/dealer-details.tsx', { id: 'routes/dealer-details' });
        route('sale-complete', 'routes/sale-complete.tsx', { id: 'routes/sale-complete' });
        route('ineligible', 'routes/ineligible.tsx', { id: 'routes/ineligible' });
        // Accepting, bank details and documents wait here until the seller's address is proven (ADR 014).
        route('confirm-email', 'routes/confirm-email.tsx', { id: 'routes/confirm-email' });
        route('sign-up', 'routes/vehicle-redirect.tsx', { id: 'routes/vehicle-sign-up' });
        route('vehicle-details/:step?', 'routes/vehicle-redirect.tsx', { id: 'routes/vehicle-details' });
        route('car-sold', 'routes/vehicle-redirect.tsx', { id: 'routes/vehicle-car-sold' });
        route(':buyer/appointment/book', 'routes/vehicle-redirect.tsx', { id: 'routes/legacy-appointment' });
        route(':buyer/summary/:checkout?', 'routes/vehicle-redirect.tsx', { id: 'routes/legacy-summary' });
      });
      // Unknown paths, including unknown steps under a registration: the 404 page, without a vehicle header.
      route('*', 'routes/not-found.tsx', { id: 'routes/not-found' });
    });
  },
};
