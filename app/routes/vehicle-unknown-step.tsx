import { GeneralErrorBoundary } from '~/components/error-boundary';

/** Any other path under a vehicle: not found (the vehicle's own steps all have routes). */
export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function UnknownVehicleStep() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
