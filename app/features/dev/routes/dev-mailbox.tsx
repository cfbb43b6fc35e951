import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { Form, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/features/shell/frame';
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

/** A UK mobile as a person writes it: +447400123456 → 07400 123456. */
function nationalPhone(e164: string): string {
  return /^\+44\d{10}$/.test(e164) ? `0${e164.slice(3, 7)} ${e164.slice(7)}` : e164;
}

const sentAt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** A message's body with its web addresses as links, so a link in a text can be opened too. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * Development only: the e-mails and texts the platform would have sent, newest first, so sign-in
 * links can be opened and a sale's messages read; and the messages the queue gave up on.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!devToolsOn(context.config)) throw new Response('Not Found', { status: 404 });
  const { emails, deadLetters } = await context.gateway.call(endpoints.dev.outbox);
  return { emails, deadLetters };
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
  const { emails, deadLetters } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <h1>Mailbox (development)</h1>
      <p className="muted">E-mails and texts the local platform sent, newest first. This page does not exist in production.</p>
      <Form method="post">
        <div className="field">
          <label htmlFor="scheduled-day">Run as if on (optional)</label>
          <input className="input" id="scheduled-day" name="day" type="date" />
        </div>
        <button className="btn secondary" type="submit">
          Run the scheduled jobs (sale messages, MOT reminders, tracker revaluations)
        </button>
      </Form>
      {deadLetters.length > 0 ? (
        <section className="card" aria-labelledby="dead-letters">
          <h2 id="dead-letters">Messages not sent</h2>
          <p className="muted">The queue gave up on these after its retries.</p>
          <ul>
            {deadLetters.map((dead) => (
              <li key={dead.id} data-testid="dead-letter">
                {dead.event_key} for enquiry {dead.enquiry_id}, {sentAt.format(new Date(dead.failed_at))}
                {dead.errors ? `: ${dead.errors}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {emails.length === 0 ? <p>No messages yet.</p> : null}
      {emails.map((message) => (
        <article className="card" key={message.id} data-testid={message.channel === 'sms' ? 'text' : 'email'}>
          <h2>{message.channel === 'sms' ? `Text to ${nationalPhone(message.to_phone ?? '')}` : `E-mail to ${message.to_email}`}</h2>
          <p className="muted">{sentAt.format(new Date(message.created_at))}</p>
          {message.subject ? <h3>{message.subject}</h3> : null}
          {message.link ? (
            <p>
              <a href={message.link}>{linkName(message.link)}</a>
            </p>
          ) : null}
          <pre className="email-body">
            <Linked text={message.body} />
          </pre>
        </article>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
