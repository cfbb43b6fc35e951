import type { MetaFunction } from '@remix-run/cloudflare';
import { Outlet, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { VehicleHeader } from '~/features/vehicle/vehicle-header.server';
import { ServerMarkup } from '~/lib/server-markup';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { loadVehicleLayout } from '../vehicle-layout.server';

export const loader = loadVehicleLayout;

// Nothing here is for search engines.
// Nothing under a registration is for search engines; the path carries the reg.
export const handle = routeFlags({ noRobots: true, vrmPath: true });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    // During an outage the session may know no more of the car than its plate (docs/decisions/026).
    title: data?.vehicle.make
      ? `${data.vehicle.make.display_name} ${data.vehicle.model} ${data.vehicle.vrm_pretty}`
      : (data?.vehicle.vrm_pretty ?? 'Vehicle'),
  });

export default function VehicleLayout() {
  const { vehicle, header } = useLoaderData<typeof loader>();
  const { user } = useRootData();
  return (
    <div className="stack">
      <ServerMarkup
        id="vehicle-header"
        as="section"
        className="card"
        aria-labelledby="vehicle-title"
        render={() => <VehicleHeader vehicle={vehicle} changeCar={!!user} />}
        markup={header}
      />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (body) => {
          const notFound = body as { kind?: string; markup?: string } | null;
          return notFound?.kind === 'vehicle_not_found' && notFound.markup ? (
            <ServerMarkup id="vehicle-not-found" as="section" className="card" aria-labelledby="error-title" markup={notFound.markup} />
          ) : null;
        },
      }}
    />
  );
}
