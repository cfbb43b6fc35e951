import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { reportToServer } from '~/features/shell/client-report';

/**
 * The support chat launcher (docs/behaviour/states.md): shown where the route allows the chat and the flag does
 * not hide it. Without JavaScript it is a link to the help centre. Signed-in sellers are logged
 * into the chat through the gateway, so the adviser knows who they are talking to.
 */
export function SupportChat({ signedIn, helpCentreUrl }: { signedIn: boolean; helpCentreUrl: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'loading' | 'open' | 'failed'>('idle');

  async function start() {
    setState('loading');
    // A chunk that cannot be fetched is the widget not loading, as far as the seller can tell.
    const opened = await import('./chat-widget').then(
      ({ openChat }) => openChat(signedIn, reportToServer),
      () => {
        reportToServer('widget_load_failed');
        return false;
      },
    );
    setState(opened ? 'open' : 'failed');
  }

  return (
    <p className="support-chat">
      Questions?{' '}
      {hydrated && state !== 'failed' ? (
        <button type="button" className="btn link" onClick={start} aria-disabled={state === 'loading' || undefined}>
          {state === 'loading' ? 'Opening the chat…' : 'Chat with us'}
        </button>
      ) : (
        <a href={helpCentreUrl}>Visit our help centre</a>
      )}
    </p>
  );
}
