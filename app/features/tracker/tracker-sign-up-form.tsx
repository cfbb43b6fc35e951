import { Form, useNavigation } from '@remix-run/react';
import { CONTACT_FIELD_RULES } from '../../../contract/contact-rules';
import { ContactField } from '../../lib/forms/contact-field';
import { FormErrors } from '../../lib/forms/form-parts';
import { useFormReply, type FormReply } from '../../lib/forms/use-form-reply';
import { MarketingConsent, SignUpAgreement } from '../account/sign-up-form';

/**
 * The car value tracker's own sign-up: a name and an e-mail address, nothing a sale needs
 * (docs/behaviour/tools.md#car-value-tracker). The server reads it with TrackerSignUpSchema.
 */
export function TrackerSignUpForm({ action, reply, brandName }: { action: string; reply?: FormReply | null; brandName: string }) {
  const navigation = useNavigation();
  const form = useFormReply(reply, { name: CONTACT_FIELD_RULES.name, email: CONTACT_FIELD_RULES.email });
  return (
    <Form
      method="post"
      action={action}
      id="tracker-sign-up"
      aria-describedby={form.formErrors ? 'tracker-sign-up-error' : undefined}
      {...form.formProps}
    >
      <FormErrors id="tracker-sign-up-error" errors={form.formErrors} />
      <ContactField name="name" id="tracker-sign-up-name" form={form} />
      <ContactField name="email" id="tracker-sign-up-email" form={form} hint="We send your sign-in links here." />
      <MarketingConsent id="tracker-sign-up-marketingConsent" checked={form.value('marketingConsent') === 'on'}>
        {`Email me when its value changes, with news, tips and offers from ${brandName}. You can change this any time.`}
      </MarketingConsent>
      <SignUpAgreement brandName={brandName} button="Create my account" />
      <button className="btn" type="submit" aria-disabled={navigation.state === 'submitting' || undefined}>
        Create my account
      </button>
    </Form>
  );
}
