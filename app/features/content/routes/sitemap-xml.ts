import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { sitemapEntries, sitemapXml } from '~/features/content/sitemap.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const xml = sitemapXml(new URL(request.url).origin, await sitemapEntries(context));
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
