import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';

/**
 * The cookie notice (spec 2 §2.9, §4), with PECR's explicit choice: Accept or Reject. Without
 * JavaScript it is a plain form that sets the choice and comes back to this page; with it, the same
 * form is sent in the background and the notice closes in place.
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
        <h2 id="cookie-notice-title">Cookies on {brandName}</h2>
        <p>
          We use cookies that the site needs to work. With your permission we would also like to record how you use it, to make it
          better. Nothing is recorded unless you accept. <Link to="/cookies">How we use cookies</Link>
        </p>
        <fetcher.Form method="post" action="/cookie-consent" className="actions">
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <ChoiceButtons />
        </fetcher.Form>
      </div>
    </section>
  );
}

/**
 * The choice on the cookies page: what is in force, and a way to change it (a plain form, so it
 * works without JavaScript; it comes back to this page).
 */
export function CookieChoice({ current }: { current: 'granted' | 'denied' | null }) {
  const location = useLocation();
  return (
    <section className="panel info" aria-labelledby="cookie-choice-title">
      <h2 id="cookie-choice-title">Your choice</h2>
      <p>
        {current === 'granted'
          ? 'You accepted: we record how you use the site.'
          : current === 'denied'
            ? 'You rejected: we record nothing about how you use the site.'
            : 'You have not chosen yet: we record nothing until you accept.'}
      </p>
      <form method="post" action="/cookie-consent" className="actions">
        <input type="hidden" name="returnTo" value={location.pathname} />
        <ChoiceButtons />
      </form>
    </section>
  );
}

function ChoiceButtons() {
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
