import { Form } from '@remix-run/react';
import { Field } from '../../lib/forms/form-parts';

/**
 * "Send me a new link", where a seller needs one (a spent link, an address not proven yet): the
 * site's sign-in form, so the sign-in page answers it, with its errors and the address kept. An
 * address we already know goes with the form; otherwise the seller types it.
 */
export function NewLinkForm({ email, redirectTo }: { email?: string; redirectTo?: string }) {
  return (
    <Form method="post" action="/sign-in">
      {email ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <Field
          label="Email address"
          inputProps={{ id: 'expired-email', type: 'email', name: 'email', autoComplete: 'email', required: true }}
        />
      )}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button className="btn" type="submit">
        Send me a new link
      </button>
    </Form>
  );
}
