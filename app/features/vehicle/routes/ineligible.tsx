import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { MARKETPLACE_MAX_AGE_YEARS, MARKETPLACE_MAX_MILEAGE_AT_AGE, partnerFor, type IneligibleBy } from '../../../../contract/marketplace';
import { normaliseVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { PartnerHandOff } from '~/features/vehicle/partner-hand-off.server';
import { ServerMarkup } from '~/lib/server-markup';
import { requestMarkupForNavigation } from '~/lib/server-markup.server';
import { formatMiles } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { safeRedirect } from '~/lib/safe-redirect';

/**
 * `/{vrm}/ineligible` (docs/behaviour/routes.md#vehicle-routes, docs/behaviour/states.md marketplace eligibility): why our dealers cannot bid on this
 * car, and the partner buyer who can. Only for a car the seller has valued and found ineligible;
 * anything else goes back to the vehicle page, which knows what to offer.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const vrm = normaliseVrm(params.vrm ?? '');
  const looked = context.session.get('lookup')?.vehicle;
  const enquiry = looked?.vrm === vrm ? looked.enquiry : null;
  const eligibility = enquiry?.marketplaceEligible;
  if (!enquiry || !eligibility || eligibility.eligible || !eligibility.ineligibleBy) throw redirect(safeRedirect(`/${vrm}`));
  const reason = eligibility.ineligibleBy as IneligibleBy;
  const partner =
    enquiry.partnerId && enquiry.partnerId !== 'kerbside' ? enquiry.partnerId : partnerFor({ eligible: false, ineligibleBy: reason });
  if (partner === 'kerbside') throw redirect(safeRedirect(`/${vrm}`));
  const handOff = requestMarkupForNavigation(context, { handOff: PartnerHandOff }, { partner })?.handOff ?? null;
  return { vrm, reason, partner, mileage: enquiry.mileage ?? null, handOff };
}

export const handle = routeFlags({ noRobots: true, noSitemap: true });

export const meta: MetaFunction<typeof loader> = ({ matches }) => pageMeta(matches, { title: 'Our dealers can’t bid on this car' });

export default function Ineligible() {
  const { vrm, reason, partner, mileage, handOff } = useLoaderData<typeof loader>();
  return (
    <section className="card stack" aria-labelledby="ineligible-title">
      <h2 id="ineligible-title">Our dealers can&rsquo;t bid on this car</h2>
      {reason === 'price' ? (
        <p>
          From its age, mileage and the prices cars like it fetch, this car is worth less than our dealers buy in the daily sale. That is no
          judgement on your car: it usually means the parts and metal are worth more than the car is to a dealer&rsquo;s forecourt.
        </p>
      ) : (
        <p>
          Our dealers don&rsquo;t buy cars that are {MARKETPLACE_MAX_AGE_YEARS} years old or more with over{' '}
          {formatMiles(MARKETPLACE_MAX_MILEAGE_AT_AGE)} on the clock
          {mileage !== null ? `, and you told us this one has ${formatMiles(mileage)}` : ''}.
        </p>
      )}
      <h3>You can still sell it</h3>
      <ServerMarkup id="partner-hand-off" render={() => <PartnerHandOff partner={partner} />} markup={handOff} />
      <p>
        Entered the wrong mileage? <Link to="/mileage">Change the mileage</Link> or <Link to={`/${vrm}`}>go back to your car</Link>.
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
