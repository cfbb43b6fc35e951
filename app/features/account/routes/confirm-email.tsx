import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { normaliseVrm } from '../../../../contract/vrm';
import { NewLinkForm } from '~/features/account/new-link-form';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { pageMeta } from '~/lib/meta';
import { requireUser } from '~/features/account/require-user.server';
import { routeFlags } from '~/lib/route-flags';
import { safeRedirect } from '~/lib/safe-redirect';

/**
 * `/{vrm}/confirm-email`: where accepting an offer, bank details and documents send a seller whose
 * address is not yet proven (docs/decisions/014). It says why, and sends the link again through
 * the sign-in form, whose link proves the address too and brings the seller back to `next`.
 */
export const handle = routeFlags({ noRobots: true, noSitemap: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Confirm your e-mail address' });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const auth = requireUser(request, context);
  const vrm = normaliseVrm(params.vrm ?? '');
  const next = safeRedirect(new URL(request.url).searchParams.get('next'), `/${vrm}`);
  if (auth.emailVerified) throw redirect(next);
  return { email: auth.email, next };
}

export default function ConfirmEmail() {
  const { email, next } = useLoaderData<typeof loader>();
  return (
    <section className="card stack" aria-labelledby="confirm-email-title">
      <h2 id="confirm-email-title">Confirm your e-mail address first</h2>
      <p>
        We&rsquo;ve e-mailed you a link at <strong>{email}</strong>. Open it to confirm the address is yours. Until then you can see your
        valuation and enter the sale, but you can&rsquo;t accept an offer, give your bank details or upload documents: that keeps your car
        and your money safe if someone else used your address.
      </p>
      <p className="muted">Nothing there? Check your junk folder, or we can send a new link. Only the newest link works.</p>
      <NewLinkForm email={email} redirectTo={next} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
