import type { endpoints } from '../../../contract/endpoints';
import type { ChatLoginResponse } from '../../../contract/shell';
import { tokenSecret } from '../env';
import type { TypedHandler } from '../router';
import { sha256, signChatToken } from '../tokens';
import { clockNowMs } from '../clock';

/**
 * The support chat (docs/behaviour/states.md). The real one is a third-party widget no test machine can reach, so
 * the platform serves a stand-in script with the same surface, and the chat login the app asks
 * for when a signed-in seller opens it.
 */

/** Long enough to open the chat after the page loads; a leaked token is soon worthless. */
export const CHAT_TOKEN_TTL_SECONDS = 600;

/** The chat session of a platform session: the same for as long as the seller stays signed in. */
export async function chatSessionId(platformSessionId: string): Promise<string> {
  return `chat-${(await sha256(`support-chat:${platformSessionId}`)).slice(0, 24)}`;
}

/** GET /platform/virtual-assistant/auth (signed in) → {sessionId, token} */
export const chatLogin: TypedHandler<typeof endpoints.shell.chatLogin> = async ({ customer }, ctx) => {
  const sessionId = await chatSessionId(customer.sessionId);
  const iat = Math.floor(clockNowMs() / 1000);
  // The chat provider learns an opaque id, not the seller's e-mail or name.
  const token = await signChatToken(
    { sub: customer.user.user_id, sid: sessionId, token_use: 'chat', iat, exp: iat + CHAT_TOKEN_TTL_SECONDS },
    tokenSecret(ctx.env),
  );
  return { sessionId, token } satisfies ChatLoginResponse;
};

/**
 * The stand-in widget. Styles go through element.style (CSSOM), which the host page's CSP allows
 * where a <style> element or a style attribute would need a nonce. No eval, no inline handlers,
 * no requests. ES5-era syntax: it runs on the old phones the product supports.
 */
export const CHAT_WIDGET_JS = `(function () {
  'use strict';
  if (window.KerbsideChat) return;
  var FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  var launcher, panel, status, closer, signedIn = false;
  var api = { sessionId: null, login: login, open: open, close: close };
  window.KerbsideChat = api;

  function make(tag, styles, text) {
    var el = document.createElement(tag);
    for (var key in styles) el.style[key] = styles[key];
    if (text) el.textContent = text;
    return el;
  }
  function build() {
    if (launcher || !document.body) return !!launcher;
    launcher = make('button', { position: 'fixed', right: '16px', bottom: '16px', zIndex: '2147483000', padding: '12px 18px',
      border: '0', borderRadius: '999px', background: '#14532d', color: '#fff', font: '600 16px/1.2 ' + FONT,
      boxShadow: '0 2px 8px rgba(0,0,0,.3)', cursor: 'pointer' }, 'Chat with us');
    launcher.type = 'button';
    launcher.setAttribute('aria-haspopup', 'dialog');
    launcher.setAttribute('aria-controls', 'kerbside-chat');
    launcher.setAttribute('aria-expanded', 'false');
    launcher.addEventListener('click', open);
    panel = make('div', { position: 'fixed', right: '16px', bottom: '76px', zIndex: '2147483000', width: '320px',
      maxWidth: 'calc(100vw - 32px)', boxSizing: 'border-box', padding: '16px', background: '#fff', color: '#1d2b36',
      border: '1px solid #c9d1d9', borderRadius: '12px', boxShadow: '0 8px 24px rgba(0,0,0,.2)', font: '400 15px/1.4 ' + FONT });
    panel.id = 'kerbside-chat';
    panel.hidden = true;
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-labelledby', 'kerbside-chat-title');
    var title = make('h2', { margin: '0 44px 8px 0', font: '700 17px/1.3 ' + FONT }, 'Support chat');
    title.id = 'kerbside-chat-title';
    closer = make('button', { position: 'absolute', top: '6px', right: '6px', width: '44px', height: '44px', border: '0',
      background: 'transparent', color: '#1d2b36', font: '400 26px/1 ' + FONT, cursor: 'pointer' }, '\\u00d7');
    closer.type = 'button';
    closer.setAttribute('aria-label', 'Close chat');
    closer.addEventListener('click', close);
    status = make('p', { margin: '0', fontWeight: '600' }, signedIn ? 'Signed in' : 'Not signed in');
    status.setAttribute('role', 'status');
    panel.appendChild(title);
    panel.appendChild(closer);
    panel.appendChild(make('p', { margin: '0 0 8px' }, 'This is the local stand-in for the support chat: nobody reads messages here.'));
    panel.appendChild(status);
    document.body.appendChild(panel);
    document.body.appendChild(launcher);
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && !panel.hidden) close();
    });
    return true;
  }
  function open() {
    if (!build()) return;
    panel.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    closer.focus();
  }
  function close() {
    if (!panel || panel.hidden) return;
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.focus();
  }
  function login(token) {
    if (typeof token !== 'string' || !token) return;
    signedIn = true;
    if (status) status.textContent = 'Signed in';
  }
  function start() {
    build();
    // A real chat takes a moment to connect; the host page polls for the session id.
    setTimeout(function () {
      var bytes = new Uint8Array(12);
      crypto.getRandomValues(bytes);
      api.sessionId = 'local-' + Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
    }, 1000);
  }
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
`;

/** GET /platform/chat/widget.js */
export const chatWidget: TypedHandler<typeof endpoints.shell.chatWidget> = async (_input, ctx) =>
  ctx.raw(
    new Response(CHAT_WIDGET_JS, {
      headers: { 'content-type': 'application/javascript', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' },
    }),
  );
