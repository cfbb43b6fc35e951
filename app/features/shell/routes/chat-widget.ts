import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { endpoints } from '../../../../contract/endpoints';

/**
 * The support chat's script, from the gateway, served on our own origin so that the page's CSP
 * (scripts from 'self' only) needs no third-party host. Locally it is the platform's stand-in.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const script = await context.gateway.call(endpoints.shell.chatWidget);
    if (typeof script !== 'string' || !script) throw new Error('no script in the answer');
    return new Response(script, {
      headers: { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    });
  } catch (error) {
    console.warn(JSON.stringify({ event: 'chat.widget_unavailable', error: String(error) }));
    return new Response('/* the chat is unavailable */', { status: 503, headers: { 'Content-Type': 'application/javascript' } });
  }
}
