import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { MEDIA_PATH } from '~/features/shell/media';

/** Generated images (vehicles, dealer logos) from the gateway, under our own origin. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const name = params['*'] ?? '';
  if (!MEDIA_PATH.test(name)) return new Response('Not Found', { status: 404 });
  try {
    const svg = await context.gateway.get<unknown>(`/platform/images/${name}`);
    if (typeof svg !== 'string' || !svg.startsWith('<svg')) return new Response('Not Found', { status: 404 });
    return new Response(svg, {
      headers: {
        'Content-Type': 'image/svg+xml',
        'Cache-Control': 'public, max-age=86400',
        // An SVG opened on its own must not run anything.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  } catch {
    return new Response('Not Found', { status: 404 });
  }
}
