import type { MetaFunction } from '@remix-run/cloudflare';
import { NewLinkForm } from '~/features/account/new-link-form';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Token expired' });

export default function TokenExpired() {
  return (
    <section className="card" aria-labelledby="expired-title">
      <h1 id="expired-title">This sign-in link has expired</h1>
      <p>Sign-in links work once, for 15 minutes. Enter your email address and we will send you a new one.</p>
      <NewLinkForm />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
