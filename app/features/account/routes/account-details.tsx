import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { CONTACT_FIELD_RULES, CONTACT_MESSAGES } from '../../../../contract/contact-rules';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ContactField } from '~/lib/forms/contact-field';
import { FormErrors } from '~/lib/forms/form-parts';
import { phoneProblem } from '~/features/account/accounts.server';
import { CONTACT_INFO_FAILED_TITLE } from '~/lib/auth-messages';
import { failed, invalid, parseForm, refuse } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { afterSignIn, readAccount, requireUser } from '~/features/account/require-user.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { formatPhone } from '~/lib/format';
import { mobileToConfirm } from '~/lib/auth.server';
import { degraded } from '~/lib/failures.server';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { DetailsSchema } from '~/features/account/account-forms.server';
import { endpoints } from '../../../../contract/endpoints';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: details' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, outage } = await readAccount(request, context);
  const url = new URL(request.url);
  const saved = url.searchParams.has('saved');
  // After a sign-in that cleared what was typed at sign-up (docs/decisions/031): the seller confirms theirs, then goes on.
  const confirming = url.searchParams.has('confirm');
  const next = safeRedirect(url.searchParams.get('next'), '/account/details?saved');
  // The platform down: the address the session holds, and the form as the seller sent it (docs/decisions/026).
  if (outage)
    return degraded({ saved, confirming, next, mobileWaiting: null, details: { email: requireUser(request, context).email }, outage });
  const waiting = user.phonePending ?? (user.phone && !user.phoneVerified ? user.phone : null);
  return {
    saved,
    confirming: confirming || user.detailsToConfirm,
    next,
    mobileWaiting: waiting ? formatPhone(waiting) : null,
    details: {
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      phone: user.phone ? formatPhone(user.phone) : '',
      postcode: user.postcode,
    },
    outage: null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = requireUser(request, context);
  const url = new URL(request.url);
  const next = safeRedirect(url.searchParams.get('next'), '/account/details?saved');
  const submission = parseForm(await request.formData(), DetailsSchema);
  if (submission.status !== 'success') return invalid(submission);
  let user;
  try {
    if (await phoneProblem(context.gateway, submission.value.phone)) return refuse(submission, { phone: CONTACT_MESSAGES.phone });
    user = await context.gateway.call(endpoints.account.updateInfo, { body: submission.value });
    context.session.set('auth', {
      ...auth,
      firstName: user.firstName,
      lastName: user.lastName,
      postcode: user.postcode,
      mobileToConfirm: mobileToConfirm(user),
    });
  } catch (error) {
    return failed(submission, error, context, 'account.details_failed');
  }
  // A new mobile gets its code now; the seller enters it, then goes on.
  throw redirect(afterSignIn(user, next));
}

export default function AccountDetails() {
  const { details, saved, confirming, mobileWaiting, outage } = useLoaderData<typeof loader>();
  // The rules the server's DetailsSchema is built from (account-forms.server.ts).
  const form = useFormReply(useActionData<typeof action>(), {
    name: CONTACT_FIELD_RULES.name,
    phone: CONTACT_FIELD_RULES.phone,
    postcode: CONTACT_FIELD_RULES.postcode,
  });
  // After a failed save, what the seller typed; else what is saved.
  const shown = (name: 'name' | 'phone' | 'postcode') => (form.replied ? form.value(name) : 'name' in details ? details[name] : undefined);
  if (outage && !form.replied) return <OutagePage title="Your details" titleId="details-title" message={outage.message} />;
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{confirming ? 'Confirm your details' : 'Your details'}</h2>
      {saved ? (
        <p className="toast ok" role="status">
          Your details are saved.
        </p>
      ) : null}
      {confirming ? (
        <p className="toast warn" role="status" data-testid="confirm-details">
          This account was made on another device, so we have not kept the details given there. Enter your own name, mobile and postcode: we
          use them to arrange the sale and collection.
        </p>
      ) : null}
      {mobileWaiting ? (
        <p className="toast warn" role="status" data-testid="mobile-waiting">
          {mobileWaiting} is waiting for the code we texted it. <Link to="/account/mobile">Enter the code</Link>
        </p>
      ) : null}
      <Form method="post" id="details" aria-describedby={form.formErrors ? 'details-error' : undefined} {...form.formProps}>
        <FormErrors id="details-error" title={CONTACT_INFO_FAILED_TITLE} errors={form.formErrors} />
        {outage ? <OutageNotice message={outage.message} sent /> : null}
        <p>
          Email: <strong>{details.email}</strong>
        </p>
        <ContactField name="name" id="details-name" form={form} defaultValue={shown('name')} />
        <ContactField
          name="phone"
          id="details-phone"
          form={form}
          defaultValue={shown('phone')}
          hint="A new number gets a code by text: we text it about your sale once you enter the code."
        />
        <ContactField name="postcode" id="details-postcode" form={form} defaultValue={shown('postcode')} />
        <button className="btn" type="submit">
          {confirming ? 'Confirm my details' : 'Save details'}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
