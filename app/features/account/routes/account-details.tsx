import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { CONTACT_FIELD_RULES, CONTACT_MESSAGES } from '../../../../contract/contact-rules';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { ContactField } from '~/lib/forms/contact-field';
import { FormErrors } from '~/lib/forms/form-parts';
import { phoneProblem } from '~/features/account/accounts.server';
import { CONTACT_INFO_FAILED_TITLE } from '~/lib/auth-messages';
import { failed, invalid, parseForm, refuse } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { readAccount, requireUser } from '~/features/account/require-user.server';
import { degraded } from '~/lib/failures.server';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { DetailsSchema } from '~/features/account/account-forms.server';
import { endpoints } from '../../../../contract/endpoints';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: details' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, outage } = await readAccount(request, context);
  const saved = new URL(request.url).searchParams.has('saved');
  // The platform down: the address the session holds, and the form as the seller sent it (docs/decisions/026).
  if (outage) return degraded({ saved, details: { email: requireUser(request, context).email }, outage });
  return {
    saved,
    details: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.phone, postcode: user.postcode },
    outage: null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = requireUser(request, context);
  const submission = parseForm(await request.formData(), DetailsSchema);
  if (submission.status !== 'success') return invalid(submission);
  try {
    if (await phoneProblem(context.gateway, submission.value.phone)) return refuse(submission, { phone: CONTACT_MESSAGES.phone });
    const user = await context.gateway.call(endpoints.account.updateInfo, { body: submission.value });
    context.session.set('auth', { ...auth, firstName: user.firstName, lastName: user.lastName, postcode: user.postcode });
  } catch (error) {
    return failed(submission, error, context, 'account.details_failed');
  }
  throw redirect('/account/details?saved');
}

export default function AccountDetails() {
  const { details, saved, outage } = useLoaderData<typeof loader>();
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
      <h2 id="details-title">Your details</h2>
      {saved ? (
        <p className="toast ok" role="status">
          Your details are saved.
        </p>
      ) : null}
      <Form method="post" id="details" aria-describedby={form.formErrors ? 'details-error' : undefined} {...form.formProps}>
        <FormErrors id="details-error" title={CONTACT_INFO_FAILED_TITLE} errors={form.formErrors} />
        {outage ? <OutageNotice message={outage.message} sent /> : null}
        <p>
          Email: <strong>{details.email}</strong>
        </p>
        <ContactField name="name" id="details-name" form={form} defaultValue={shown('name')} />
        <ContactField name="phone" id="details-phone" form={form} defaultValue={shown('phone')} />
        <ContactField name="postcode" id="details-postcode" form={form} defaultValue={shown('postcode')} />
        <button className="btn" type="submit">
          Save details
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
