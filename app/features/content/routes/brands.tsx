import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { endpoints } from '../../../../contract/endpoints';


export const handle = routeFlags({ cache: true });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Car brands', description: 'Sell your car by make: every brand our dealers buy, from Audi to Volvo.' });

/** /sell-my-car/brands: every make of the register (the gateway's /platform/makes). */
export async function loader({ context }: LoaderFunctionArgs) {
  const { makes } = await context.gateway.call(endpoints.shell.makes);
  return { makes: makes.map(({ slug, display_name }) => ({ slug, name: display_name })) };
}

export default function Brands() {
  const { makes } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="brands-title">
      <h1 id="brands-title">Sell your car by brand</h1>
      <p>Dealers in our daily sale bid on every make. Choose yours for what sellers of that brand should know.</p>
      <ul className="brand-list">
        {makes.map((make) => (
          <li key={make.slug}>
            <Link to={`/sell-my-car/brands/${make.slug}`} prefetch="none">
              {make.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
