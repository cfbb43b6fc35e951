import { useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ServerMarkup } from '../../lib/server-markup';
import { footerLegalMarkup, footerLinksMarkup } from './shell-links.server';
import { VrmForm } from './vrm-form';
import type { Addresses } from '~/features/shell/navigation';
import type { RouteFlags } from '~/lib/route-flags';
import { dealersCompete } from '~/lib/dealer-network';

/**
 * The footer (docs/behaviour/shell.md#footer): which blocks show is up to the route's flags. A page without a footer
 * still carries its links, hidden: the browser keeps them from the first document for the rest of
 * the visit (ServerMarkup), so a client-side navigation to a page with a footer has them.
 */
export function SiteFooter({
  hidden,
  brandName,
  dealerNetwork,
  year,
  addresses,
  flags,
  reviews,
  children,
}: {
  children?: ReactNode;
  hidden: boolean;
  brandName: string;
  /** The dealer network's figure (formatDealerNetwork), null when the root's data did not load. */
  dealerNetwork: string | null;
  year: number;
  addresses: Addresses;
  flags: RouteFlags;
  /** The reviews block's markup (footer-reviews.server.tsx), null when there are none to show. */
  reviews: string | null;
}) {
  return (
    <footer className="site-footer" hidden={hidden}>
      {hidden || flags.hideReviews || !reviews ? null : (
        <ServerMarkup id="footer-reviews" as="section" className="footer-reviews" aria-labelledby="footer-reviews-title" markup={reviews} />
      )}
      {hidden || flags.hideVehicleLookup ? null : flags.useUlezVrmChecker ? (
        <UlezLookupBlock />
      ) : (
        <LookupBlock brandName={brandName} dealerNetwork={dealerNetwork} variant={flags.lookupVariant} />
      )}
      <div className="footer-main">
        <div className="wrap">
          {children}
          <ServerMarkup id="footer-links" render={() => footerLinksMarkup({ addresses })} />
          {hidden ? null : <Disclaimers flags={flags} />}
          <ServerMarkup id="footer-legal" render={() => footerLegalMarkup({ brandName, dealerNetwork, year })} />
        </div>
      </div>
    </footer>
  );
}

/** The block's title differs on home, brand and partner pages (docs/behaviour/shell.md#footer). */
export function lookupBlockTitle(brandName: string, variant: RouteFlags['lookupVariant'], make?: string): string {
  switch (variant) {
    case 'home':
      return `Sell your car the ${brandName} way`;
    case 'brand':
      return make ? `Ready to sell your ${make}?` : 'Ready to sell your car?';
    case 'partner':
      return `Get your ${brandName} valuation`;
    default:
      return 'Find out what your car is worth';
  }
}

function LookupBlock({
  brandName,
  dealerNetwork,
  variant,
}: {
  brandName: string;
  dealerNetwork: string | null;
  variant: RouteFlags['lookupVariant'];
}) {
  // A brand page's make, when this is one.
  const brand = useRouteLoaderData<{ make?: { display_name: string } }>('routes/brand');
  return (
    <section className="footer-lookup" aria-labelledby="footer-lookup-title">
      <div className="wrap">
        <h2 id="footer-lookup-title">{lookupBlockTitle(brandName, variant, brand?.make?.display_name)}</h2>
        <p>{dealersCompete(dealerNetwork)} to give you their best price. Free collection, no fee.</p>
        <VrmForm id="footer-lookup" label="Your registration" action="/?index" buttonLabel="Get my valuation" />
      </div>
    </section>
  );
}

/** The ULEZ checker's footer widget (docs/behaviour/entry.md#screens-and-routes), on routes flagged useUlezVrmChecker. */
function UlezLookupBlock() {
  return (
    <section className="footer-lookup" aria-labelledby="footer-lookup-title">
      <div className="wrap">
        <h2 id="footer-lookup-title">Is your vehicle ULEZ compliant?</h2>
        <VrmForm id="footer-ulez" label="Enter your vehicle reg" action="/ulez-checker" buttonLabel="Check compliance" />
      </div>
    </section>
  );
}

function Disclaimers({ flags }: { flags: RouteFlags }) {
  if (!flags.showDisclaimer && !flags.showDisclaimerDetail && !flags.showTrackerDisclaimer) return null;
  return (
    <div className="disclaimers">
      {flags.showDisclaimer ? (
        <p id="price-disclaimer">
          * Best price: the highest offer made for your car by the dealers who bid in our daily sale. Dealers set their own bids, so we
          cannot promise a figure before the sale ends, and a car may receive no offer at all.
        </p>
      ) : null}
      {flags.showDisclaimerDetail ? (
        <p id="price-disclaimer-detail">
          An accepted offer is binding on the dealer. At collection they check the car against your profile and photos, and may change the
          price only for undeclared damage beyond a £150 preparation allowance, a mileage more than 200 miles above the one you gave, or
          finance you did not tell us about.
        </p>
      ) : null}
      {flags.showTrackerDisclaimer ? (
        <p id="tracker-disclaimer">
          Tracker values are estimates from our valuation model, using the mileage you gave us and recent sales of similar vehicles. They
          are not an offer; the price you are offered in the sale may be higher or lower.
        </p>
      ) : null}
    </div>
  );
}
