import { Form, useActionData, useNavigation } from '@remix-run/react';
import { CONTACT_MESSAGES, isEmail, looksLikePhone } from '../../../contract/contact-rules';
import type { MotCheck, MotReminderResponse } from '../../../contract/mot';
import { lookupTool, type RegistrationTool } from '~/features/tools/registration-tool';
import { ContactField } from '~/lib/forms/contact-field';
import { Field, FormErrors } from '~/lib/forms/form-parts';
import { useFormReply, type FormReply } from '~/lib/forms/use-form-reply';
import { formatDate, fuelName, sentenceCase } from '~/lib/format';
import { MileageChartView, MotSources, MotStatus, MotTests, MotWarnings } from './mot';

/**
 * The MOT check (docs/behaviour/routes.md#public-routes): `/mot-check`, the form, and `/mot-check/results?vrm=…`, one
 * vehicle's MOT status and history with free reminders.
 */

export interface MotResult {
  check: MotCheck;
  /** Reminders just asked for this vehicle, for the page to say a confirmation link is on its way. */
  reminder: MotReminderResponse | null;
}

export const motTool: RegistrationTool<MotResult> = {
  id: 'mot',
  formId: 'mot-check',
  formPath: '/mot-check',
  ...lookupTool('/mot-check/results'),
  title: 'MOT check',
  resultsTitle: 'MOT check results',
  strap: "Check any car, van or motorcycle's MOT status and history for free: every test, its defects and the mileage recorded.",
  askText: 'Enter a registration to see its MOT status and history.',
  description: "Check any vehicle's MOT status and full MOT history: every test, defects, mileage and warnings, free.",
  button: 'Check MOT',
  resultTitle: (result) => `MOT history of ${result.check.vrmPretty}`,
  About: MotCheckAbout,
  Result: MotResultView,
  AfterAnother: MotSources,
  formFlags: { cache: true },
  resultFlags: { noRobots: true, noSitemap: true },
};

/** The reminders form's checks in the browser: the rules the server's schema applies (mot.server.ts). */
export const REMINDER_RULES = {
  email: (value: string) => (value.trim() && value.trim().length <= 254 && isEmail(value.trim()) ? null : CONTACT_MESSAGES.email),
  mobile: (value: string) => (!value.trim() || looksLikePhone(value.trim()) ? null : CONTACT_MESSAGES.phone),
};

function MotCheckAbout() {
  return (
    <section className="card" aria-labelledby="mot-about-title">
      <h2 id="mot-about-title">What the MOT check shows</h2>
      <ul>
        <li>Whether the MOT is valid, and when it runs out</li>
        <li>Every test with its result, mileage and defects: dangerous, major, minor and advisory</li>
        <li>The mileage over time, with a warning when a reading goes down</li>
        <li>Free e-mail reminders before the MOT runs out</li>
      </ul>
      <MotSources />
    </section>
  );
}

/** One vehicle's MOT: its status, warnings, mileage, every test, and the reminders' form. */
function MotResultView({ result: { check, reminder } }: { result: MotResult }) {
  // A page left open while the MOT ran out still shows why the reminders were refused.
  const reminderReply = useActionData<FormReply>();
  const facts = [check.make, check.model].join(' ');
  return (
    <div className="stack">
      <header className="card" aria-labelledby="mot-results-title">
        <h1 id="mot-results-title">
          MOT history of <span className="reg">{check.vrmPretty}</span>
        </h1>
        <p>
          {facts}, {sentenceCase(check.colour).toLowerCase()}, {fuelName(check.fuelType).toLowerCase()}. First registered{' '}
          {formatDate(check.firstUsedDate)}.
        </p>
      </header>
      <MotStatus check={check} />
      <MotWarnings check={check} />
      <MileageChartView check={check} />
      {check.remindable || reminderReply ? <ReminderForm vrm={check.vrm} vrmPretty={check.vrmPretty} done={reminder} /> : null}
      <MotTests check={check} />
    </div>
  );
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
