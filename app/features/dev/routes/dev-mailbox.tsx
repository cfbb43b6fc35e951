import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
import { formatDate } from '~/lib/format';
import { devToolsOn } from '~/lib/env.server';
import { RunSchema } from '~/features/dev/dev-forms.server';
import { parseForm } from '~/lib/forms/form.server';
import { pageMeta } from '~/lib/meta';
import { routeFlags } from '~/lib/route-flags';
import { endpoints } from '../../../../contract/endpoints';

// Nothing here is for search engines.
export const handle = routeFlags({ noRobots: true });

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Mailbox (development)' });

/** What the e-mail's one link does, as its button says. */
function linkName(link: string): string {
  const path = link.replace(/^[a-z]+:\/\/[^/]+/i, '');
  if (path.startsWith('/auth/verify')) return 'Open the sign-in link';
  if (path.startsWith('/auth/freeze-payout')) return 'Freeze my payout';
  return 'Open the link';
}

/** Development only: the e-mails the platform would have sent, so sign-in links can be opened. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!devToolsOn(context.config)) throw new Response('Not Found', { status: 404 });
  const { emails } = await context.gateway.call(endpoints.dev.outbox);
  return { emails };
}

/**
 * The development switch for the platform's scheduled handler (the Cron Trigger that sends MOT
 * reminders): runs it now, then shows the mailbox again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!devToolsOn(context.config)) throw new Response('Not Found', { status: 404 });
  const submission = parseForm(await request.formData(), RunSchema);
  const day = submission.status === 'success' ? submission.value.day : undefined;
  const at = day ? `${day}T07:00:00Z` : undefined;
  await context.gateway.call(endpoints.dev.runScheduled, { body: { at } });
  throw redirect('/dev/mailbox', 303);
}

export default function DevMailbox() {
  const { emails } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <h1>Mailbox (development)</h1>
      <p className="muted">E-mails the local platform sent. This page does not exist in production.</p>
      <Form method="post">
        <div className="field">
          <label htmlFor="scheduled-day">Run as if on (optional)</label>
          <input className="input" id="scheduled-day" name="day" type="date" />
        </div>
        <button className="btn secondary" type="submit">
          Run the scheduled jobs (MOT reminders, tracker revaluations)
        </button>
      </Form>
      {emails.length === 0 ? <p>No e-mails yet.</p> : null}
      {emails.map((email) => (
        <article className="card" key={email.id} data-testid="email">
          <h2>{email.subject}</h2>
          <p className="muted">
            To {email.to_email}, {formatDate(email.created_at)}
          </p>
          {email.link ? (
            <p>
              <a href={email.link}>{linkName(email.link)}</a>
            </p>
          ) : null}
          <pre className="email-body">{email.body}</pre>
        </article>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
