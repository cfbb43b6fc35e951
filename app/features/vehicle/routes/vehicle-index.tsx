import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Await, Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Suspense } from 'react';
import type { PremiumOffer, SimilarSoldVehicles, Valuation, VehicleInsights } from '../../../../contract/vehicles';
import { normaliseVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { OutageNotice } from '~/features/shell/outage-notice';
import { PartnerHandOff } from '~/features/vehicle/partner-hand-off';
import { FormErrors } from '~/lib/forms/form-parts';
import { SignUpForm } from '~/features/account/sign-up-form';
import { handleSignUp } from '~/features/account/sign-up.server';
import { failed, parseIntent } from '~/lib/forms/form.server';
import { intentOf, useFormReply } from '~/lib/forms/use-form-reply';
import { currentEnquiry } from '~/features/vehicle/sale.server';
import { VEHICLE_PAGE_INTENTS } from '~/features/vehicle/sale-forms.server';
import { formatDateTime } from '~/features/vehicle/sale-time';
import { useVehicleData } from '~/features/vehicle/vehicle-data';
import { formatDate, formatMiles, formatPounds } from '~/lib/format';
import { MotSummary } from '~/features/mot/mot-summary';
import { safeRedirect } from '~/lib/safe-redirect';
import { formatDealerNetwork } from '~/lib/dealer-network';
import { endpoints } from '../../../../contract/endpoints';

/**
 * The vehicle page body. The vehicle header is the layout's critical data; the valuation, the
 * dealer offer estimate and the MOT history come from slower providers, so they are deferred:
 * streamed to browsers that run scripts, already in the document for those that do not.
 * Deferred work never fails the page: each section says so itself.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const vrm = normaliseVrm(params.vrm ?? '');
  const { gateway, session } = context;
  const looked = session.get('lookup')?.vehicle;
  const enquiry = looked?.vrm === vrm ? (looked.enquiry ?? null) : null;
  const mileage = enquiry?.mileage ?? null;
  const eligible = enquiry?.marketplaceEligible?.eligible ?? null;
  const signedIn = !!session.get('auth');

  // Start every slow call before returning, so they run side by side.
  const valuation = mileage !== null ? gateway.call(endpoints.entry.valuate, { body: { vrm, mileage } }).catch(() => null) : null;
  const offer =
    signedIn && enquiry && eligible
      ? gateway.call(endpoints.entry.premiumOffer, { query: { valuation_ref: enquiry.id, vrm } }).catch(() => null)
      : null;
  const motHistory = gateway.call(endpoints.entry.motHistory, { params: { vrm } }).catch(() => null);
  // The evidence beside the valuation: cars like this one that sold, from the platform's sales record.
  const similar =
    mileage !== null && looked
      ? Promise.all([
          gateway.call(endpoints.entry.similarSold, { body: { vrm, mileage } }),
          gateway.call(endpoints.entry.insights, { params: { id: looked.id } }).catch(() => null),
        ]).then(
          ([sold, insights]) => ({ sold, insights }),
          () => null,
        )
      : null;

  return {
    vrm,
    signedIn,
    mileage,
    eligibility: enquiry?.marketplaceEligible ?? null,
    partner: enquiry?.partnerId ?? null,
    valuation,
    offer,
    motHistory,
    similar,
    dealerNetwork: formatDealerNetwork(context.config.dealerNetworkSize),
  };
}

/**
 * Sign-up on the vehicle page (creates the account, takes over this enquiry, signs the seller in),
 * and relisting a car that did not sell.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const vrm = normaliseVrm(params.vrm ?? '');
  const read = parseIntent(await request.formData(), VEHICLE_PAGE_INTENTS, 'sign-up');
  if (read.intent === 'relist') {
    try {
      const current = await currentEnquiry(context.gateway, vrm);
      if (current) await context.gateway.call(endpoints.sale.update, { params: { id: current.enquiry.id }, body: { action: 'relist' } });
    } catch (error) {
      return failed(read.submission, error, context, 'sale.relist_failed');
    }
    throw redirect(safeRedirect(`/${vrm}`));
  }
  const answer = await handleSignUp(read.submission, context, 'vehicle', `/${vrm}`);
  if (answer) return answer;
  throw redirect(safeRedirect(`/${vrm}`));
}

export default function VehicleIndex() {
  const { vrm, signedIn, mileage, eligibility, partner, valuation, offer, motHistory, similar, dealerNetwork } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { brandName } = useRootData();
  const { current, outage } = useVehicleData();
  return (
    <>
      {/* The platform down (docs/decisions/026): the page stands on what the session holds, and says what it can't show. */}
      {outage && !reply ? (
        <OutageNotice
          message={outage.message}
          title={signedIn ? 'We can’t show where your sale is just now.' : 'We can’t show all of this car’s details just now.'}
        />
      ) : null}
      {current ? <SalePanel vrm={vrm} current={current} dealerNetwork={dealerNetwork} /> : null}
      {outage && intentOf(reply) === 'relist' ? <RelistSent message={outage.message} /> : null}
      {valuation && mileage !== null ? (
        <section className="card" aria-labelledby="valuation-title">
          <h2 id="valuation-title">Your instant valuation</h2>
          <Suspense fallback={<p className="skeleton">Working out your valuation for {formatMiles(mileage)}…</p>}>
            <Await resolve={valuation} errorElement={<ValuationUnavailable vrm={vrm} />}>
              {(value) =>
                !value ? (
                  <ValuationUnavailable vrm={vrm} />
                ) : signedIn ? (
                  <ValuationView valuation={value} withRange={!offer} />
                ) : (
                  <ValuationRange valuation={value} />
                )
              }
            </Await>
          </Suspense>
          {signedIn ? null : (
            <div className="stack">
              <h3>See your full valuation</h3>
              <p>Create your free account to see your exact valuation and what dealers are likely to offer.</p>
              <SignUpForm action={`/${vrm}?index`} reply={intentOf(reply) === 'relist' ? null : reply} brandName={brandName} />
              {outage && reply ? <OutageNotice message={outage.message} sent /> : null}
            </div>
          )}
          {eligibility && !eligibility.eligible && partner && partner !== 'kerbside' ? (
            <>
              <PartnerHandOff partner={partner} />
              <p>
                <Link to={`/${vrm}/ineligible`}>Why can&rsquo;t dealers bid on this car?</Link>
              </p>
            </>
          ) : null}
        </section>
      ) : (
        <section className="card" aria-labelledby="valuation-title">
          <h2 id="valuation-title">Get your instant valuation</h2>
          <p>Tell us the mileage and we will value this car, free.</p>
          <Form method="post" action="/?index">
            <input type="hidden" name="vrm" value={vrm} />
            <button className="btn" type="submit">
              Value this car
            </button>
          </Form>
        </section>
      )}

      {offer ? (
        <section className="card" aria-labelledby="offer-title">
          <h2 id="offer-title">What dealers are likely to offer</h2>
          <Suspense fallback={<p className="skeleton">Asking our dealer network…</p>}>
            <Await resolve={offer} errorElement={<OfferUnavailable />}>
              {(estimate) => (estimate ? <OfferView offer={estimate} /> : <OfferUnavailable />)}
            </Await>
          </Suspense>
        </section>
      ) : null}

      {similar ? (
        <section className="card" aria-labelledby="similar-title">
          <h2 id="similar-title">Cars like yours that sold</h2>
          <Suspense fallback={<p className="skeleton">Finding cars like yours that sold…</p>}>
            <Await resolve={similar} errorElement={<SimilarUnavailable />}>
              {(found) =>
                found ? <SimilarSold sold={found.sold} insights={found.insights} brandName={brandName} /> : <SimilarUnavailable />
              }
            </Await>
          </Suspense>
        </section>
      ) : null}

      <section className="card" aria-labelledby="mot-title">
        <h2 id="mot-title">MOT history</h2>
        <Suspense fallback={<p className="skeleton">Checking the MOT history…</p>}>
          <Await resolve={motHistory} errorElement={<MotUnavailable />}>
            {(history) => (history ? <MotSummary history={history} /> : <MotUnavailable />)}
          </Await>
        </Suspense>
      </section>
    </>
  );
}

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

