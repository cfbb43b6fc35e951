import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { updateCrmTier } from '~/lib/accounts.server';
import { PREFERENCES_FAILED_MESSAGE } from '~/lib/auth-messages';
import { GatewayError } from '~/lib/gateway.server';
import { pageMeta } from '~/lib/meta';
import { loadAccount, requireUser } from '~/lib/require-user.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: contact preferences' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await loadAccount(request, context);
  return { marketing: user.emailCrmTier === 'marketing', saved: new URL(request.url).searchParams.has('saved') };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireUser(request, context);
  const marketing = (await request.formData()).get('marketing') === 'on';
  try {
    await updateCrmTier(context.gateway, marketing ? 'marketing' : 'service');
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data({ error: PREFERENCES_FAILED_MESSAGE, marketing }, { status: 503 });
  }
  throw redirect('/account/preferences?saved');
}

export default function AccountPreferences() {
  const { marketing, saved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const checked = actionData?.marketing ?? marketing;
  return (
    <section className="card" aria-labelledby="preferences-title">
      <h2 id="preferences-title">Contact preferences</h2>
      {saved ? (
        <p className="toast ok" role="status">
          Your contact preferences are saved.
        </p>
      ) : null}
      {actionData?.error ? (
        <div className="panel" role="alert">
          <p>{actionData.error}</p>
        </div>
      ) : null}
      <p>We always email you about your sale: offers, collection and payment. The rest is up to you.</p>
      <Form method="post">
        <fieldset>
          <legend className="sr-only">Marketing emails</legend>
          <label className="check">
            <input type="checkbox" name="marketing" defaultChecked={checked} key={String(checked)} />
            <span>Email me news, tips and offers about selling and buying cars</span>
          </label>
        </fieldset>
        <button className="btn" type="submit">
          Save preferences
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
