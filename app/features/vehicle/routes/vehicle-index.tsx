import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Await, Form, useActionData, useLoaderData } from '@remix-run/react';
import { Suspense } from 'react';
import { normaliseVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { OutageNotice } from '~/features/shell/outage-notice';
import { FormErrors } from '~/lib/forms/form-parts';
import { SignUpForm } from '~/features/account/sign-up-form';
import { handleSignUp } from '~/features/account/sign-up.server';
import { failed, parseIntent } from '~/lib/forms/form.server';
import { intentOf, useFormReply } from '~/lib/forms/use-form-reply';
import { currentEnquiry } from '~/features/sale/seller-sale.server';
import { ServerMarkup } from '~/lib/server-markup';
import { VEHICLE_PAGE_INTENTS } from '~/features/vehicle/vehicle-forms.server';
import { useVehicleData } from '~/features/vehicle/vehicle-data';
import { formatMiles } from '~/lib/format';
import {
  handOffMarkup,
  motMarkup,
  offerMarkup,
  salePanelMarkup,
  signUpIntroMarkup,
  similarMarkup,
  valuationMarkup,
  valueThisCarMarkup,
} from '~/features/vehicle/vehicle-views.server';
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

  // Start every slow call before returning, so they run side by side. Each resolves to its
  // section's markup, its own "couldn't load" line when the provider fails.
  const shown = <T,>(call: Promise<T>, render: (value: T | null) => string) => call.then(render, () => render(null));
  const offered = signedIn && enquiry && eligible;
  const valuation =
    mileage !== null
      ? shown(gateway.call(endpoints.entry.valuate, { body: { vrm, mileage } }), (value) =>
          valuationMarkup(value, { vrm, signedIn, withRange: !offered }),
        )
      : null;
  const offer = offered
    ? shown(gateway.call(endpoints.entry.premiumOffer, { query: { valuation_ref: enquiry.id, vrm } }), offerMarkup)
    : null;
  const motHistory = shown(gateway.call(endpoints.entry.motHistory, { params: { vrm } }), motMarkup);
  // The evidence beside the valuation: cars like this one that sold, from the platform's sales record.
  const similar =
    mileage !== null && looked
      ? shown(
          Promise.all([
            gateway.call(endpoints.entry.similarSold, { body: { vrm, mileage } }),
            gateway.call(endpoints.entry.insights, { params: { id: looked.id } }).catch(() => null),
          ]).then(([sold, insights]) => ({ sold, insights })),
          (found) => similarMarkup(found, context.config.brandName),
        )
      : null;

  const dealerNetwork = formatDealerNetwork(context.config.dealerNetworkSize);
  // The layout reads the same enquiry in this request (one call between them: seller-sale.server.ts);
  // when the platform is down the layout says so, and the panel is left out.
  const current = signedIn ? await currentEnquiry(gateway, vrm).catch(() => null) : null;

  return {
    vrm,
    signedIn,
    salePanel: current
      ? salePanelMarkup(current, vrm, dealerNetwork, { mobileToConfirm: session.get('auth')?.mobileToConfirm === true })
      : null,
    // The page's fixed words where they are shown: what a visitor is asked, or the way to a valuation.
    intro: signedIn ? null : signUpIntroMarkup(),
    /** What the page can't show when the platform is down (the layout says whether it is). */
    outageTitle: signedIn ? 'We can’t show where your sale is just now.' : 'We can’t show all of this car’s details just now.',
    valueThisCar: mileage === null ? valueThisCarMarkup(vrm) : null,
    mileage,
    // A car our dealers do not buy: the partner buyer's hand-off, as markup.
    handOff:
      enquiry?.marketplaceEligible && !enquiry.marketplaceEligible.eligible && enquiry.partnerId && enquiry.partnerId !== 'kerbside'
        ? handOffMarkup(enquiry.partnerId, vrm)
        : null,
    valuation,
    offer,
    motHistory,
    similar,
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
  const { vrm, signedIn, salePanel, intro, outageTitle, valueThisCar, mileage, handOff, valuation, offer, motHistory, similar } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { brandName } = useRootData();
  const { outage } = useVehicleData();
  return (
    <>
      {/* The platform down (docs/decisions/026): the page stands on what the session holds, and says what it can't show. */}
      {outage && !reply ? <OutageNotice message={outage.message} title={outageTitle} /> : null}
      {salePanel || (outage && intentOf(reply) === 'relist') ? <SalePanel markup={salePanel} outage={outage?.message} /> : null}
      {valuation && mileage !== null ? (
        <section className="card" aria-labelledby="valuation-title">
          <h2 id="valuation-title">Your instant valuation</h2>
          <Deferred id="valuation" waiting={`Working out your valuation for ${formatMiles(mileage)}…`} markup={valuation} />
          {signedIn ? null : (
            <div className="stack">
              {intro ? <ServerMarkup id="sign-up-intro" markup={intro} /> : null}
              <SignUpForm action={`/${vrm}?index`} reply={intentOf(reply) === 'relist' ? null : reply} brandName={brandName} />
              {outage && reply ? <OutageNotice message={outage.message} sent /> : null}
            </div>
          )}
          {handOff ? <ServerMarkup id="partner-hand-off" markup={handOff} /> : null}
        </section>
      ) : (
        <ServerMarkup id="value-this-car" as="section" className="card" aria-labelledby="valuation-title" markup={valueThisCar} />
      )}

      {offer ? (
        <DeferredCard id="offer" title="What dealers are likely to offer" waiting="Asking our dealer network…" markup={offer} />
      ) : null}
      {similar ? (
        <DeferredCard id="similar" title="Cars like yours that sold" waiting="Finding cars like yours that sold…" markup={similar} />
      ) : null}
      <DeferredCard id="mot" title="MOT history" waiting="Checking the MOT history…" markup={motHistory} />
    </>
  );
}

/**
 * The sale's panel (vehicle-views.server.tsx), with a failed relisting's message above it. A
 * relisting sent during an outage has no panel to show: its form comes back on its own (ADR 026).
 */
function SalePanel({ markup, outage }: { markup: string | null; outage?: string }) {
  const reply = useActionData<typeof action>();
  const relisting = useFormReply(intentOf(reply) === 'relist' ? reply : null);
  return (
    <section className="card" aria-labelledby="sale-title">
      <h2 id="sale-title">Sell to our dealers</h2>
      <FormErrors errors={relisting.formErrors} />
      {markup ? (
        <ServerMarkup id="sale-panel" markup={markup} />
      ) : (
        <Form method="post">
          <OutageNotice message={outage ?? ''} sent />
          <button className="btn" type="submit" name="intent" value="relist">
            Put it in the next sale
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * A deferred section's markup (vehicle-views.server.tsx), after its skeleton. Its promise always
 * resolves, to the section's own "couldn't load" line at worst: `errorElement` is for a stream cut short.
 */
function Deferred({ id, waiting, markup }: { id: string; waiting: string; markup: Promise<string> }) {
  return (
    <Suspense fallback={<p className="skeleton">{waiting}</p>}>
      <Await resolve={markup} errorElement={<p>We couldn&rsquo;t load this just now. It will be back shortly.</p>}>
        {(html) => <ServerMarkup id={`${id}-shown`} markup={html} />}
      </Await>
    </Suspense>
  );
}

/** A card that is a deferred section alone: its title and its markup. */
function DeferredCard({ id, title, ...section }: { id: string; title: string; waiting: string; markup: Promise<string> }) {
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <Deferred id={id} {...section} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