/** A relisting sent during an outage: the sale's panel can't be shown, so its form comes back on its own (docs/decisions/026). */
function RelistSent({ message }: { message: string }) {
  const relisting = useFormReply(useActionData<typeof action>());
  return (
    <section className="card" aria-labelledby="relist-title">
      <h2 id="relist-title">Sell to our dealers</h2>
      <Form method="post">
        <FormErrors errors={relisting.formErrors} />
        <OutageNotice message={message} sent />
        <button className="btn" type="submit" name="intent" value="relist">
          Put it in the next sale
        </button>
      </Form>
    </section>
  );
}

function SalePanel({
  vrm,
  current,
  dealerNetwork,
}: {
  vrm: string;
  current: NonNullable<ReturnType<typeof useVehicleData>['current']>;
  dealerNetwork: string;
}) {
  const { enquiry, sale, profile } = current;
  const reply = useActionData<typeof action>();
  const relisting = useFormReply(intentOf(reply) === 'relist' ? reply : null);
  if (!enquiry.marketplaceEligible?.eligible) return null;
  const relist = (
    <Form method="post">
      <FormErrors errors={relisting.formErrors} />
      <button className="btn" type="submit" name="intent" value="relist">
        Put it in the next sale
      </button>
    </Form>
  );
  let body;
  switch (sale?.phase) {
    case undefined:
      body = (
        <>
          <p>Build your vehicle profile and {dealerNetwork} dealers compete for your car in the next daily sale.</p>
          <Link className="btn" to={`/${vrm}/profile/timeline`}>
            {profile.complete ? 'Review your profile' : 'Build your profile'}
          </Link>
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
          <Link className="btn" to={`/${vrm}/accept-offer`}>
            See your offer
          </Link>
        </>
      );
      break;
    case 'unsold_no_bids':
    case 'unsold_below_reserve_bid':
    case 'declined':
    case 'expired':
      body = (
        <>
          <p data-testid="sale-status">
            {sale.phase === 'declined'
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
  return (
    <section className="card" aria-labelledby="sale-title">
      <h2 id="sale-title">Sell to our dealers</h2>
      {body}
    </section>
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
        How we value: from the price new, allowing for age, mileage, fuel and type. These sales are the market beside it.
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
