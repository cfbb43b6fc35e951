import { useLocation } from '@remix-run/react';

/**
 * A step's page while the platform is down (docs/decisions/026), inside the page's frame. After a
 * form that could not be sent (`sent`), a line under the form's own message: the form above it
 * holds what the seller typed. On a page opened during the outage, why it shows no form and a link
 * to try again: a blank form where the seller's saved answers belong would read as lost answers.
 */
export function OutageNotice({
  message,
  sent = false,
  title = 'We can’t show this page just now.',
}: {
  message: string;
  sent?: boolean;
  /** What can't be shown, when it is part of the page rather than all of it. */
  title?: string;
}) {
  const location = useLocation();
  if (sent) {
    return (
      <p className="muted" data-testid="outage-notice">
        We couldn&rsquo;t save this: our systems are not answering just now. Try again in a minute.
      </p>
    );
  }
  return (
    <div className="panel info" role="alert" data-testid="outage-notice">
      <p>
        <strong>{title}</strong> {message}
      </p>
      <p>
        Our systems are not answering, so we can&rsquo;t show what you have saved here. Anything you have already saved is safe. Try again
        in a minute.
      </p>
      {/* A plain link reloads the page with or without JavaScript. */}
      <a className="btn" href={location.pathname + location.search}>
        Try again
      </a>
    </div>
  );
}

/** A step's page opened while the platform is down, with nothing to show but its title and the notice. */
export function OutagePage({ title, titleId, message }: { title: string; titleId: string; message: string }) {
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <OutageNotice message={message} />
    </section>
  );
}
