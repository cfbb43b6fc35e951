import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation } from '@remix-run/react';
import { Field, FormErrors } from '../../lib/forms/form-parts';
import { SignUpSchema } from '~/lib/forms/validation';

/** Sign-up where the vehicle page asks for it: to see the full valuation (spec 2 §5). */
export function SignUpForm({ action, lastResult, brandName }: { action: string; lastResult?: SubmissionResult<string[]> | null; brandName: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'sign-up',
    lastResult,
    constraint: getZodConstraint(SignUpSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
  });
  const emailTaken = fields.email.errors?.[0]?.startsWith('There is already');
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="Full name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} />
      <Field label="Email address" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
      {emailTaken ? (
        <p>
          <Link to="/sign-in">Sign in to your account</Link> instead.
        </p>
      ) : null}
      <Field
        label="Mobile number"
        hint="We text you when dealers bid and to arrange collection."
        errors={fields.phone.errors}
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
      />
      <Field
        label="Postcode"
        hint="Where the car is: dealers collect it from there, free."
        errors={fields.postcode.errors}
        inputProps={{ ...getInputProps(fields.postcode, { type: 'text' }), autoComplete: 'postal-code', autoCapitalize: 'characters' }}
      />
      <div className="field">
        <label className="check">
          <input {...getInputProps(fields.marketingConsent, { type: 'checkbox' })} key={fields.marketingConsent.key} />
          <span>Email me news, tips and offers from {brandName}. You can change this any time.</span>
        </label>
      </div>
      <p className="muted">
        By clicking See valuation you agree to the {brandName} terms and privacy policy, and to us contacting you about your
        sale.
      </p>
      <button className="btn" type="submit" name="intent" value="sign-up" aria-disabled={navigation.state === 'submitting' || undefined}>
        See valuation
      </button>
    </Form>
  );
}
