import type { InputHTMLAttributes, ReactNode } from 'react';
import { EMAIL_MAX_LENGTH } from '../../../contract/contact-rules';
import { Field } from './form-parts';
import type { useFormReply } from './use-form-reply';

// Apart from form-parts.tsx: the contact rules bring the postcode library, which the sale steps'
// forms, asking for no contact details, need not carry (docs/performance.md).

/** The seller's contact fields, the same wherever a form asks for one: label, input type, limit, autocomplete. */
const CONTACT_INPUTS = {
  name: { label: 'Full name', type: 'text', autoComplete: 'name' },
  email: { label: 'Email address', type: 'email', autoComplete: 'email', maxLength: EMAIL_MAX_LENGTH },
  phone: { label: 'Mobile number', type: 'tel', autoComplete: 'tel' },
  postcode: { label: 'Postcode', type: 'text', autoComplete: 'postal-code', autoCapitalize: 'characters' },
} as const satisfies Record<string, { label: string } & InputHTMLAttributes<HTMLInputElement>>;

/** A contact field (name, e-mail, mobile, postcode) with its check in the browser and what was typed. */
export function ContactField({
  name,
  id,
  form,
  hint,
  defaultValue,
}: {
  name: keyof typeof CONTACT_INPUTS;
  id: string;
  form: Pick<ReturnType<typeof useFormReply>, 'errors' | 'value' | 'check'>;
  hint?: ReactNode;
  /** What the field shows before the form came back (a saved value); what was typed wins after. */
  defaultValue?: string;
}) {
  const { label, ...input } = CONTACT_INPUTS[name];
  return (
    <Field
      label={label}
      hint={hint}
      errors={form.errors(name)}
      inputProps={{ id, name, required: true, ...input, defaultValue: defaultValue ?? form.value(name), ...form.check(name) }}
    />
  );
}
