import { useLocation } from '@remix-run/react';
import { ChoiceButtons } from './cookie-notice';

/**
 * The choice on the cookies page: what is in force, and a way to change it (a plain form, so it
 * works without JavaScript; it comes back to this page). Its own module: only the cookies page needs it.
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
