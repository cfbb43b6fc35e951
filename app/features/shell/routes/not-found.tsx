import type { MetaFunction } from '@remix-run/cloudflare';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';

/** Every unknown path: a real 404 status with the 'Page not found' view (docs/behaviour/errors.md#error-pages). */
export async function loader() {
  throw new Response('Not Found', { status: 404 });
}

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Page not found' });

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
