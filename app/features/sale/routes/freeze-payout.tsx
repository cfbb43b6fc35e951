import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { pageMeta } from '~/lib/meta';
import { freezePayout } from '~/features/sale/payments.server';
import { FreezeSchema } from '~/features/sale/sale-forms.server';
import { parseForm } from '~/lib/forms/form.server';
import { routeFlags } from '~/lib/route-flags';

export const handle = routeFlags({ noRobots: true, noSitemap: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Freeze my payout' });

/**
 * `/auth/freeze-payout?token=`: the "Not you? Freeze my payout" link of the e-mails sent whenever
 * the payout account is set or changed, a code for changing it is sent, or a contact detail or a
 * device changes (docs/decisions/031). It works in any browser, signed in or not: the token is the
 * proof. Opening it changes nothing (mail scanners open links); the button freezes the payout (or
 * every payout of the account) and signs the account out everywhere, and nothing is paid until
 * support has checked with the seller.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get('token') ?? '', frozen: url.searchParams.has('frozen'), failed: url.searchParams.has('invalid') };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), FreezeSchema);
  const frozen = submission.status === 'success' ? await freezePayout(context.gateway, submission.value.token) : false;
  throw redirect(frozen ? '/auth/freeze-payout?frozen' : '/auth/freeze-payout?invalid');
}

export default function FreezePayout() {
  const { token, frozen, failed } = useLoaderData<typeof loader>();
  if (frozen) {
    return (
      <section className="card stack" aria-labelledby="freeze-title">
        <h1 id="freeze-title">Your payout is frozen</h1>
        <p>Nothing will be paid until our support team has checked the payout account with you. They will contact you by e-mail.</p>
        <p>
          We have also signed your account out everywhere, so whoever made the change is signed out too. Sign in again with a link we e-mail
          you.
        </p>
        <a className="btn" href="/sign-in">
          Sign in again
        </a>
      </section>
    );
  }
  if (failed || !token) {
    return (
      <section className="card stack" aria-labelledby="freeze-title">
        <h1 id="freeze-title">This link does not work</h1>
        <p>
          This link has been replaced by the one in a newer e-mail from us: use that one. If you think someone changed your bank details or
          your account, contact our support team now.
        </p>
      </section>
    );
  }
  return (
    <section className="card stack" aria-labelledby="freeze-title">
      <h1 id="freeze-title">Freeze my payout</h1>
      <p>If you did not change where we pay you, freeze the payout: nothing is paid until our support team has checked it with you.</p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button className="btn" type="submit">
          Freeze my payout
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
