import { describe, expect, it } from 'vitest';
import { fullPath, robotsTxt, sitemapXml, staticSitemapPaths } from './sitemap.server';
import type { RouteTable } from '../../lib/context.server';
import { routeFlags } from '../../lib/route-flags';

const page = { default: () => null };
const routes: RouteTable = {
  root: { path: '', module: page },
  'routes/home': { index: true, parentId: 'root', module: page },
  'routes/reviews': { path: 'reviews', parentId: 'root', module: page },
  'routes/healthz': { path: 'healthz', parentId: 'root', module: {} },
  'routes/sign-in': { path: 'sign-in', parentId: 'root', module: { ...page, handle: routeFlags({ noRobots: true }) } },
  'routes/hidden': { path: 'hidden', parentId: 'root', module: { ...page, handle: routeFlags({ noSitemap: true }) } },
  'routes/account': { path: 'account', parentId: 'root', module: { ...page, handle: routeFlags({ noRobots: true }) } },
  'routes/account-details': { path: 'details', parentId: 'routes/account', module: page },
  'routes/vehicle': { path: ':vrm', parentId: 'root', module: page },
};

describe('the sitemap', () => {
  it('joins parent paths', () => {
    expect(fullPath(routes, 'routes/account-details')).toBe('/account/details');
    expect(fullPath(routes, 'routes/home')).toBe('/');
  });

  it('lists page routes without parameters, and leaves out resources, noSitemap, noRobots and their children', () => {
    expect(staticSitemapPaths(routes)).toEqual(['/', '/reviews']);
  });

  it('writes valid XML with the origin, escaping what needs it', () => {
    const xml = sitemapXml('https://kerbside.co.uk', [{ path: '/a&b', lastModified: '2026-11-23' }]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://kerbside.co.uk/a&amp;b</loc><lastmod>2026-11-23</lastmod></url></urlset>',
    );
  });

  it('points robots at the sitemap and keeps them out of the private areas', () => {
    const robots = robotsTxt('https://kerbside.co.uk');
    expect(robots).toContain('Disallow: /account');
    expect(robots).toContain('Sitemap: https://kerbside.co.uk/sitemap.xml');
  });
});
