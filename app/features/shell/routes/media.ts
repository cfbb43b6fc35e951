import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { MEDIA_PATH } from '~/features/shell/media';
import { endpoints } from '../../../../contract/endpoints';

/** Generated images (vehicles, dealer logos) from the gateway, under our own origin. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const name = params['*'] ?? '';
  if (!MEDIA_PATH.test(name)) return new Response('Not Found', { status: 404 });
  try {
    // MEDIA_PATH allows vehicles/{file}.svg and dealers/{file}.svg only.
    const [folder, file] = name.split('/') as [string, string];
    const image = folder === 'dealers' ? endpoints.shell.dealerLogo : endpoints.shell.vehicleImage;
    const svg: unknown = await context.gateway.call(image, { params: { file } });
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
