import { Form, useActionData, useNavigation } from '@remix-run/react';
import { CONTACT_MESSAGES, isEmail, looksLikePhone } from '../../../contract/contact-rules';
import { ContactField } from '~/lib/forms/contact-field';
import { Field, FormErrors } from '~/lib/forms/form-parts';
import { useFormReply, type FormReply } from '~/lib/forms/use-form-reply';
import { formatVrm } from '../../../contract/vrm';
import type { MotResult } from './mot-tool';

/** The reminders form's checks in the browser: the rules the server's schema applies (mot.server.ts). */
export const REMINDER_RULES = {
  email: (value: string) => (value.trim() && value.trim().length <= 254 && isEmail(value.trim()) ? null : CONTACT_MESSAGES.email),
  mobile: (value: string) => (!value.trim() || looksLikePhone(value.trim()) ? null : CONTACT_MESSAGES.phone),
};

/**
 * The result page's part that works in the browser: free reminders for the vehicle shown, between
 * its mileage and its tests (the rest of the result is server markup, mot-views.server.tsx).
 */
export function MotReminders({ result: { check, reminder } }: { result: MotResult }) {
  // A page left open while the MOT ran out still shows why the reminders were refused.
  const reminderReply = useActionData<FormReply>();
  return check.remindable || reminderReply ? <ReminderForm vrm={check.vrm} vrmPretty={check.vrmPretty} done={reminder} /> : null;
}

/** Reminders asked for while the MOT history could not be loaded: the form comes back as it was sent. */
export function SentReminders({ vrm }: { vrm: string }) {
  const reply = useActionData<FormReply>();
  return reply ? <ReminderForm vrm={vrm} vrmPretty={formatVrm(vrm)} done={null} /> : null;
}

function ReminderForm({
  vrm,
  vrmPretty,
  done,
}: {
  vrm: string;
  vrmPretty: string;
  done: { email: string; confirmWithinDays: number } | null;
}) {
  const form = useFormReply(useActionData<FormReply>(), REMINDER_RULES);
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="card" id="reminders" aria-labelledby="reminders-title">
      <h2 id="reminders-title">Free MOT reminders</h2>
      {done ? (
        // The same words whether or not a link went (one lately, or reminders on already): the page
        // never tells anyone whether an address was signed up.
        <div className="toast ok" role="status" data-testid="reminder-set">
          <p>
            <strong>Check your e-mail to confirm.</strong>
          </p>
          <p>
            MOT reminders for {vrmPretty} start only when you press the link in the e-mail we send to {done.email}. The link works for{' '}
            {done.confirmWithinDays} days; if nobody presses it, we send nothing more.
          </p>
        </div>
      ) : (
        <p>We will e-mail you when you can book the MOT without losing any days, and again a week before it runs out.</p>
      )}
      <Form method="post" action={`/mot-check/results?vrm=${encodeURIComponent(vrm)}`} id="mot-reminders" {...form.formProps}>
        <FormErrors errors={form.formErrors} />
        <ContactField name="email" id="mot-reminders-email" form={form} />
        <Field
          label="Mobile number (optional)"
          hint="Kept with your reminders, and used for nothing else"
          errors={form.errors('mobile')}
          inputProps={{
            id: 'mot-reminders-mobile',
            name: 'mobile',
            type: 'tel',
            autoComplete: 'tel',
            defaultValue: form.value('mobile'),
            ...form.check('mobile'),
          }}
        />
        <button className="btn" type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Setting up…' : 'Remind me'}
        </button>
      </Form>
    </section>
  );
}
