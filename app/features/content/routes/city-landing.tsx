import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { SourceList } from '~/features/shell/source-list';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { Hero } from '~/features/entry/hero';
import { DealerLogos, RecentSales } from '~/features/entry/home-sections';
import { landingHandle, landingMeta } from '~/features/content/landing-route';
import { landingAction, loadLanding } from '~/features/content/landing.server';

/**
 * The city pages, /sell-your-car/{city} (docs/behaviour/routes.md#landing-routes): the hero lookup, the city's clean air
 * zone, dealers and recent sales nearby. The same loader as the landing pages (landing.server.ts),
 * which also sends the address's old spellings on.
 */
export const loader = (args: LoaderFunctionArgs) => loadLanding(args);
export const action = landingAction;
export const handle = landingHandle;
export const meta = landingMeta;

export default function CityLanding() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (data.kind !== 'city') return null;
  const { city } = data;
  return (
    <div className="stack">
      <Hero title={`Sell your car in ${city.name}`} action={data.path} panel={data.panel} reply={reply} />
      <section className="card" aria-labelledby="city-title">
        <h2 id="city-title">Selling in {city.name}</h2>
        <p>{city.intro}</p>
        <p>
          Dealers from across {city.nation === 'England' ? 'England' : city.nation} and the rest of the UK bid in the same daily sale, and
          the one who buys your car collects it from you for free.
        </p>
      </section>
      {city.zone ? (
        <section className="card" aria-labelledby="zone-title">
          <h2 id="zone-title">{data.zone!.name}</h2>
          <p>{city.zone.summary}</p>
          <p>
            <Link to="/ulez-checker">Check your vehicle</Link> ·{' '}
            <Link to="/guides/ulez-and-clean-air-zones">Clean air zones explained</Link>
          </p>
          <SourceList sources={data.zone!.sources} />
        </section>
      ) : null}
      <RecentSales sales={data.sales} heading={`Sold near ${city.name}`} />
      <DealerLogos dealers={data.dealers} heading={`Dealers near ${city.name}`} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
