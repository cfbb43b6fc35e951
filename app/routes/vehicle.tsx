import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { isValidVrm, normaliseVrm } from '../../contract/vrm';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { VehicleHeader } from '~/components/vehicle-header';
import { pageMeta } from '~/lib/meta';
import { getVehicle } from '~/lib/vehicles.server';

/**
 * `/{vrm}`: the layout of every vehicle page. The vehicle is the critical data, awaited here;
 * child segments defer what is slow.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const vrm = normaliseVrm(params.vrm ?? '');
  if (!isValidVrm(vrm)) throw new Response('Not Found', { status: 404 });
  const vehicle = await getVehicle(context.gateway, vrm);
  if (!vehicle) throw data({ kind: 'vehicle_not_found' as const, vrm }, { status: 404 });
  return { vehicle };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (data?.vehicle) {
    const { vehicle } = data;
    return pageMeta(matches, { title: `${vehicle.make.display_name} ${vehicle.model} ${vehicle.vrm_pretty}`, noIndex: true });
  }
  const notFound = (error as { data?: { kind?: string } } | undefined)?.data?.kind === 'vehicle_not_found';
  return pageMeta(matches, { title: notFound ? 'Vehicle not found' : 'Page not found', noIndex: true });
};

// Moving between steps of one vehicle keeps its header; only a new registration or a form post refetches it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : currentParams.vrm !== nextParams.vrm;

export default function VehicleLayout() {
  const { vehicle } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <VehicleHeader vehicle={vehicle} />
      <Outlet />
    </div>
  );
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
