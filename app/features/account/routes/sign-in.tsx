import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { safeRedirect } from '~/lib/safe-redirect';
import { GeneralErrorBoundary, useRootData } from '~/features/shell/frame';
import { ContactField } from '~/lib/forms/contact-field';
import { FormErrors } from '~/lib/forms/form-parts';
import { ROBOT_MESSAGE } from '~/lib/auth-messages';
import { browserKeyOf } from '~/lib/auth.server';
import { sendSignInLink } from '~/features/account/accounts.server';
import { failed, invalid, parseForm, refuse } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { CONTACT_FIELD_RULES } from '../../../../contract/contact-rules';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { SignInSchema } from '~/features/account/account-forms.server';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => pageMeta(matches, { title: data?.sent ? 'Email sent' : 'Sign in' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '/account');
  if (context.session.get('auth') && !url.searchParams.has('sent')) throw redirect(redirectTo);
  return {
    redirectTo,
    sent: url.searchParams.has('sent'),
    sentTo: context.session.get('signInEmail') ?? null,
    signedOutEverywhere: url.searchParams.has('signed-out-everywhere'),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), SignInSchema);
  if (submission.status !== 'success') return invalid(submission);
  const { email } = submission.value;
  const redirectTo = safeRedirect(submission.value.redirectTo, '/account');
  let outcome;
  try {
    outcome = await sendSignInLink(context.gateway, {
      email,
      redirectTo,
      browserKey: browserKeyOf(context.session),
    });
  } catch (error) {
    return failed(submission, error, context, 'sign_in.link_failed');
  }
  if (outcome === 'robot') return refuse(submission, ROBOT_MESSAGE, 429);
  context.session.flash('signInEmail', email);
  context.analytics.track('sign_in_link_sent');
  throw redirect('/sign-in?sent');
}

const ROBOT_WAIT = 'We have had too many sign-in attempts from you. Please wait ten minutes and try again.';

export default function SignIn() {
  const { redirectTo, sent, sentTo, signedOutEverywhere } = useLoaderData<typeof loader>();
  const { brandName } = useRootData();
  const form = useFormReply(useActionData<typeof action>(), { email: CONTACT_FIELD_RULES.email });
  const navigation = useNavigation();
  // Too many attempts heads the page, with what to do about it, rather than the form.
  const robot = form.formErrors?.[0] === ROBOT_MESSAGE;

  if (sent) {
    return (
      <section className="card" aria-labelledby="sent-title">
        <h1 id="sent-title">Check your email</h1>
        {/* The same words whether or not the address has an account: this page must not tell. */}
        <p>
          If {sentTo ?? 'that address'} has a {brandName} account, the sign-in link is there. It works once, for the next 15 minutes. Open
          it on this device to carry on where you left off.
        </p>
        <p className="muted">Nothing there? Check your junk folder, or ask for a new link below.</p>
        <a href="/sign-in">Send a new link</a>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      {signedOutEverywhere ? (
        <p className="toast ok" role="status">
          You are signed out everywhere, this device included. Sign in again with a link we e-mail you.
        </p>
      ) : null}
      {/* The form stays, with the address typed: after the wait it only needs sending again. */}
      {robot ? <FormErrors titleId="robot-title" title={ROBOT_MESSAGE} errors={[ROBOT_WAIT]} /> : null}
      <p>Enter the email address of your account and we will email you a link to sign in. No password needed.</p>
      <Form method="post" id="sign-in" aria-describedby={form.formErrors && !robot ? 'sign-in-error' : undefined} {...form.formProps}>
        <FormErrors id="sign-in-error" errors={robot ? undefined : form.formErrors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ContactField name="email" id="sign-in-email" form={form} />
        <button className="btn" type="submit" aria-disabled={navigation.state === 'submitting' || undefined}>
          Email me a sign-in link
        </button>
      </Form>
      <p className="muted">New here? Value your car and create your account on the way.</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
