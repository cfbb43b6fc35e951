import type { CurrentEnquiry } from '../../../contract/sale';
import type { MotHistory, PremiumOffer, SimilarSoldVehicles, Valuation, VehicleInsights } from '../../../contract/vehicles';
import { formatDate, formatMiles, formatPounds } from '~/lib/format';
import { formatDateTime } from '../sale/sale-time';
import { PartnerHandOff } from './partner-hand-off.server';
import type { PartnerId } from '../../../contract/marketplace';
import { markupNow as markup } from '~/lib/server-markup.server';

/**
 * The vehicle page's deferred sections (the valuation, what dealers are likely to offer, cars like
 * this one that sold, the MOT history), rendered on the server as the markup they show (ADR 029).
 * They do nothing in the browser, so their promises resolve to markup: streamed to a browser that
 * runs scripts, in the document for one that does not, and never as code in the page's scripts.
 * Their links are plain anchors; the page's markup islands make a click navigate in the app.
 */
/** What the valuation section shows: the exact figure once signed in, the range before. */
export function valuationMarkup(
  valuation: Valuation | null,
  { vrm, signedIn, withRange }: { vrm: string; signedIn: boolean; withRange: boolean },
) {
  if (!valuation) return markup(ValuationUnavailable, { vrm });
  return signedIn ? markup(ValuationView, { valuation, withRange }) : markup(ValuationRange, { valuation });
}

export const offerMarkup = (offer: PremiumOffer | null) => (offer ? markup(OfferView, { offer }) : markup(OfferUnavailable, {}));

export const similarMarkup = (found: { sold: SimilarSoldVehicles; insights: VehicleInsights | null } | null, brandName: string) =>
  found ? markup(SimilarSold, { ...found, brandName }) : markup(SimilarUnavailable, {});

/** The sale's panel for a car dealers may bid on; null for one they may not. */
export const salePanelMarkup = (current: CurrentEnquiry, vrm: string, dealerNetwork: string, { mobileToConfirm = false } = {}) =>
  current.enquiry.marketplaceEligible?.eligible ? markup(SalePanel, { current, vrm, dealerNetwork, mobileToConfirm }) : null;

/** A car our dealers do not buy: the partner buyer's hand-off, and why. */
function HandOff({ partner, vrm }: { partner: Exclude<PartnerId, 'kerbside'>; vrm: string }) {
  return (
    <>
      <PartnerHandOff partner={partner} />
      <p>
        <a href={`/${vrm}/ineligible`}>Why can&rsquo;t dealers bid on this car?</a>
      </p>
    </>
  );
}

export const handOffMarkup = (partner: Exclude<PartnerId, 'kerbside'>, vrm: string) => markup(HandOff, { partner, vrm });

/** A car looked up without a mileage: the way to its valuation (inside the page's `section.card`). */
function ValueThisCar({ vrm }: { vrm: string }) {
  return (
    <>
      <h2 id="valuation-title">Get your instant valuation</h2>
      <p>Tell us the mileage and we will value this car, free.</p>
      <form method="post" action="/?index">
        <input type="hidden" name="vrm" value={vrm} />
        <button className="btn" type="submit">
          Value this car
        </button>
      </form>
    </>
  );
}

/** What a visitor is asked, above the sign-up form. */
function SignUpIntro() {
  return (
    <>
      <h3>See your full valuation</h3>
      <p>Create your free account to see your exact valuation and what dealers are likely to offer.</p>
    </>
  );
}

export const valueThisCarMarkup = (vrm: string) => markup(ValueThisCar, { vrm });
export const signUpIntroMarkup = () => markup(SignUpIntro, {});

export const motMarkup = (history: MotHistory | null) => (history ? markup(MotSummary, { history }) : markup(MotUnavailable, {}));

/** The exact valuation; its range is said once, here or (for a car in the dealer sale) under what dealers are likely to offer. */
function ValuationView({ valuation, withRange }: { valuation: Valuation; withRange: boolean }) {
  return (
    <div data-testid="valuation">
      <p className="big">{formatPounds(valuation.price)}</p>
      <p>
        Based on {formatMiles(valuation.mileage)}.
        {withRange
          ? ` Dealers' offers for cars like yours usually land between ${formatPounds(valuation.low)} and ${formatPounds(valuation.high)}.`
          : null}
      </p>
    </div>
  );
}

