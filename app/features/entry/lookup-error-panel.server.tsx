import type { LookupErrorPanel } from '~/features/entry/lookup-errors';
import { markupNow } from '~/lib/server-markup.server';

/**
 * A failed lookup's panel (the hero's, a tool's); 'Refresh' re-runs the same lookup (a POST, so it
 * works without JS). Server markup (ADR 029): the loader words and renders it, and the page shows it
 * in a `section.panel` island (LookupErrorPanelIsland), which posts the form in the app.
 */
function LookupErrorPanelView({ panel, vrm, action }: { panel: LookupErrorPanel; vrm: string; action: string }) {
  return (
    <>
      <h2 id="lookup-error-title">{panel.title}</h2>
      <p>{panel.text}</p>
      {panel.refresh || panel.manageVehicles ? (
        <div className="actions">
          {panel.refresh ? (
            <form method="post" action={action}>
              <input type="hidden" name="vrm" value={vrm} />
              <button className="btn secondary" type="submit">
                Refresh
              </button>
            </form>
          ) : null}
          {panel.manageVehicles ? (
            <a className="btn secondary" href="/account">
              Manage vehicles
            </a>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

export const lookupPanelMarkup = (panel: LookupErrorPanel, vrm: string, action: string) =>
  markupNow(LookupErrorPanelView, { panel, vrm, action });
