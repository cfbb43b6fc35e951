import type { AppLoadContext } from '@remix-run/cloudflare';
import { CITIES } from '~/features/content/cities';
import { SELL_MY_CAR_VARIANTS } from '~/features/content/landing-pages';
import { blogPostPath, getEntry, listEntries } from './content.server';
import type { RouteTable } from '../../lib/context.server';
import { flagsFor } from '../../lib/route-flags';
import { formatDealerNetwork, withDealerNetwork } from '../../lib/dealer-network';
import { endpoints } from '../../../contract/endpoints';

/**
 * The indexable pages, derived from the route table and its flags (docs/behaviour/routes.md#route-behaviour): every page route
 * (one with a component) whose flags say neither noSitemap nor noRobots. A route with a parameter
 * is listed through the data behind it (guides, posts, landing variants, cities, brands); one
 * whose data is not public (a registration, a partner's campaign page) is not listed.
 */
export interface SitemapEntry {
  path: string;
  title?: string;
  lastModified?: string;
}

function chainOf(routes: RouteTable, id: string) {
  const chain = [];
  for (let current = routes[id]; current; current = current.parentId ? routes[current.parentId] : undefined) chain.unshift(current);
  return chain;
}

export function fullPath(routes: RouteTable, id: string): string {
  const parts = chainOf(routes, id)
    .map((route) => route.path ?? '')
    .filter(Boolean);
  return `/${parts.join('/')}`.replace(/\/+/g, '/');
}

/** Pages without parameters that the route table lets into the sitemap. */
export function staticSitemapPaths(routes: RouteTable): string[] {
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    const route = routes[id];
    if (!route || id === 'root' || !route.module.default) continue;
    // A content page's flags are in its front matter, not its module.
    if (id.startsWith('content/') && getEntry('pages', id.slice('content/'.length))?.flags.noSitemap) continue;
    const path = fullPath(routes, id);
    if (/[:*]/.test(path)) continue;
    const flags = flagsFor(chainOf(routes, id).map((r) => ({ handle: r.module.handle })));
    if (flags.noSitemap || flags.noRobots) continue;
    paths.add(path);
  }
  return [...paths].sort();
}

/** Every indexable page, with the pages behind parameters filled in from their data. */
export async function sitemapEntries(context: AppLoadContext): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = staticSitemapPaths(context.routes).map((path) => ({ path }));
  // The collections' own index pages sit behind an optional parameter.
  entries.push({ path: '/guides', title: 'Guides' }, { path: '/blog', title: 'Blog' }, { path: '/stories', title: 'Stories' });
  for (const guide of listEntries('guides')) entries.push({ path: `/guides/${guide.slug}`, title: guide.title, lastModified: guide.date });
  for (const story of listEntries('stories')) entries.push({ path: `/stories/${story.slug}`, title: story.title, lastModified: story.date });
  for (const post of listEntries('blog')) entries.push({ path: blogPostPath(post.slug), title: post.title, lastModified: post.date });
  const dealerNetwork = formatDealerNetwork(context.config.dealerNetworkSize);
  for (const [slug, page] of Object.entries(SELL_MY_CAR_VARIANTS)) {
    if (!page.flags?.noSitemap) entries.push({ path: `/sell-my-car/${slug}`, title: withDealerNetwork(page.title, dealerNetwork) });
  }
  for (const [slug, city] of Object.entries(CITIES)) entries.push({ path: `/sell-your-car/${slug}`, title: `Sell your car in ${city.name}` });
  // Brand pages exist for the makes the register knows; without the gateway they are left out.
  const makes = await context.gateway.call(endpoints.shell.makes).catch(() => null);
  for (const make of makes?.makes ?? []) entries.push({ path: `/sell-my-car/brands/${make.slug}`, title: `Sell your ${make.display_name}` });
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.path) && seen.add(entry.path));
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((entry) => `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ''}</url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

/** Areas no crawler has any business in: the seller's own pages and the machinery. */
export const ROBOTS_DISALLOW = ['/account', '/auth/', '/api/', '/dev/', '/sign-out', '/cookie-consent', '/sticky-vrm', '/checkout/'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