function ValuationRange({ valuation }: { valuation: Valuation }) {
  return (
    <div data-testid="valuation-range">
      <p className="big">
        {formatPounds(valuation.low)} – {formatPounds(valuation.high)}
      </p>
      <p>Based on {formatMiles(valuation.mileage)}.</p>
    </div>
  );
}

function ValuationUnavailable({ vrm }: { vrm: string }) {
  return (
    <p>
      We couldn't work out your valuation just now. <a href={`/${vrm}`}>Try again</a>
    </p>
  );
}

function OfferView({ offer }: { offer: PremiumOffer }) {
  return (
    <div data-testid="offer-estimate">
      <p className="big">
        {formatPounds(offer.offerLow)} – {formatPounds(offer.offerHigh)}
      </p>
      <p>This estimate holds until {formatDate(offer.validUntil)}.</p>
    </div>
  );
}

/** Fewer sales than this and the list says it is thin evidence. */
const FEW_SALES = 3;

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
const periodName = (days: number) => (days % 365 === 0 ? `${(days / 365) * 12} months` : `${days} days`);
const monthName = (yyyyMm: string) =>
  new Date(`${yyyyMm}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The sales record's evidence: the nearest cars of the same make and model, never padded with others. */
function SimilarSold({ sold, insights, brandName }: { sold: SimilarSoldVehicles; insights: VehicleInsights | null; brandName: string }) {
  const name = `${sold.make} ${sold.model}`;
  const period = periodName(sold.periodDays);
  return (
    <div data-testid="similar-sold">
      {insights && insights.sales > 0 ? (
        <p data-testid="dealers-bought">
          In the last {periodName(insights.periodDays)}, {plural(insights.sales, `${name} sale`, `${name} sales`)} through {brandName} went
          to {plural(insights.dealers, 'dealer', 'different dealers')}.
        </p>
      ) : null}
      {sold.vehicles.length ? (
        <ul className="sold-list">
          {sold.vehicles.map((car, index) => (
            <li key={index}>
              <strong>{formatPounds(car.soldPrice)}</strong> for a {car.year} {name} with {formatMiles(car.mileage)}, sold in{' '}
              {monthName(car.soldMonth)}
            </li>
          ))}
        </ul>
      ) : null}
      {sold.salesOfModel === 0 ? (
        <p>
          No {name} has sold in our daily sale in the last {period}, so we have none to show beside your valuation.
        </p>
      ) : sold.salesOfModel < FEW_SALES ? (
        <p>
          Only {plural(sold.salesOfModel, `${name} sale`, `${name} sales`)} in our daily sale in the last {period}: too few to say much
          about the market.
        </p>
      ) : (
        <p className="muted">
          The {plural(sold.vehicles.length, 'sale', 'sales')} nearest to yours in age and mileage, of{' '}
          {plural(sold.salesOfModel, `${name} sale`, `${name} sales`)} in the last {period}.
        </p>
      )}
      <p className="muted" data-testid="how-we-value">
        <a href="/how-we-value">How we value</a>: from the price new, allowing for age, mileage, fuel and type. These sales are the market
        beside it.
      </p>
    </div>
  );
}

function SimilarUnavailable() {
  return <p>We couldn&rsquo;t load the cars like yours that sold just now. Your valuation still stands.</p>;
}

function OfferUnavailable() {
  return <p>We couldn't reach our dealer network just now. Your valuation still stands.</p>;
}

function MotUnavailable() {
  return <p>We couldn't load the MOT history just now. It will be back shortly.</p>;
}

/** One line about the MOT history: the vehicle page's summary, linking to the full check. */
export function MotSummary({ history }: { history: MotHistory }) {
  const latest = history.motTests[0];
  const more = <a href={`/mot-check/results?vrm=${encodeURIComponent(history.registration)}`}>See the full MOT history</a>;
  if (!latest) {
    return (
      <div data-testid="mot-summary">
        <p>No MOT tests on record: cars have their first MOT at three years old.</p>
        <p>{more}</p>
      </div>
    );
  }
  return (
    <div data-testid="mot-summary">
      <p>
        {history.motTests.length} MOT {history.motTests.length === 1 ? 'test' : 'tests'} on record. Latest:{' '}
        {latest.testResult === 'PASSED' ? 'passed' : 'failed'} on {formatDate(latest.completedDate)}
        {latest.odometerValue !== null && latest.odometerUnit === 'MI' ? ` at ${formatMiles(latest.odometerValue)}` : ''}.
      </p>
      <p>{more}</p>
    </div>
  );
}

/** Where the seller's sale is, under 'Sell to our dealers' (the page puts the title and a relisting's errors above it). */
function SalePanel({
  vrm,
  current,
  dealerNetwork,
  mobileToConfirm,
}: {
  vrm: string;
  current: CurrentEnquiry;
  dealerNetwork: string;
  mobileToConfirm: boolean;
}) {
  // Texts about the sale wait for the mobile's code (docs/decisions/031): the panel says so until it is entered.
  const mobile = mobileToConfirm ? (
    <p className="toast warn" data-testid="mobile-to-confirm">
      We texted you a code to confirm your mobile. <a href={`/account/mobile?next=${encodeURIComponent(`/${vrm}`)}`}>Enter it</a> to get
      texts about your sale.
    </p>
  ) : null;
  const body = <SaleStatus vrm={vrm} current={current} dealerNetwork={dealerNetwork} />;
  return mobile ? (
    <>
      {mobile}
      {body}
    </>
  ) : (
    body
  );
}

function SaleStatus({ vrm, current, dealerNetwork }: { vrm: string; current: CurrentEnquiry; dealerNetwork: string }) {
  const { sale, profile } = current;
  const relist = (
    // An index route's own action: the plain form names it, as <Form> would.
    <form method="post" action={`/${vrm}?index`}>
      <button className="btn" type="submit" name="intent" value="relist">
        Put it in the next sale
      </button>
    </form>
  );
  let body;
  switch (sale?.phase) {
    case undefined:
      body = (
        <>
          <p>Build your vehicle profile and {dealerNetwork} dealers compete for your car in the next daily sale.</p>
          <a className="btn" href={`/${vrm}/profile/timeline`}>
            {profile.complete ? 'Review your profile' : 'Build your profile'}
          </a>
        </>
      );
      break;
    case 'ready_for_sale':
      body = <p data-testid="sale-status">Your car is in the next sale, which starts {formatDateTime(sale.startsAt)}.</p>;
      break;
    case 'sale_active':
      body = (
        <p data-testid="sale-status">
          The sale is live: {sale.biddingDealers} {sale.biddingDealers === 1 ? 'dealer has' : 'dealers have'} bid so far. It ends{' '}
          {formatDateTime(sale.endsAt)}. <a href={`/${vrm}`}>Refresh</a>
        </p>
      );
      break;
    case 'under_offer':
      body = (
        <>
          <p data-testid="sale-status">
            The sale has ended. Your highest offer is <strong>{formatPounds(sale.offer?.amount ?? 0)}</strong>, open until{' '}
            {sale.offer ? formatDateTime(sale.offer.expiresAt) : ''}.
          </p>
          <a className="btn" href={`/${vrm}/accept-offer`}>
            See your offer
          </a>
        </>
      );
      break;
    case 'unsold_no_bids':
    case 'unsold_below_reserve_bid':
    case 'declined':
    case 'expired':
    case 'ended':
      body = (
        <>
          <p data-testid="sale-status">
            {sale.phase === 'ended'
              ? sale.ended?.reason === 'dealer_cancelled'
                ? 'The dealer found more at the handover than our rules let them take off the price, so they cancelled. The car is still yours, and there is no fee.'
                : 'You declined the dealer’s revised offer, so the car is still yours, and there is no fee.'
              : sale.phase === 'declined'
                ? 'You declined the offer.'
                : sale.phase === 'expired'
                  ? 'The offer expired.'
                  : sale.phase === 'unsold_no_bids'
                    ? 'No dealer bid this time.'
                    : 'The highest bid did not reach your reserve.'}{' '}
            You can put the car in another sale, free.
          </p>
          {relist}
        </>
      );
      break;
    default:
      body = null;
  }
  return body;
}
