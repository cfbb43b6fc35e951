import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { formatVrm } from '../../../../contract/vrm';
import { safeRedirect } from '~/lib/safe-redirect';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { signInWithLink } from '~/features/account/accounts.server';
import { afterSignIn } from '~/features/account/require-user.server';
import { VerifySchema } from '~/features/account/account-forms.server';
import { browserKeyOf, signIn } from '~/lib/auth.server';
import { parseForm } from '~/lib/forms/form.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { endpoints } from '../../../../contract/endpoints';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Sign in' });

/**
 * The page a link opens (`/auth/verify?token=`, under the auth prefix where the token may stay in
 * the URL). Opening it changes nothing: mail scanners fetch links and would burn a one-time token.
 * In the browser that asked for the link, the token is exchanged at once (a button without
 * JavaScript, sent by itself with it). Anywhere else the page names the account and waits for a
 * press, and a car looked up in this browser joins that account only if the seller ticks the box:
 * a link someone else sent cannot quietly sign a seller into their account (docs/decisions/014).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token || token.length > 200) throw redirect('/token-expired');
  const { session } = context;
  const info = await context.gateway.call(endpoints.account.linkInfo, { body: { token, browserKey: session.get('browserKey') ?? '' } });
  if (!info.valid) throw redirect('/token-expired');
  const lookedUp = session.get('auth') ? null : session.get('lookup')?.vehicle?.vrm;
  return { token, sameBrowser: info.sameBrowser, maskedEmail: info.maskedEmail, lookedUpVrm: lookedUp ? formatVrm(lookedUp) : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), VerifySchema);
  // A form without a token is a link that cannot sign anyone in: the same page as a spent one.
  if (submission.status !== 'success') throw redirect('/token-expired');
  const { token, addCar } = submission.value;
  const { session } = context;
  const outcome = await signInWithLink(context.gateway, token, browserKeyOf(session), addCar === 'yes', session.get('referral'));
  if (!outcome.ok) throw redirect('/token-expired');
  signIn(session, outcome.response);
  throw redirect(afterSignIn(outcome.response.user, safeRedirect(outcome.response.redirectTo, '/account')));
}

export default function VerifySignIn() {
  const { token, sameBrowser, maskedEmail, lookedUpVrm } = useLoaderData<typeof loader>();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (sameBrowser) form.current?.requestSubmit();
  }, [sameBrowser]);
  if (sameBrowser) {
    return (
      <section className="card" aria-labelledby="verify-title">
        <h1 id="verify-title">Signing you in</h1>
        <Form method="post" ref={form} replace>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="addCar" value="yes" />
          <button className="btn" type="submit">
            Continue to your account
          </button>
        </Form>
      </section>
    );
  }
  return (
    <section className="card stack" aria-labelledby="verify-title">
      <h1 id="verify-title">Sign in as {maskedEmail}?</h1>
      <p>This link was asked for in another browser or on another device. Sign in here only if {maskedEmail} is your address.</p>
      <Form method="post" replace className="stack">
        <input type="hidden" name="token" value={token} />
        {lookedUpVrm ? (
          <div className="field">
            <label className="check">
              <input type="checkbox" name="addCar" value="yes" />
              <span>Add {lookedUpVrm}, the car you looked up here, to this account</span>
            </label>
          </div>
        ) : null}
        <button className="btn" type="submit">
          Yes, sign in as {maskedEmail}
        </button>
      </Form>
      <p>
        Not your address? <a href="/">Leave without signing in</a>.
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
