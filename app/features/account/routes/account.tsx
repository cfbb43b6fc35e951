import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { NavLink, Outlet } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { requireUser } from '~/features/account/require-user.server';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account' });

/** `/account`: signed-in sellers only; the others sign in and come back. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context);
  return null;
}

export default function AccountLayout() {
  return (
    <div className="stack">
      <h1>Your account</h1>
      <nav className="tabs" aria-label="Account">
        <NavLink to="/account" end>
          Vehicles
        </NavLink>
        <NavLink to="/account/details">Details</NavLink>
        <NavLink to="/account/preferences">Contact preferences</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
