import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { PREFERENCES_FAILED_MESSAGE } from '~/lib/auth-messages';
import { FormErrors } from '~/lib/forms/form-parts';
import { failed, invalid, parseForm } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { readAccount, requireUser } from '~/features/account/require-user.server';
import { degraded } from '~/lib/failures.server';
import { OutageNotice, OutagePage } from '~/features/shell/outage-notice';
import { PreferencesSchema } from '~/features/account/account-forms.server';
import { endpoints } from '../../../../contract/endpoints';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Account: contact preferences' });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, outage } = await readAccount(request, context);
  const saved = new URL(request.url).searchParams.has('saved');
  // The platform down: the choices as the seller sent them (docs/decisions/026).
  if (outage) return degraded({ marketing: false, texts: null, saved, outage });
  return { marketing: user.emailCrmTier === 'marketing', texts: user.texts, saved, outage: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireUser(request, context);
  const submission = parseForm(await request.formData(), PreferencesSchema);
  if (submission.status !== 'success') return invalid(submission);
  try {
    await context.gateway.call(endpoints.account.updateCrmTier, { body: { tier: submission.value.marketing ? 'marketing' : 'service' } });
    if (submission.value.textsOffered) {
      await context.gateway.call(endpoints.account.updateTexts, { body: { texts: submission.value.texts === 'on' } });
    }
  } catch (error) {
    return failed(submission, error, context, 'account.preferences_failed', { outageMessage: PREFERENCES_FAILED_MESSAGE });
  }
  throw redirect('/account/preferences?saved');
}

export default function AccountPreferences() {
  const { marketing, texts: savedTexts, saved, outage } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  if (outage && !form.replied) return <OutagePage title="Contact preferences" titleId="preferences-title" message={outage.message} />;
  // Without the account, texts are offered as the form that was sent offered them.
  const texts = savedTexts ?? (form.value('textsOffered') === 'on' ? (form.value('texts') === 'on' ? 'on' : 'stopped') : 'no_mobile');
  // After a failed save the box shows what the seller chose.
  const checked = form.replied ? form.value('marketing') === 'on' : marketing;
  const textsChecked = form.replied ? form.value('texts') === 'on' : texts === 'on';
  return (
    <section className="card" aria-labelledby="preferences-title">
      <h2 id="preferences-title">Contact preferences</h2>
      {saved ? (
        <p className="toast ok" role="status">
          Your contact preferences are saved.
        </p>
      ) : null}
      <FormErrors errors={form.formErrors} />
      {outage ? <OutageNotice message={outage.message} sent /> : null}
      <p>We always email you about your sale: offers, collection and payment. The rest is up to you.</p>
      <Form method="post">
        <fieldset>
          <legend className="sr-only">Marketing emails</legend>
          <label className="check">
            <input type="checkbox" name="marketing" defaultChecked={checked} key={String(checked)} />
            <span>Email me news, tips and offers about selling and buying cars</span>
          </label>
        </fieldset>
        {texts === 'no_mobile' ? (
          <p className="muted">
            We text sellers about their sale when they give us a mobile number: add one in <a href="/account/details">your details</a>.
          </p>
        ) : texts === 'unproven' ? (
          <p className="muted" data-testid="texts-unproven">
            We text you about your sale once you have confirmed your mobile with the code we texted it:{' '}
            <a href="/account/mobile?next=%2Faccount%2Fpreferences">confirm your mobile</a>.
          </p>
        ) : (
          <fieldset>
            <legend className="sr-only">Texts about your sale</legend>
            <input type="hidden" name="textsOffered" value="on" />
            <label className="check">
              <input type="checkbox" name="texts" defaultChecked={textsChecked} key={String(textsChecked)} />
              <span>Text me about my sale too: offers, collection and payment</span>
            </label>
          </fieldset>
        )}
        <button className="btn" type="submit">
          Save preferences
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
