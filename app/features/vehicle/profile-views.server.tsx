import type { VehicleProfile } from '../../../contract/sale';

/**
 * The vehicle profile's view that does nothing in the browser (docs/decisions/025): the timeline's
 * steps, done or to do, rendered by the server as server markup (ServerMarkup), so the steps' list
 * and the rule for each being done stay out of the page's scripts. A document renders it in the
 * page; a client-side navigation gets it from the loader. The steps' questions are not server
 * markup: their inputs hold what the seller chose until it is saved (docs/decisions/025, amendment).
 */

const STEPS = [
  { id: 'features', title: 'Features and service history' },
  { id: 'finance', title: 'Finance' },
  { id: 'issues', title: 'Damage and faults' },
  { id: 'keys', title: 'Keys' },
  { id: 'photos', title: 'Photos' },
] as const;

function stepDone(profile: VehicleProfile, step: (typeof STEPS)[number]['id']): boolean {
  switch (step) {
    case 'features':
      return profile.serviceHistory !== null;
    case 'finance':
      return profile.finance !== null;
    case 'issues':
      return profile.issues !== null;
    case 'keys':
      return profile.keys !== null;
    case 'photos':
      return profile.missingPhotos.length === 0;
  }
}

/**
 * The timeline's steps, each done or to do (neither while the platform is down). Plain links:
 * ServerMarkup navigates them in the app, and `data-discover` lets Remix learn their routes first, as
 * a `<Link>` would.
 */
export function TimelineSteps({ vrm, profile }: { vrm: string; profile: VehicleProfile | null }) {
  return (
    <ol className="timeline">
      {STEPS.map((s) => {
        const done = profile ? stepDone(profile, s.id) : null;
        return (
          <li key={s.id} className={done ? 'done' : 'upcoming'}>
            <span className="marker" aria-hidden="true">
              {done ? '✓' : ''}
            </span>
            <div>
              <a href={`/${vrm}/profile/${s.id}`} data-discover="true">
                {s.title}
              </a>
              {done === null ? null : <p className="muted">{done ? 'Done' : 'To do'}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
