import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { clockNow } from '~/lib/clock.server';
import { visibleFields } from '~/lib/forms/kept-form';
import { initials, signOut } from '~/lib/auth.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { formatDealerNetwork } from '~/lib/dealer-network';
import { reviewsBlock } from './shell-data.server';
import { footerReviewsMarkup } from './footer-reviews.server';

/**
 * The root route's data: what the frame of every page needs (brand, addresses, the signed-in
 * seller, consent, the footer's reviews). root.tsx serves it; pages read it with useRootData.
 */
export async function loadRootData({ request, context }: LoaderFunctionArgs) {
  const { session, config, preferences } = context;
  const url = new URL(request.url);
  // Another tab signed out: end this one's session too, and take the marker out of the URL.
  if (url.searchParams.get('logout') === 'broadcast') {
    if (session.get('auth')) signOut(session);
    url.searchParams.delete('logout');
    // The path is the request's own: `//evil.example/?logout=broadcast` must not lead there.
    throw redirect(safeRedirect(url.pathname + url.search));
  }
  const auth = session.get('auth');
  const consented = preferences.consent === 'granted';
  return {
    brandName: config.brandName,
    helpCentreUrl: config.helpCentreUrl,
    dealerSiteUrl: config.dealerSiteUrl,
    /** The dealer network's size as the copy states it (formatDealerNetwork), from configuration. */
    dealerNetwork: formatDealerNetwork(config.dealerNetworkSize),
    year: clockNow().getUTCFullYear(),
    // An account whose details were cleared at proof has no name until the seller confirms it (ADR 031).
    user: auth ? { firstName: auth.firstName || 'Your account', initials: initials(auth) } : null,
    logoutNotice: url.searchParams.get('logout') === 'notify',
    authEvent: session.get('authEvent') ?? null,
    consent: preferences.consent,
    stickyVrmDismissed: preferences.stickyVrmDismissed,
    chatEnabled: !config.featureFlags.hideSupportWidget,
    /** For the page's dataLayer, only with consent. */
    analytics: consented ? { experiments: context.experiments } : null,
    // The home page shows its own reviews carousel instead.
    /** What a plain form post sent, for the page-load failure to hand back if the page can't load. */
    keptForm: context.keptForm && { ...context.keptForm, visible: visibleFields(context.keptForm) },
    /** The footer's reviews block as markup, null when there are none to show. */
    footerReviews:
      url.pathname === '/'
        ? null
        : await reviewsBlock(context).then((block) => block && footerReviewsMarkup({ brandName: config.brandName, ...block })),
  };
}
