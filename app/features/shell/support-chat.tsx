import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { ChatWidgetApi } from '../../../contract/shell';
import { reportToServer } from '~/features/shell/client-report';

/** docs/behaviour/constants.md#shell-constants: the chat session id is asked for every 500 ms, up to 120 times. */
export const CHAT_SESSION_RETRY_MS = 500;
export const CHAT_SESSION_RETRIES = 120;

// The widget's script is the platform's (contract/shell.ts describes what it sets).
type ChatWidget = ChatWidgetApi;
declare global {
  interface Window {
    KerbsideChat?: ChatWidget;
  }
}

let widgetLoad: Promise<ChatWidget> | null = null;

/** The widget's script is fetched only when a seller asks for the chat. */
function loadWidget(): Promise<ChatWidget> {
  widgetLoad ??= new Promise<ChatWidget>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/chat/widget.js';
    script.async = true;
    script.onload = () => (window.KerbsideChat ? resolve(window.KerbsideChat) : reject(new Error('no widget')));
    script.onerror = () => reject(new Error('widget failed to load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    widgetLoad = null;
    throw error;
  });
  return widgetLoad;
}

export async function waitForSession(widget: Pick<ChatWidget, 'sessionId'>, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  for (let attempt = 0; attempt < CHAT_SESSION_RETRIES; attempt++) {
    if (widget.sessionId) return widget.sessionId;
    await wait(CHAT_SESSION_RETRY_MS);
  }
  return null;
}

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
    let widget: ChatWidget;
    try {
      widget = await loadWidget();
    } catch {
      reportToServer('widget_load_failed');
      setState('failed');
      return;
    }
    if (signedIn) {
      try {
        const response = await fetch('/api/chat-login', { headers: { accept: 'application/json' } });
        const { token } = (await response.json()) as { token?: string };
        if (!response.ok || !token || !(await waitForSession(widget))) throw new Error('chat login failed');
        widget.login(token);
      } catch {
        // The chat still works, only without the seller's account.
        reportToServer('chat_login_failed');
      }
    }
    widget.open();
    setState('open');
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
