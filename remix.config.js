import { readdirSync } from 'node:fs';

/** content/pages/{slug}.md → /{slug}: one module serves them all (features/content/routes/content-page.tsx). */
function contentPageSlugs() {
  try {
    return readdirSync(new URL('./content/pages', import.meta.url))
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -3));
  } catch {
    return [];
  }
}

/**
 * Remix v2, classic compiler, built for workerd.
 *
 * Routes are declared here rather than by file name: the route table (docs/behaviour/routes.md#route-table) reads top-down in one
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
      route('', 'features/entry/routes/home.tsx', { id: 'routes/home', index: true });
      route('healthz', 'features/shell/routes/healthz.ts', { id: 'routes/healthz' });
      route('sitemap', 'features/content/routes/sitemap.tsx', { id: 'routes/sitemap' });
      // Short links in texts (docs/notifications.md#short-links): a 302 to a page of ours, or a page saying why not.
      route('s/:code', 'features/shell/routes/short-link.tsx', { id: 'routes/short-link' });
      route('unsubscribe/:sms?', 'features/account/routes/unsubscribe.tsx', { id: 'routes/unsubscribe' });
      route('sitemap.xml', 'features/content/routes/sitemap-xml.ts', { id: 'routes/sitemap-xml' });
      route('robots.txt', 'features/content/routes/robots-txt.ts', { id: 'routes/robots-txt' });
      route('mileage', 'features/entry/routes/mileage.tsx', { id: 'routes/mileage' });
      // The car value tracker (docs/behaviour/routes.md#public-routes): its registration, mileage and sign-in steps, then the car's page.
      route('car-value-tracker', 'features/tracker/routes/tracker.tsx', { id: 'routes/tracker' });
      route('car-value-tracker/mileage', 'features/tracker/routes/tracker-mileage.tsx', { id: 'routes/tracker-mileage' });
      route('car-value-tracker/sign-in', 'features/tracker/routes/tracker-sign-in.tsx', { id: 'routes/tracker-sign-in' });
      route('car-value-tracker/:vrm', 'features/tracker/routes/tracker-vehicle.tsx', { id: 'routes/tracker-vehicle' });
      route('reviews', 'features/content/routes/reviews.tsx', { id: 'routes/reviews' });
      // How the valuation is made and how close it came last month (the sale wing: the sales record publishes it).
      route('how-we-value', 'features/sale/routes/how-we-value.tsx', { id: 'routes/how-we-value' });
      route('sign-in', 'features/account/routes/sign-in.tsx', { id: 'routes/sign-in' });
      route('sign-out', 'features/account/routes/sign-out.tsx', { id: 'routes/sign-out' });
      route('token-expired', 'features/account/routes/token-expired.tsx', { id: 'routes/token-expired' });
      route('auth/verify', 'features/account/routes/auth-verify.tsx', { id: 'routes/auth-verify' });
      // The "Not you? Freeze my payout" link in the payout account e-mails (ADR 014).
      route('auth/freeze-payout', 'features/sale/routes/freeze-payout.tsx', { id: 'routes/freeze-payout' });
      route('account', 'features/account/routes/account.tsx', { id: 'routes/account' }, () => {
        route('', 'features/account/routes/account-vehicles.tsx', { id: 'routes/account-vehicles', index: true });
        route('details', 'features/account/routes/account-details.tsx', { id: 'routes/account-details' });
        route('preferences', 'features/account/routes/account-preferences.tsx', { id: 'routes/account-preferences' });
        // The code texted to a mobile proves it before it hears about a sale (ADR 031).
        route('mobile', 'features/account/routes/account-mobile.tsx', { id: 'routes/account-mobile' });
      });
      route('dev/mailbox', 'features/dev/routes/dev-mailbox.tsx', { id: 'routes/dev-mailbox' });
      route('dev/flags', 'features/dev/routes/dev-flags.tsx', { id: 'routes/dev-flags' });
      route('dev/clock', 'features/dev/routes/dev-clock.tsx', { id: 'routes/dev-clock' });
      // The shell's own endpoints: choices the seller makes anywhere, and what the browser loads on demand.
      route('cookie-consent', 'features/shell/routes/cookie-consent.ts', { id: 'routes/cookie-consent' });
      route('sticky-vrm', 'features/shell/routes/sticky-vrm.ts', { id: 'routes/sticky-vrm' });
      route('api/client-report', 'features/shell/routes/api-client-report.ts', { id: 'routes/api-client-report' });
      route('api/page-view', 'features/shell/routes/api-page-view.ts', { id: 'routes/api-page-view' });
      route('api/chat-login', 'features/shell/routes/api-chat-login.ts', { id: 'routes/api-chat-login' });
      route('api/content/make', 'features/content/routes/api-content-make.ts', { id: 'routes/api-content-make' });
      route('chat/widget.js', 'features/shell/routes/chat-widget.ts', { id: 'routes/chat-widget' });
      route('media/*', 'features/shell/routes/media.ts', { id: 'routes/media' });
      route('checkout/:buyer/:failed?', 'features/vehicle/routes/checkout.tsx', { id: 'routes/checkout' });
      // The free tools (docs/behaviour/routes.md#public-routes).
      route('mot-check', 'features/mot/routes/mot-check.tsx', { id: 'routes/mot-check' });
      route('mot-check/results', 'features/mot/routes/mot-check-results.tsx', { id: 'routes/mot-check-results' });
      route('mot-check/confirm', 'features/mot/routes/mot-check-confirm.tsx', { id: 'routes/mot-check-confirm' });
      route('car-tax-check', 'features/tax/routes/car-tax-check.tsx', { id: 'routes/car-tax-check' });
      route('car-tax-check/results', 'features/tax/routes/car-tax-check-results.tsx', { id: 'routes/car-tax-check-results' });
      // Addresses of our other sites (docs/behaviour/routes.md#redirects).
      route('dealers', 'features/shell/routes/external-redirect.ts', { id: 'redirect/dealers' });
      route('pro', 'features/shell/routes/external-redirect.ts', { id: 'redirect/pro' });
      route('guides/kerbside-for-dealers', 'features/shell/routes/external-redirect.ts', { id: 'redirect/dealer-guide' });
      route('best-ev-cities', 'features/shell/routes/external-redirect.ts', { id: 'redirect/best-ev-cities' });
      // Route matching ignores case, so this is /FAQ as well.
      route('faq', 'features/shell/routes/external-redirect.ts', { id: 'redirect/faq' });
      // Content from the content store (content/): pages, guides (two addresses, one source), blog, stories.
      for (const slug of contentPageSlugs()) route(slug, 'features/content/routes/content-page.tsx', { id: `content/${slug}` });
      route('guides/:slug?', 'features/content/routes/articles.tsx', { id: 'routes/guides' });
      route('sell-my-car/guides/:slug?', 'features/content/routes/articles.tsx', { id: 'routes/sell-my-car-guides' });
      route('stories/:slug?', 'features/content/routes/articles.tsx', { id: 'routes/stories' });
      route('blog/:year?/:month?/:day?/:post?', 'features/content/routes/blog.tsx', { id: 'routes/blog' });
      // Landing pages from one module and its data files (app/features/content/): variants, partners, cities.
      route('sell-my-car', 'features/content/routes/landing.tsx', { id: 'landing/sell-my-car' });
      route('sell-my-car/:page', 'features/content/routes/landing.tsx', { id: 'landing/sell-my-car-page' });
      route('sell-my-van', 'features/content/routes/landing.tsx', { id: 'landing/sell-my-van' });
      route('part-exchange', 'features/content/routes/landing.tsx', { id: 'landing/part-exchange' });
      route('partner/:partner', 'features/content/routes/landing.tsx', { id: 'landing/partner' });
      route('sell-your-car/:city?', 'features/content/routes/city-landing.tsx', { id: 'landing/city' });
      route('ulez-checker', 'features/ulez/routes/ulez-checker.tsx', { id: 'routes/ulez-checker' });
      route('ulez-checker/:results', 'features/ulez/routes/ulez-result.tsx', { id: 'routes/ulez-checker-result' });
      route('sell-my-car/brands', 'features/content/routes/brands.tsx', { id: 'routes/brands' });
      route('sell-my-car/brands/:brand', 'features/content/routes/brand.tsx', { id: 'routes/brand' });
      // Steps named without a car (links in messages): the seller's current vehicle (docs/behaviour/entry.md#screens-and-routes).
      route('collection', 'features/sale/routes/current-vehicle-step.ts', { id: 'current/collection' });
      route('finance-payment-details', 'features/sale/routes/current-vehicle-step.ts', { id: 'current/finance-payment-details' });
      route('finance-payment-details-more-funds-requested', 'features/sale/routes/current-vehicle-step.ts', {
        id: 'current/finance-more-funds',
      });
      route('sell-my-car/brands/:brand/mileage', 'features/entry/routes/mileage.tsx', { id: 'routes/brand-mileage' });
      // The vehicle page and everything under it. Declared last among the one-segment paths so
      // that static paths above win; the loader rejects what is not a registration.
      route(':vrm', 'features/vehicle/routes/vehicle.tsx', { id: 'routes/vehicle' }, () => {
        route('', 'features/vehicle/routes/vehicle-index.tsx', { id: 'routes/vehicle-index', index: true });
        // The vehicle profile, before the sale: a route module per step, so that a page carries only its
        // own step's code (their loaders and action: features/vehicle/profile.server.ts, which checks the
        // seller as the sale's layout does; the profile shows nothing of that layout). `profile/*` is the
        // timeline at `profile` and `profile/timeline`, and the 404 page at any other address.
        route('profile/*', 'features/vehicle/routes/profile-timeline.tsx', { id: 'routes/profile' });
        route('profile/features', 'features/vehicle/routes/profile-features.tsx', { id: 'routes/profile-features' });
        route('profile/finance', 'features/vehicle/routes/profile-finance.tsx', { id: 'routes/profile-finance' });
        route('profile/issues', 'features/vehicle/routes/profile-issues.tsx', { id: 'routes/profile-issues' });
        route('profile/issues/details', 'features/vehicle/routes/profile-issue-details.tsx', { id: 'routes/profile-issue-details' });
        route('profile/keys', 'features/vehicle/routes/profile-keys.tsx', { id: 'routes/profile-keys' });
        route('profile/photos', 'features/vehicle/routes/profile-photos.tsx', { id: 'routes/profile-photos' });
        // The sale's steps, from the offer to being paid (the sale wing): one layout checks the seller,
        // reads their sale and shows where the sale is (features/sale/routes/sale-steps.tsx).
        route(undefined, 'features/sale/routes/sale-steps.tsx', { id: 'routes/sale-steps' }, () => {
          route('accept-offer', 'features/sale/routes/accept-offer.tsx', { id: 'routes/accept-offer' });
          route('confirm-sale-summary', 'features/sale/routes/confirm-sale.tsx', { id: 'routes/confirm-sale-summary' });
          route('confirm-sale', 'features/sale/routes/confirm-sale.tsx', { id: 'routes/confirm-sale' });
          route('add-bank-details', 'features/sale/routes/bank-details.tsx', { id: 'routes/add-bank-details' });
          route('request/bank-details', 'features/sale/routes/bank-details.tsx', { id: 'routes/request-bank-details' });
          route('request/bank-details/confirmed', 'features/sale/routes/bank-details.tsx', {
            id: 'routes/request-bank-details-confirmed',
          });
          route('upload-documents/:kind?', 'features/sale/routes/upload-documents.tsx', { id: 'routes/upload-documents' });
          route('get-ahead/upload-documents/:kind?', 'features/sale/routes/upload-documents.tsx', {
            id: 'routes/get-ahead-upload-documents',
          });
          route('request/:kind', 'features/sale/routes/upload-documents.tsx', { id: 'routes/request-document' });
          route('automated-docs-upload/:step?', 'features/sale/routes/upload-documents.tsx', { id: 'routes/automated-docs-upload' });
          route('vehicle-payment', 'features/sale/routes/vehicle-payment.tsx', { id: 'routes/vehicle-payment' });
          route('finance-payment-details', 'features/sale/routes/finance.tsx', { id: 'routes/finance-payment-details' });
          route('finance-payment-details-more-funds-requested', 'features/sale/routes/finance.tsx', { id: 'routes/finance-more-funds' });
          route('finance-funds-received', 'features/sale/routes/finance.tsx', { id: 'routes/finance-funds-received' });
          route('review-status', 'features/sale/routes/review-status.tsx', { id: 'routes/review-status' });
          route('collection', 'features/sale/routes/collection.tsx', { id: 'routes/collection' });
          route('purchasing-dealer-details', 'features/sale/routes/dealer-details.tsx', { id: 'routes/dealer-details' });
          route('sale-complete', 'features/sale/routes/sale-complete.tsx', { id: 'routes/sale-complete' });
        });
        // The seller's own photos for the revised offer's side-by-side: the profile's and the inspector's.
        route('photos/:source/:slot', 'features/sale/routes/sale-photo.ts', { id: 'routes/sale-photo' });
        route('ineligible', 'features/vehicle/routes/ineligible.tsx', { id: 'routes/ineligible' });
        // Accepting, bank details and documents wait here until the seller's address is proven (ADR 014).
        route('confirm-email', 'features/account/routes/confirm-email.tsx', { id: 'routes/confirm-email' });
        route('sign-up', 'features/vehicle/routes/vehicle-redirect.tsx', { id: 'routes/vehicle-sign-up' });
        route('vehicle-details/:step?', 'features/vehicle/routes/vehicle-redirect.tsx', { id: 'routes/vehicle-details' });
        route('car-sold', 'features/vehicle/routes/vehicle-redirect.tsx', { id: 'routes/vehicle-car-sold' });
        route(':buyer/appointment/book', 'features/vehicle/routes/vehicle-redirect.tsx', { id: 'routes/legacy-appointment' });
        route(':buyer/summary/:checkout?', 'features/vehicle/routes/vehicle-redirect.tsx', { id: 'routes/legacy-summary' });
      });
      // Unknown paths, including unknown steps under a registration: the 404 page, without a vehicle header.
      route('*', 'features/shell/routes/not-found.tsx', { id: 'routes/not-found' });
    });
  },
};
