import { useFetcher, useLocation } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { cookieNoticeMarkup } from './shell-links.server';
import { ServerMarkup } from '~/lib/server-markup';

/**
 * The cookie notice (docs/behaviour/shell.md#cookie-notice, docs/behaviour/states.md), with PECR's explicit choice: Accept or Reject. Without
 * JavaScript it is a plain form that sets the choice and comes back to this page; with it, the same
 * form is sent in the background and the notice closes in place. Its words are server markup: a
 * visit that shows the notice shows it from its first document, which carries them.
 */
export function CookieNotice({ brandName }: { brandName: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const hydrated = useHydrated();
  // Closed as soon as a choice is on its way: the server's answer only confirms it.
  if (fetcher.state !== 'idle' || fetcher.data) return null;
  return (
    <section className="cookie-notice" aria-labelledby="cookie-notice-title">
      <div className="wrap">
        <ServerMarkup id="cookie-notice-text" render={() => cookieNoticeMarkup({ brandName })} />
        <fetcher.Form method="post" action="/cookie-consent" className="actions">
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <ChoiceButtons />
        </fetcher.Form>
      </div>
    </section>
  );
}

/** Accept or Reject: the notice's and the cookies page's (cookie-choice.tsx) buttons. */
export function ChoiceButtons() {
  return (
    <>
      <button className="btn" type="submit" name="choice" value="accept">
        Accept
      </button>
      <button className="btn secondary" type="submit" name="choice" value="reject">
        Reject
      </button>
    </>
  );
}
