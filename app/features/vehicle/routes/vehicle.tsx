import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { isValidVrm, normaliseVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary } from '~/features/shell/error-boundary';
import { VehicleHeader } from '~/features/vehicle/vehicle-header';
import { loadOrOutage } from '~/lib/forms/form-failure.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { currentEnquiry, saleStatus } from '~/features/vehicle/sale.server';
import { stepRedirect } from '~/features/vehicle/sale-steps';
import { getVehicle } from '~/features/entry/vehicles.server';

/**
 * `/{vrm}`: the layout of every vehicle page. The vehicle is the critical data, awaited here;
 * child segments defer what is slow.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const vrm = normaliseVrm(params.vrm ?? '');
  if (!isValidVrm(vrm)) throw new Response('Not Found', { status: 404 });
  const signedIn = !!context.session.get('auth');
  const { brandName } = context.config;
  // An outage is the page-load failure, which hands a plain form post's typed values back (ADR 010),
  // not the generic error page.
  const [vehicle, current] = await loadOrOutage(
    () => Promise.all([getVehicle(context.gateway, vrm), signedIn ? currentEnquiry(context.gateway, vrm) : Promise.resolve(null)]),
    brandName,
  );
  if (!vehicle) throw data({ kind: 'vehicle_not_found' as const, vrm }, { status: 404 });

  // The seller's sale decides which step of /{vrm}/… they may be on (spec 2 §4).
  let status = null;
  if (current) {
    const slug = current.enquiry.dpStateSlug;
    if (current.sale && (slug === 'sold-confirmed' || slug === 'sold-documents-reviewed')) {
      status = await loadOrOutage(() => saleStatus(context.gateway, current.enquiry.id), brandName);
    }
    const url = new URL(request.url);
    const step = decodeURIComponent(url.pathname).split('/').slice(2).join('/');
    const facts = current.sale && status ? { sale: current.sale, ...status } : null;
    const target = stepRedirect(vrm, status?.dpStateSlug ?? slug, step, facts);
    if (target && target.split('?')[0] !== url.pathname) throw redirect(target);
  }
  return { vehicle, current, status };
}


// Nothing here is for search engines.
// Nothing under a registration is for search engines; the path carries the reg.
export const handle = routeFlags({ noRobots: true, vrmPath: true });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, { title: data?.vehicle ? `${data.vehicle.make.display_name} ${data.vehicle.model} ${data.vehicle.vrm_pretty}` : 'Vehicle' });

export default function VehicleLayout() {
  const { vehicle } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <VehicleHeader vehicle={vehicle} />
      <Outlet />
    </div>
  );
}

/** The vehicle layout's data, for the steps below it. */
export function useVehicleData() {
  return useRouteLoaderData<typeof loader>('routes/vehicle')!;
}

export function VehicleNotFound() {
  return (
    <section className="card" aria-labelledby="error-title">
      <h1 id="error-title">Vehicle not found</h1>
      <ul>
        <li>Check the reg is typed correctly.</li>
        <li>It must be a UK registration.</li>
        <li>Very recent registrations may not be searchable yet.</li>
      </ul>
      <a className="btn" href="/">
        Try another reg
      </a>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (body) => ((body as { kind?: string } | null)?.kind === 'vehicle_not_found' ? <VehicleNotFound /> : null),
      }}
    />
  );
}
