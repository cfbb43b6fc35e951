import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { CONTACT_MESSAGES, looksLikePhone } from '../../../../contract/contact-rules';
import { formatVrm, isValidVrm, normaliseVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { LookupErrorPanelView } from '~/features/entry/lookup-error-panel';
import { MileageChartView, MotSources, MotStatus, MotTests, MotWarnings } from '~/features/mot/mot';
import { VrmForm } from '~/features/shell/vrm-form';
import { formatDate, fuelName, sentenceCase } from '~/lib/format';
import { lookupErrorPanel, lookupErrorStatus } from '~/features/entry/lookup-errors';
import { pageMeta } from '~/lib/meta';
import { failureReply } from '~/lib/forms/form-failure.server';
import { requestReminders } from '~/features/mot/mot.server';
import { routeFlags } from '~/lib/route-flags';
import { EmailSchema } from '~/lib/forms/validation';
import { useRootData } from '~/features/shell/frame';
import { endpoints } from '../../../../contract/endpoints';
import { MOT_CHECKER_VIEW } from '../../../../contract/mot';
import { toLookupErrorCode } from '../../../../contract/vehicles';
import { panelFailure } from '~/lib/failures.server';

// One vehicle's history: not a page for search engines or the sitemap.
export const handle = routeFlags({ noRobots: true, noSitemap: true });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, { title: data && 'check' in data && data.check ? `MOT history of ${data.check.vrmPretty}` : 'MOT check results' });

const ReminderSchema = z.object({
  email: EmailSchema,
  mobile: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || looksLikePhone(value), CONTACT_MESSAGES.phone),
});

/**
 * /mot-check/results?vrm=KE19FTA: the check for one registration, read from the address so a
 * reload, a bookmark or a shared link shows the same. Errors are the lookup's panels (spec 1 §8)
 * above the form, with the registration kept; their status is the platform's.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get('vrm') ?? '';
  const vrm = normaliseVrm(typed);
  const reminder = context.session.get('motReminder');
  if (!vrm) return { vrm: '', check: null, error: null, reminder: null };
  if (!isValidVrm(vrm)) return data({ vrm, check: null, error: 'invalid_vrm' as const, reminder: null }, { status: 400 });
  const result = await context.gateway.attempt(endpoints.mot.check, { params: { vrm, view: MOT_CHECKER_VIEW } });
  if (!result.ok) {
    const failed = panelFailure(result.failure, 'mot_check.failed');
    const code = toLookupErrorCode(failed.code);
    context.analytics.track('mot_check_failed', { code });
    return data({ vrm, check: null, error: code, reminder: null }, { status: lookupErrorStatus(code, failed.outage) });
  }
  context.analytics.track('mot_checked', { status: result.value.status });
  return { vrm, check: result.value, error: null, reminder: reminder?.vrm === vrm ? reminder : null };
}

/**
 * MOT reminders for the vehicle on the page: POST, then back to the same results saying a link is on
 * its way. Nothing is on until the link in that e-mail is pressed (routes/mot-check-confirm.tsx).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const vrm = normaliseVrm(new URL(request.url).searchParams.get('vrm') ?? '');
  if (!isValidVrm(vrm)) throw redirect('/mot-check', 303);
  const submission = parseWithZod(await request.formData(), { schema: ReminderSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  let outcome;
  try {
    outcome = await requestReminders(context.gateway, vrm, { email: submission.value.email, mobile: submission.value.mobile || undefined, linkBase: context.origin });
  } catch (error) {
    return failureReply(submission, error, context, 'mot_reminders.failed');
  }
  if (!outcome.ok) {
    if (outcome.fields) {
      const fieldErrors = Object.fromEntries(Object.entries(outcome.fields).map(([key, message]) => [key, [message!]]));
      return data(submission.reply({ fieldErrors }), { status: 400 });
    }
    return data(submission.reply({ formErrors: [outcome.message!] }), { status: 409 });
  }
  context.analytics.track('mot_reminders_set', {});
  context.session.flash('motReminder', outcome.reminder);
  throw redirect(`/mot-check/results?vrm=${encodeURIComponent(vrm)}#reminders`, 303);
}

export default function MotCheckResults() {
  const { vrm, check, error, reminder } = useLoaderData<typeof loader>();
  const { brandName } = useRootData();
  // A page left open while the MOT ran out still shows why the reminders were refused.
  const reminderResult = useActionData<typeof action>();
  if (!check) {
    const panel = error ? lookupErrorPanel(error, formatVrm(vrm), brandName) : null;
    return (
      <div className="stack">
        <section className="hero" aria-labelledby="mot-results-title">
          <h1 id="mot-results-title">MOT check results</h1>
          {panel ? null : <p className="strap">Enter a registration to see its MOT status and history.</p>}
          {panel ? <LookupErrorPanelView panel={panel} vrm={vrm} action="/mot-check" /> : null}
          <VrmForm id="mot-check" action="/mot-check" defaultVrm={vrm} buttonLabel={panel?.wrongReg ? 'Check again' : 'Check MOT'} />
        </section>
      </div>
    );
  }
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
      {check.remindable || reminderResult ? <ReminderForm vrm={check.vrm} vrmPretty={check.vrmPretty} done={reminder} /> : null}
      <MotTests check={check} />
      <section className="card" aria-labelledby="check-another-title">
        <h2 id="check-another-title">Check another vehicle</h2>
        <VrmForm id="mot-check" action="/mot-check" buttonLabel="Check MOT" />
        <MotSources />
      </section>
    </div>
  );
}

function ReminderForm({ vrm, vrmPretty, done }: { vrm: string; vrmPretty: string; done: { email: string; confirmWithinDays: number } | null }) {
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'mot-reminders',
    lastResult,
    constraint: getZodConstraint(ReminderSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReminderSchema }),
  });
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
      <Form method="post" action={`/mot-check/results?vrm=${encodeURIComponent(vrm)}`} {...getFormProps(form)}>
        {form.errors?.length ? (
          <p className="field-error" role="alert" id={form.errorId}>
            {form.errors[0]}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={fields.email.id}>Email address</label>
          <input
            className="input"
            {...getInputProps(fields.email, { type: 'email' })}
            key={fields.email.key}
            autoComplete="email"
            aria-invalid={fields.email.errors?.length ? true : undefined}
          />
          {fields.email.errors?.length ? (
            <p className="field-error" id={fields.email.errorId}>
              {fields.email.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={fields.mobile.id}>Mobile number (optional)</label>
          <span className="hint" id={`${fields.mobile.id}-hint`}>
            Kept with your reminders, and used for nothing else
          </span>
          <input
            className="input"
            {...getInputProps(fields.mobile, { type: 'tel' })}
            key={fields.mobile.key}
            autoComplete="tel"
            aria-describedby={[`${fields.mobile.id}-hint`, fields.mobile.errors?.length ? fields.mobile.errorId : null].filter(Boolean).join(' ')}
            aria-invalid={fields.mobile.errors?.length ? true : undefined}
          />
          {fields.mobile.errors?.length ? (
            <p className="field-error" id={fields.mobile.errorId}>
              {fields.mobile.errors[0]}
            </p>
          ) : null}
        </div>
        <button className="btn" type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Setting up…' : 'Remind me'}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
