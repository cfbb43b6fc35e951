import { Form, Link } from '@remix-run/react';
import type { TrackerErrorPanel } from '~/features/tracker/tracker-errors';

/** A tracker step's error panel; 'Refresh' repeats the same step (a POST, so it works without JS). */
export function TrackerErrorPanelView({
  panel,
  vrm,
  action,
  retry,
  retryIntent = 'submit',
}: {
  panel: TrackerErrorPanel;
  vrm: string;
  action: string;
  /** The fields the step posts again (the registration, or the mileage too). */
  retry: Record<string, string>;
  retryIntent?: string;
}) {
  const hasActions = panel.refresh || panel.seeTracker || panel.signIn;
  return (
    <section className="panel" role="alert" aria-labelledby="tracker-error-title">
      <h2 id="tracker-error-title">{panel.title}</h2>
      <p>{panel.text}</p>
      {hasActions ? (
        <div className="actions">
          {panel.refresh ? (
            <Form method="post" action={action}>
              {Object.entries(retry).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button className="btn secondary" type="submit" name="intent" value={retryIntent}>
                Refresh
              </button>
            </Form>
          ) : null}
          {panel.seeTracker ? (
            <Link className="btn secondary" to={`/car-value-tracker/${vrm.replace(/\s/g, '')}`}>
              See its value
            </Link>
          ) : null}
          {panel.signIn ? (
            <Link className="btn secondary" to="/car-value-tracker/sign-in">
              Sign in
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
