import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { safeRedirect } from '~/lib/safe-redirect';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { Field, FormErrors } from '~/lib/forms/form-parts';
import { ROBOT_MESSAGE } from '~/lib/auth-messages';
import { browserKeyOf } from '~/lib/auth.server';
import { sendSignInLink } from '~/features/account/accounts.server';
import { failureReply } from '~/lib/forms/form-failure.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { useRootData } from '~/features/shell/frame';
import { SignInSchema } from '~/lib/forms/validation';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: data?.sent ? 'Email sent' : 'Sign in' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '/account');
  if (context.session.get('auth') && !url.searchParams.has('sent')) throw redirect(redirectTo);
  return { redirectTo, sent: url.searchParams.has('sent'), sentTo: context.session.get('signInEmail') ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SignInSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), robot: false }, { status: 400 });
  const { email } = submission.value;
  const redirectTo = safeRedirect(submission.value.redirectTo, '/account');
  let outcome;
  try {
    outcome = await sendSignInLink(context.gateway, { email, redirectTo, linkBase: context.origin, browserKey: browserKeyOf(context.session) });
  } catch (error) {
    const reply = failureReply(submission, error, context, 'sign_in.link_failed');
    return data({ result: reply.data, robot: false }, { status: reply.init?.status ?? 503 });
  }
  if (outcome === 'robot') return data({ result: submission.reply(), robot: true }, { status: 429 });
  context.session.flash('signInEmail', email);
  context.analytics.track('sign_in_link_sent');
  throw redirect('/sign-in?sent');
}

export default function SignIn() {
  const { redirectTo, sent, sentTo } = useLoaderData<typeof loader>();
  const { brandName } = useRootData();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult: actionData?.result,
    constraint: getZodConstraint(SignInSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  });

  if (sent) {
    return (
      <section className="card" aria-labelledby="sent-title">
        <h1 id="sent-title">Check your email</h1>
        {/* The same words whether or not the address has an account: this page must not tell. */}
        <p>
          If {sentTo ?? 'that address'} has a {brandName} account, the sign-in link is there. It works once, for the next 15 minutes.
          Open it on this device to carry on where you left off.
        </p>
        <p className="muted">Nothing there? Check your junk folder, or ask for a new link below.</p>
        <a href="/sign-in">Send a new link</a>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      {/* The form stays, with the address typed: after the wait it only needs sending again. */}
      {actionData?.robot ? (
        <div className="panel" role="alert" aria-labelledby="robot-title">
          <h2 id="robot-title">{ROBOT_MESSAGE}</h2>
          <p>We have had too many sign-in attempts from you. Please wait ten minutes and try again.</p>
        </div>
      ) : null}
      <p>Enter the email address of your account and we will email you a link to sign in. No password needed.</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email address" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
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
