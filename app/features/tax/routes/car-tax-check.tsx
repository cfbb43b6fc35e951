import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { TAX_CHECK_INTRO, TaxCheckHero } from '~/features/tax/tax-check';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { LookupSchema } from '~/lib/forms/validation';
import { useRootData } from '~/features/shell/frame';

// The same for everyone; its own registration field, so no second one in the footer.
export const handle = routeFlags({ cache: true, hideVehicleLookup: true });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Car tax check',
    description: 'Check whether a car, van or motorcycle is taxed, when its tax is due, and what it costs to tax.',
  });


/**
 * /car-tax-check: the form. A well-formed registration goes to the results page, whose address
 * carries it (/car-tax-check/results?vrm=KE19FTA), so results can be bookmarked and reloaded; the
 * check itself, and its error panels, happen there. A malformed one comes back with the typed value.
 */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: LookupSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  throw redirect(`/car-tax-check/results?vrm=${encodeURIComponent(submission.value.vrm)}`);
}

export default function CarTaxCheck() {
  const lastResult = useActionData<typeof action>();
  const { brandName } = useRootData();
  return (
    <div className="stack">
      <TaxCheckHero title="Car tax check" text={TAX_CHECK_INTRO} lastResult={lastResult} brandName={brandName} />
      <section className="card" aria-labelledby="tax-check-what">
        <h2 id="tax-check-what">What the check tells you</h2>
        <ul>
          <li>Whether the vehicle is taxed, untaxed or declared off the road (SORN), and when its tax is due.</li>
          <li>How it is taxed: by engine size, CO2 band or the standard rate, depending on when it was first registered.</li>
          <li>What it costs a year, at the rates GOV.UK publishes, and whether the expensive car supplement could apply.</li>
          <li>Whether a classic can be taxed in the historic class, at no cost.</li>
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
