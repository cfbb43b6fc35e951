import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { sitemapEntries, sitemapXml } from '~/features/content/sitemap.server';

export async function loader({ context }: LoaderFunctionArgs) {
  const xml = sitemapXml(context.config.publicOrigin, await sitemapEntries(context));
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
