import type { ChatWidgetApi } from '../../../contract/shell';
import type { ClientReportKind } from '~/lib/reports';

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
 * Opens the chat: the widget's script, then (for a signed-in seller) the login through the gateway.
 * Its own module, fetched when a seller first asks for the chat: most visits never do, so the pages'
 * scripts do not carry it. False when the widget could not load. `report` is the page's own silent
 * report (client-report.ts), passed in so that this chunk shares no module with the shell's.
 */
export async function openChat(signedIn: boolean, report: (kind: ClientReportKind) => void): Promise<boolean> {
  let widget: ChatWidget;
  try {
    widget = await loadWidget();
  } catch {
    report('widget_load_failed');
    return false;
  }
  if (signedIn) {
    try {
      const response = await fetch('/api/chat-login', { headers: { accept: 'application/json' } });
      const { token } = (await response.json()) as { token?: string };
      if (!response.ok || !token || !(await waitForSession(widget))) throw new Error('chat login failed');
      widget.login(token);
    } catch {
      // The chat still works, only without the seller's account.
      report('chat_login_failed');
    }
  }
  widget.open();
  return true;
}
