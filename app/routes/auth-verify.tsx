import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { safeRedirect } from '~/lib/safe-redirect';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { signInWithLink } from '~/lib/accounts.server';
import { signIn } from '~/lib/auth.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Sign in' });

/**
 * The page a sign-in link opens (`/auth/verify?token=`, under the auth prefix where the token may
 * stay in the URL). Opening it changes nothing: mail scanners fetch links and would burn a
 * one-time token. The token is exchanged by a POST: a button without JavaScript, sent at once with it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) throw redirect('/token-expired');
  return { token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  const outcome = await signInWithLink(context.gateway, token);
  if (!outcome.ok) throw redirect('/token-expired');
  signIn(context.session, outcome.response);
  throw redirect(safeRedirect(outcome.response.redirectTo, '/account'));
}

export default function VerifySignIn() {
  const { token } = useLoaderData<typeof loader>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.requestSubmit(), []);
  return (
    <section className="card" aria-labelledby="verify-title">
      <h1 id="verify-title">Signing you in</h1>
      <Form method="post" ref={form} replace>
        <input type="hidden" name="token" value={token} />
        <button className="btn" type="submit">
          Continue to your account
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
