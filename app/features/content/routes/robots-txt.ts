import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { robotsTxt } from '~/features/content/sitemap.server';

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(new URL(request.url).origin), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
