import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { UnsubscribeSchema } from '~/features/account/account-forms.server';
import { FormErrors } from '~/lib/forms/form-parts';
import { parseForm, refuse } from '~/lib/forms/form.server';
import { useFormReply } from '~/lib/forms/use-form-reply';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { endpoints } from '../../../../contract/endpoints';

// A seller's own link: nothing for search engines, and no lookup to distract.
export const handle = routeFlags({ noRobots: true, hideVehicleLookup: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Unsubscribe' });

type Channel = 'email' | 'sms';

function channelOf(param: string | undefined): Channel {
  if (param === undefined) return 'email';
  if (param === 'sms') return 'sms';
  throw new Response('Not Found', { status: 404 });
}

const WHAT: Record<Channel, string> = { email: 'news and offers by e-mail', sms: 'offers by text message' };
/** The MOT reminders' links add `list=mot`: the same page, stopping that vehicle's reminders instead. */
const MOT_REMINDERS = 'MOT reminders';
const isMotList = (url: URL) => url.searchParams.get('list') === 'mot';

/**
 * /unsubscribe and /unsubscribe/sms (docs/behaviour/routes.md#public-routes): the link in our messages carries a signed code.
 * Opening it asks; the button does it (a POST, so mail scanners that open links change nothing).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const channel = channelOf(params.sms);
  const url = new URL(request.url);
  const mot = isMotList(url);
  return {
    channel,
    mot,
    what: mot ? MOT_REMINDERS : WHAT[channel],
    code: url.searchParams.get('code') ?? '',
    done: url.searchParams.has('done'),
  };
}

/** The link's own outcomes (the platform's codes), each with the page's words and status. */
const INVALID = {
  status: 400,
  message: 'This unsubscribe link is not complete. Open it again from the e-mail, or change what we send you in your account.',
};
const OUTCOMES = new Map<string, { status: number; message: string }>([
  ['invalid_code', INVALID],
  ['not_found', { status: 404, message: 'There is no account for this link any more, so there is nothing to unsubscribe from.' }],
  [
    'expired_code',
    {
      status: 410,
      message: 'This unsubscribe link has expired. Open the link in a more recent e-mail, or change what we send you in your account.',
    },
  ],
]);
const UNAVAILABLE = 'Sorry, we could not unsubscribe you just now. Please try again in a few minutes.';

export async function action({ request, params, context }: ActionFunctionArgs) {
  // Only for its 404: what the code stops is the platform's to say, below.
  channelOf(params.sms);
  const submission = parseForm(await request.formData(), UnsubscribeSchema);
  const code = submission.status === 'success' ? submission.value.code : undefined;
  if (!code) return refuse(submission, INVALID.message, INVALID.status);
  const result = await context.gateway.attempt(endpoints.account.unsubscribe, { body: { code } });
  if (!result.ok) {
    const { failure } = result;
    if (failure.kind === 'outcome') {
      const { message, status } = OUTCOMES.get(failure.outcome ?? '') ?? INVALID;
      return refuse(submission, message, status);
    }
    // Every other failure is one answer in this page's own words (a timeout or a rate limit alike): the link works again later.
    console.warn(JSON.stringify({ event: 'unsubscribe.failed', error: String(failure) }));
    return refuse(submission, UNAVAILABLE, 503);
  }
  // What the code stopped is the platform's answer, not the address it was posted to: an e-mail's
  // link posted to /unsubscribe/sms stops e-mails, and the page must not say texts.
  const stopped = result.value.unsubscribed;
  context.analytics.track('unsubscribed', { channel: stopped });
  throw redirect(`/unsubscribe${stopped === 'sms' ? '/sms' : ''}?done${stopped === 'mot' ? '&list=mot' : ''}`, 303);
}

export default function Unsubscribe() {
  const { channel, mot, what, code, done } = useLoaderData<typeof loader>();
  const form = useFormReply(useActionData<typeof action>());
  const busy = useNavigation().state === 'submitting';
  if (done) {
    return (
      <section className="card" aria-labelledby="unsubscribe-title">
        <h1 id="unsubscribe-title">You are unsubscribed</h1>
        {mot ? (
          <p>We will not send you MOT reminders for that vehicle any more. You can set them up again from its MOT check.</p>
        ) : (
          <p>We will not send you {WHAT[channel]} any more. We will still tell you what you need to know about a sale in progress.</p>
        )}
        <Link to="/">Back to Kerbside</Link>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe from {what}</h1>
      <FormErrors errors={form.formErrors} />
      {code ? (
        <Form method="post">
          <input type="hidden" name="code" value={code} />
          <p>Press the button and we will stop sending you {what}.</p>
          <button className="btn" type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </Form>
      ) : (
        <p>
          To unsubscribe, use the link at the end of one of our {channel === 'sms' ? 'texts' : 'e-mails'}, or choose what we send you in{' '}
          <Link to="/account/preferences">your account</Link>.
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
