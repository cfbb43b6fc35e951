import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { Field, FormErrors } from '~/lib/forms/form-parts';
import { failed, invalid, parseIntent, refuse } from '~/lib/forms/form.server';
import { intentOf, useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { readAccount, requireUser } from '~/features/account/require-user.server';
import { degraded } from '~/lib/failures.server';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { MOBILE_INTENTS } from '~/features/account/account-forms.server';
import { confirmMobile, sendMobileCode, type MobileCodeNotSent } from '~/features/account/accounts.server';
import { formatPhone } from '~/lib/format';
import { mobileToConfirm } from '~/lib/auth.server';

/**
 * `/account/mobile?next=`: the code texted to a mobile proves it (docs/decisions/031). Until the
 * seller enters it, the number is texted nothing about their sale: whoever typed it at sign-up or
 * into the details may not be the seller. Reached after sign-up and sign-in (afterSignIn) and from
 * the account's details; `next` is where the seller goes on to once it is done.
 */
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: confirm your mobile' });

const NOT_SENT: Record<MobileCodeNotSent, string> = {
  too_many_codes: 'We have sent this number all the codes we can for now. Try again in an hour, or tomorrow.',
  number_capped: 'We cannot text this number again today. Try again tomorrow, or give another number in your details.',
  nothing_to_prove: 'Your mobile number is already confirmed.',
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = safeRedirect(url.searchParams.get('next'), '/account/details');
  const sent = url.searchParams.has('sent');
  const { user, outage } = await readAccount(request, context);
  // The platform down: the form as the seller sent it (docs/decisions/026).
  if (outage) return degraded({ next, sent, waiting: null, confirmed: null, outage });
  const waiting = user.phonePending ?? (user.phone && !user.phoneVerified ? user.phone : null);
  return {
    next,
    sent,
    waiting: waiting ? formatPhone(waiting) : null,
    confirmed: user.phoneVerified ? formatPhone(user.phone) : null,
    outage,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = requireUser(request, context);
  const url = new URL(request.url);
  const next = safeRedirect(url.searchParams.get('next'), '/account/details');
  const { intent, submission } = parseIntent(await request.formData(), MOBILE_INTENTS, 'code');
  if (submission.status !== 'success') return invalid(submission);
  try {
    if (intent === 'resend') {
      const sent = await sendMobileCode(context.gateway);
      if (sent !== 'sent') return refuse(submission, NOT_SENT[sent], 429);
      throw redirect(`/account/mobile?sent&next=${encodeURIComponent(next)}`);
    }
    const outcome = await confirmMobile(context.gateway, submission.value.code);
    if (!outcome.ok) return refuse(submission, outcome.outcome === 'invalid_code' ? { code: outcome.message } : outcome.message);
    context.session.set('auth', { ...auth, mobileToConfirm: mobileToConfirm(outcome.user) });
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed(submission, error, context, intent === 'resend' ? 'account.mobile_code_failed' : 'account.mobile_confirm_failed');
  }
  context.analytics.track('mobile_confirmed');
  throw redirect(next);
}

export default function AccountMobile() {
  const { next, sent, waiting, confirmed, outage } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const resend = useFormReply(intentOf(reply) === 'resend' ? reply : null);
  const code = useFormReply(intentOf(reply) === 'resend' ? null : reply);
  const query = `?next=${encodeURIComponent(next)}`;
  if (outage && !reply) return <OutagePage title="Confirm your mobile" titleId="mobile-title" message={outage.message} />;
  if (!waiting && !outage) {
    return (
      <section className="card stack" aria-labelledby="mobile-title">
        <h2 id="mobile-title">Your mobile</h2>
        <p>
          {confirmed
            ? `Your mobile number ${confirmed} is confirmed: we text it about your sale.`
            : 'You have not given us a mobile number. Add one in your details to get texts about your sale.'}
        </p>
        <Link className="btn" to={next}>
          Continue
        </Link>
      </section>
    );
  }
  return (
    <section className="card stack" aria-labelledby="mobile-title">
      <h2 id="mobile-title">Confirm your mobile</h2>
      {sent ? (
        <p className="toast ok" role="status">
          We have texted a new code.
        </p>
      ) : null}
      <p>
        We have texted a 6-digit code to {waiting ?? 'your mobile'}. Enter it so we can text you about your sale: offers, collection and
        payment. Until you do, we send those by e-mail only{confirmed ? `, and keep texting ${confirmed}` : ''}.
      </p>
      <Form method="post" action={`/account/mobile${query}`} className="stack" {...code.formProps}>
        <FormErrors errors={code.formErrors} />
        {outage && code.replied ? <OutageNotice message={outage.message} sent /> : null}
        <input type="hidden" name="intent" value="code" />
        <Field
          label="Code"
          hint="6 digits, from the text"
          errors={code.errors('code')}
          inputProps={{ id: 'mobile-code', name: 'code', inputMode: 'numeric', autoComplete: 'one-time-code', defaultValue: '' }}
        />
        <button className="btn" type="submit">
          Confirm my mobile
        </button>
      </Form>
      <Form method="post" action={`/account/mobile${query}`} className="stack">
        <FormErrors errors={resend.formErrors} />
        <input type="hidden" name="intent" value="resend" />
        <button className="btn secondary" type="submit">
          Text me a new code
        </button>
      </Form>
      <p>
        Wrong number? <Link to="/account/details">Change it in your details</Link>. Or <Link to={next}>do this later</Link>.
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
