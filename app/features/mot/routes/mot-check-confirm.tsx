import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { formatVrm, isValidVrm, normaliseVrm } from '../../../../contract/vrm';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatDate } from '~/lib/format';
import { failed, parseForm, refuse } from '~/lib/forms/form.server';
import { FormErrors } from '~/lib/forms/form-parts';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { ConfirmSchema, confirmReminders } from '~/features/mot/mot.server';
import { routeFlags } from '~/lib/route-flags';

// A link from one person's e-mail: nothing for search engines, and no lookup to distract.
export const handle = routeFlags({ noRobots: true, noSitemap: true, hideVehicleLookup: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Confirm MOT reminders' });

const MESSAGES = {
  confirmation_expired:
    'This confirmation link has expired. Links work for 7 days; ask for MOT reminders again and we will send you a new one.',
  confirmation_invalid:
    'This confirmation link does not work any more: it has been used already, or a newer one was sent. Use the link in the latest e-mail, or ask for MOT reminders again.',
} as const;

const resultsPath = (vrm: string) => `/mot-check/results?vrm=${encodeURIComponent(vrm)}`;

/**
 * /mot-check/confirm?vrm=DUZ1&code=…, the link in the confirmation e-mail (a `code`, like the
 * unsubscribe links: `token` is stripped from URLs outside /auth/, and this one only ever confirms
 * what the mailbox's owner is asked to confirm). Opening it changes
 * nothing: mail scanners fetch links. Reminders go on only when the button is pressed (a POST), and
 * unlike the sign-in link it is never pressed for the reader by a script: pressing it is the consent.
 * After it, `?done` says the reminders are on, once (from a flash), with the link that stops them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const vrm = normaliseVrm(url.searchParams.get('vrm') ?? '');
  if (!isValidVrm(vrm)) throw redirect('/mot-check');
  if (url.searchParams.has('done')) {
    const confirmed = context.session.get('motReminderConfirmed');
    // A reload after the flash was read: the vehicle's results say the rest.
    if (!confirmed || confirmed.vrm !== vrm) throw redirect(resultsPath(vrm));
    return { vrm, vrmPretty: formatVrm(vrm), token: '', confirmed };
  }
  return { vrm, vrmPretty: formatVrm(vrm), token: url.searchParams.get('code') ?? '', confirmed: null };
}

/** The button's post. A link spent or past its days is final (`link`); a platform failure keeps the button to press again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const vrm = normaliseVrm(new URL(request.url).searchParams.get('vrm') ?? '');
  if (!isValidVrm(vrm)) throw redirect('/mot-check', 303);
  const submission = parseForm(await request.formData(), ConfirmSchema);
  // A post without the link's token can never confirm anything.
  if (submission.status !== 'success') return refuse(submission, { link: MESSAGES.confirmation_invalid });
  let outcome;
  try {
    outcome = await confirmReminders(context.gateway, vrm, submission.value.token);
  } catch (error) {
    // Nothing was confirmed: the same button, with the reason, to press again.
    return failed(submission, error, context, 'mot_reminders.confirm_failed');
  }
  if (!outcome.ok) return refuse(submission, { link: MESSAGES[outcome.code] }, outcome.code === 'confirmation_expired' ? 410 : 404);
  context.analytics.track('mot_reminders_confirmed', {});
  context.session.flash('motReminderConfirmed', outcome.confirmed);
  throw redirect(`/mot-check/confirm?vrm=${encodeURIComponent(vrm)}&done`, 303);
}

export default function ConfirmMotReminders() {
  const { vrm, vrmPretty, token, confirmed } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  // A link that will never work: no button to press again.
  const spent = form.errors('link');
  const busy = useNavigation().state === 'submitting';
  if (confirmed) {
    return (
      <section className="card" aria-labelledby="confirm-title">
        <h1 id="confirm-title">MOT reminders are on for {confirmed.vrmPretty}</h1>
        <p role="status" data-testid="reminders-on">
          We will e-mail {confirmed.email} when you can book the MOT without losing any days, and again a week before it runs out
          {confirmed.nextReminder ? `. The first goes on ${formatDate(confirmed.nextReminder)}` : ''}.
        </p>
        <p>
          Changed your mind? <Link to={confirmed.unsubscribePath}>Stop MOT reminders for {confirmed.vrmPretty}</Link>. Every reminder has
          this link too.
        </p>
        <Link to={resultsPath(confirmed.vrm)}>See the MOT history of {confirmed.vrmPretty}</Link>
      </section>
    );
  }
  if (spent) {
    return (
      <section className="card" aria-labelledby="confirm-title">
        <h1 id="confirm-title">
          {spent[0] === MESSAGES.confirmation_expired ? 'This link has expired' : 'MOT reminders were not confirmed'}
        </h1>
        <p className="field-error" role="alert">
          {spent[0]}
        </p>
        <Link className="btn" to={`${resultsPath(vrm)}#reminders`}>
          Ask for MOT reminders for {vrmPretty}
        </Link>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="confirm-title">
      <h1 id="confirm-title">Confirm MOT reminders for {vrmPretty}</h1>
      <FormErrors errors={form.formErrors} />
      {token ? (
        <Form method="post" replace>
          <input type="hidden" name="token" value={token} />
          <p>
            Press the button and we will e-mail you when you can book the MOT of {vrmPretty} without losing any days, and again a week
            before it runs out. Nothing else.
          </p>
          <p>If you did not ask for this, close this page and you will hear nothing more.</p>
          <button className="btn" type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Confirming…' : 'Confirm MOT reminders'}
          </button>
        </Form>
      ) : (
        <>
          <p>To confirm, open the link in the e-mail we sent you.</p>
          <Link to={`${resultsPath(vrm)}#reminders`}>Ask for MOT reminders for {vrmPretty}</Link>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
