import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { endpoints } from '../../../../contract/endpoints';

/**
 * The chat login for a signed-in seller (docs/behaviour/states.md, "chat-login token call"): the gateway issues a
 * short-lived chat token; the seller's own tokens never leave the server.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const headers = { 'Cache-Control': 'private, no-store' };
  if (!context.session.get('auth')) return Response.json({ error: 'signed_out' }, { status: 401, headers });
  try {
    const { token } = await context.gateway.call(endpoints.shell.chatLogin);
    if (typeof token !== 'string' || !token) throw new Error('no token in the answer');
    return Response.json({ token }, { headers });
  } catch (error) {
    console.warn(JSON.stringify({ event: 'chat.login_failed', error: String(error) }));
    return Response.json({ error: 'unavailable' }, { status: 503, headers });
  }
}
