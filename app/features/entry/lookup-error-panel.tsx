import { Form, Link } from '@remix-run/react';
import type { LookupErrorPanel } from '~/features/entry/lookup-errors';

/** The hero's error panel; 'Refresh' re-runs the same lookup (a POST, so it works without JS). */
export function LookupErrorPanelView({ panel, vrm, action }: { panel: LookupErrorPanel; vrm: string; action?: string }) {
  return (
    <section className="panel" role="alert" aria-labelledby="lookup-error-title">
      <h2 id="lookup-error-title">{panel.title}</h2>
      <p>{panel.text}</p>
      {panel.refresh || panel.manageVehicles ? (
        <div className="actions">
          {panel.refresh ? (
            <Form method="post" action={action}>
              <input type="hidden" name="vrm" value={vrm} />
              <button className="btn secondary" type="submit">
                Refresh
              </button>
            </Form>
          ) : null}
          {panel.manageVehicles ? (
            <Link className="btn secondary" to="/account">
              Manage vehicles
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
