import { useEffect } from 'react';
import { AUTH_CHANNEL } from '~/lib/auth-messages';

/**
 * Tells other open tabs when this one signs in or out, and listens for theirs (docs/behaviour/states.md): a tab
 * told of a sign-out signs out too (`?logout=broadcast`); a hidden tab told of a sign-in reloads.
 * Needs JavaScript; without it each tab catches up on its next page.
 */
export function AuthBroadcast({ event, signedIn }: { event: 'signin' | 'signout' | null; signedIn: boolean }) {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    if (event) channel.postMessage(event);
    channel.onmessage = ({ data }) => {
      if (data === 'signout' && signedIn) {
        const url = new URL(window.location.href);
        url.searchParams.set('logout', 'broadcast');
        window.location.assign(url.toString());
      } else if (data === 'signin' && document.visibilityState === 'hidden') {
        window.location.reload();
      }
    };
    return () => channel.close();
  }, [event, signedIn]);
  return null;
}
