import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { CONTACT_MESSAGES } from '../../../../contract/contact-rules';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { Field, FormErrors } from '~/lib/forms/form-parts';
import { phoneProblem } from '~/features/account/accounts.server';
import { CONTACT_INFO_FAILED_TITLE } from '~/lib/auth-messages';
import { failureReply } from '~/lib/forms/form-failure.server';
import { pageMeta } from '~/lib/meta';
import { loadAccount, requireUser } from '~/features/account/require-user.server';
import { DetailsSchema } from '~/lib/forms/validation';
import { endpoints } from '../../../../contract/endpoints';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: details' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await loadAccount(request, context);
  return {
    saved: new URL(request.url).searchParams.has('saved'),
    details: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.phone, postcode: user.postcode },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: DetailsSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  try {
    if (await phoneProblem(context.gateway, submission.value.phone)) {
      return data(submission.reply({ fieldErrors: { phone: [CONTACT_MESSAGES.phone] } }), { status: 400 });
    }
    const user = await context.gateway.call(endpoints.account.updateInfo, { body: submission.value });
    context.session.set('auth', { ...auth, firstName: user.firstName, lastName: user.lastName, postcode: user.postcode });
  } catch (error) {
    return failureReply(submission, error, context, 'account.details_failed');
  }
  throw redirect('/account/details?saved');
}

export default function AccountDetails() {
  const { details, saved } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'details',
    lastResult,
    defaultValue: details,
    constraint: getZodConstraint(DetailsSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DetailsSchema }),
  });
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">Your details</h2>
      {saved ? (
        <p className="toast ok" role="status">
          Your details are saved.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} title={CONTACT_INFO_FAILED_TITLE} errors={form.errors} />
        <p>
          Email: <strong>{details.email}</strong>
        </p>
        <Field label="Full name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} />
        <Field
          label="Mobile number"
          errors={fields.phone.errors}
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
        />
        <Field
          label="Postcode"
          errors={fields.postcode.errors}
          inputProps={{ ...getInputProps(fields.postcode, { type: 'text' }), autoComplete: 'postal-code', autoCapitalize: 'characters' }}
        />
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
