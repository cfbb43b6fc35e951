import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { endpoints } from '../../../../contract/endpoints';

/** Liveness of the app and its gateway, for start-up scripts and monitors. */
export async function loader({ context }: LoaderFunctionArgs) {
  const gateway = await context.gateway
    .call(endpoints.shell.health)
    .then((h) => h.status)
    .catch(() => 'unreachable');
  return Response.json(
    { status: gateway === 'ok' ? 'ok' : 'degraded', gateway },
    { status: gateway === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
