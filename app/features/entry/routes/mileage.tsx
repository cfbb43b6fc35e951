import { clockNow } from '~/lib/clock.server';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import type { Params } from '@remix-run/react';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { ConfirmMileage } from '~/features/entry/confirm-mileage';
import { Strapline } from '~/features/entry/mileage-static.server';
import { MileageCard } from '~/features/entry/mileage-form';
import { fuelName, sentenceCase } from '~/lib/format';
import { failed, invalid, parseIntent, refuse } from '~/lib/forms/form.server';
import { updateLookup } from '~/features/entry/lookup-state';
import { formatDealerNetwork } from '~/lib/dealer-network';
import { pageMeta } from '~/lib/meta';
import { ServerMarkup } from '~/lib/server-markup';
import { markupForNavigation } from '~/lib/server-markup.server';
import { routeFlags } from '~/lib/route-flags';
import { checkMileage, formatMileageInput, MILEAGE_MESSAGES, prefillMileage } from '~/features/entry/mileage';
import { MILEAGE_INTENTS } from '~/features/entry/mileage-schema.server';
import { toLookupEnquiry } from '~/features/entry/vehicles.server';
import { formatVrm } from '../../../../contract/vrm';
import { endpoints } from '../../../../contract/endpoints';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true, translucentHeader: true, hideVehicleLookup: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Add vehicle mileage' });

/** `/mileage` and `/sell-my-car/brands/{brand}/mileage`: the hero they came from, and themselves. */
function pathsFor(params: Params) {
  const hero = params.brand ? `/sell-my-car/brands/${encodeURIComponent(params.brand)}` : '/';
  return { hero, mileage: params.brand ? `${hero}/mileage` : '/mileage' };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const paths = pathsFor(params);
  const vehicle = context.session.get('lookup')?.vehicle;
  // The step exists only for a looked-up vehicle; without one the seller starts at the hero.
  if (!vehicle) throw redirect(paths.hero);
  const confirm = new URL(request.url).searchParams.get('confirm');
  const confirming =
    confirm !== null && vehicle.mileageEntered != null ? { mileage: vehicle.mileageEntered, low: confirm === 'low' } : null;
  return {
    paths,
    // A brand page's step keeps the brand page's title (docs/behaviour/entry.md#screens-and-routes): the make of the page, not of the car.
    make: params.brand ? await brandName(context, params.brand) : null,
    vehicle: {
      vrm: formatVrm(vehicle.vrm),
      name: `${vehicle.make.display_name} ${vehicle.model}`,
      details: `${vehicle.year}, ${sentenceCase(vehicle.colour)}, ${fuelName(vehicle.fuel)}`,
    },
    mileage: formatMileageInput(
      prefillMileage({
        entered: vehicle.mileageEntered,
        enquiry: vehicle.enquiry?.mileage,
        tracker: vehicle.trackerMileage,
        estimated: vehicle.mileageEst,
      }),
    ),
    confirming,
    // The strapline's markup for a client-side navigation (a document has it in the page).
    markup: markupForNavigation(
      context,
      { 'mileage-strapline': Strapline },
      { dealerNetwork: formatDealerNetwork(context.config.dealerNetworkSize) },
    ),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const paths = pathsFor(params);
  const { session, gateway } = context;
  const lookup = session.get('lookup');
  if (!lookup?.vehicle) throw redirect(paths.hero);
  const { intent, submission } = parseIntent(await request.formData(), MILEAGE_INTENTS, 'submit');

  if (intent === 'not-my-car') {
    session.unset('lookup');
    throw redirect(paths.hero);
  }
  if (intent === 'cancel') throw redirect(paths.mileage);

  if (submission.status !== 'success') return invalid(submission);
  const { mileage } = submission.value;
  const vehicle = lookup.vehicle;
  session.set('lookup', updateLookup(lookup, { mileageEntered: mileage }));

  const verdict = checkMileage(
    mileage,
    { mileageLastMot: vehicle.mileageLastMot, lastMotDate: vehicle.last_mot_date, firstRegistration: vehicle.firstRegistration },
    clockNow(),
  );
  if (verdict.kind === 'too_low') return refuse(submission, { mileage: MILEAGE_MESSAGES.tooLow });
  if (verdict.kind === 'implausible' && intent !== 'confirm') throw redirect(`${paths.mileage}?confirm`);
  if (verdict.kind === 'seems_low' && intent !== 'confirm') throw redirect(`${paths.mileage}?confirm=low`);
  context.analytics.track('mileage_submitted', { verdict: verdict.kind, confirmed: intent === 'confirm' });

  try {
    const campaign = session.get('campaign')?.params;
    const { enquiry } = await gateway.call(endpoints.entry.createEnquiry, {
      query: { vrm: vehicle.vrm },
      body: { mileage, ...(campaign ? { campaign } : {}) },
    });
    context.analytics.track('enquiry_created', { eligible: enquiry.marketplaceEligible?.eligible ?? null });
    session.set(
      'lookup',
      updateLookup(session.get('lookup'), { enquiry: toLookupEnquiry(enquiry), marketplaceEligible: enquiry.marketplaceEligible }),
    );
  } catch (error) {
    return failed(submission, error, context, 'enquiry.create_failed');
  }
  throw redirect(`/${vehicle.vrm}`);
}

async function brandName(context: LoaderFunctionArgs['context'], slug: string): Promise<string | null> {
  const makes = await context.gateway.call(endpoints.shell.makes).catch(() => null);
  return makes?.makes.find((m) => m.slug === slug)?.display_name ?? null;
}

export default function Mileage() {
  const { paths, vehicle, mileage, confirming, make, markup } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { brandName, dealerNetwork } = useRootData();
  return (
    <div className="stack">
      {/* First in the page: without JavaScript the question is simply the top of the page. */}
      {confirming ? <ConfirmMileage action={paths.mileage} mileage={confirming.mileage} low={confirming.low} /> : null}
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{make ? `Sell your ${make} car the ${brandName} way` : `Sell your car the ${brandName} way`}</h1>
        <ServerMarkup
          id="mileage-strapline"
          markup={markup?.['mileage-strapline']}
          render={() => <Strapline dealerNetwork={dealerNetwork} />}
        />
        <MileageCard vehicle={vehicle} action={paths.mileage} mileage={mileage} reply={reply} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
