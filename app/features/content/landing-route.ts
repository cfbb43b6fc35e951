import type { MetaFunction } from '@remix-run/cloudflare';
import { pageMeta } from '~/lib/meta';
import { routeFlags, type RouteFlags } from '~/lib/route-flags';
import { withStickyVrm } from '~/features/shell/sticky-vrm';
import type { LandingData } from './landing.server';

/**
 * What the two landing route modules share (routes/landing.tsx: the landing pages;
 * routes/city-landing.tsx: the city pages), beside their loader (landing.server.ts). Two modules,
 * so that a landing page does not carry the city pages' sections in its scripts.
 */

// Which footer lookup and flags apply depends on the page: its data says (route-flags.ts).
export const landingHandle = withStickyVrm({
  // Public, except partner pages: they remember the partner in the seller's session.
  ...routeFlags({ stickyVrm: true, cache: true }),
  flagsFrom: (data: unknown) => (data as { flags?: RouteFlags } | undefined)?.flags,
});

export const landingMeta: MetaFunction<() => LandingData> = ({ data, matches }) => {
  if (data?.kind === 'city') {
    return pageMeta(matches, {
      title: `Sell your car in ${data.city.name}`,
      description: `Sell your car in ${data.city.name}: an instant valuation, dealers competing in a daily sale, free collection.`,
    });
  }
  return pageMeta(matches, { title: data?.page.title ?? 'Page not found', description: data?.page.description });
};
