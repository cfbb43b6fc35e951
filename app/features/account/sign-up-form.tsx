import { Form, useNavigation } from '@remix-run/react';
import { CONTACT_FIELD_RULES } from '../../../contract/contact-rules';
import { ContactField } from '../../lib/forms/contact-field';
import { FormErrors } from '../../lib/forms/form-parts';
import { useFormReply, type FormReply } from '../../lib/forms/use-form-reply';

/**
 * A page the seller agrees to, opened in a new tab: reading it must not cost them the form they have
 * half filled in (without JavaScript nothing keeps it), and the hint says so before they follow it.
 */
export function AgreementLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children} <span className="small">(opens in a new tab)</span>
    </a>
  );
}

/**
 * What every sign-up says before its button: the pages the seller agrees to, each linked, and what
 * the account is for. `button` is the button's own words.
 */
export function SignUpAgreement({ brandName, button, purpose }: { brandName: string; button: string; purpose?: string }) {
  return (
    <p className="muted">
      By clicking {button} you agree to the {brandName} <AgreementLink href="/terms">terms of use</AgreementLink> and{' '}
      <AgreementLink href="/privacy">privacy notice</AgreementLink>
      {purpose ? `, and to ${purpose}` : ''}.
    </p>
  );
}

/** The marketing box of a sign-up, unticked unless the seller ticked it (a replied form keeps it). */
export function MarketingConsent({ id, checked, children }: { id: string; checked: boolean; children: string }) {
  return (
    <div className="field">
      <label className="check">
        <input id={id} name="marketingConsent" type="checkbox" value="on" defaultChecked={checked} />
        <span>{children}</span>
      </label>
    </div>
  );
}

/** Sign-up where the vehicle page asks for it: to see the full valuation (docs/behaviour/data.md#validation). */
export function SignUpForm({ action, reply, brandName }: { action: string; reply?: FormReply | null; brandName: string }) {
  const navigation = useNavigation();
  // The rules the server's SignUpSchema is built from (account-forms.server.ts).
  const form = useFormReply(reply, CONTACT_FIELD_RULES);
  return (
    <Form method="post" action={action} id="sign-up" aria-describedby={form.formErrors ? 'sign-up-error' : undefined} {...form.formProps}>
      <FormErrors id="sign-up-error" errors={form.formErrors} />
      <ContactField name="name" id="sign-up-name" form={form} />
      <ContactField name="email" id="sign-up-email" form={form} />
      <ContactField name="phone" id="sign-up-phone" form={form} hint="We text you when dealers bid and to arrange collection." />
      <ContactField name="postcode" id="sign-up-postcode" form={form} hint="Where the car is: dealers collect it from there, free." />
      <MarketingConsent id="sign-up-marketingConsent" checked={form.value('marketingConsent') === 'on'}>
        {`Email me news, tips and offers from ${brandName}. You can change this any time.`}
      </MarketingConsent>
      <SignUpAgreement brandName={brandName} button="See valuation" purpose="us contacting you about your sale" />
      <button className="btn" type="submit" name="intent" value="sign-up" aria-disabled={navigation.state === 'submitting' || undefined}>
        See valuation
      </button>
    </Form>
  );
}
