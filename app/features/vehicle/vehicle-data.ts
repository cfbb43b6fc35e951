import { useRouteLoaderData } from '@remix-run/react';
import type { loadVehicleLayout } from './vehicle-layout.server';

/** The vehicle layout's data, for the steps below it. */
export function useVehicleData() {
  return useRouteLoaderData<typeof loadVehicleLayout>('routes/vehicle')!;
}
