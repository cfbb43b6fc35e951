import type { ComponentType } from 'react';

/**
 * Route flags (docs/behaviour/routes.md#route-behaviour): what a route asks of the shell. A route declares them once, in its
 * `handle`, and the shell reads them for the current page: each route inherits its parents' flags
 * and may override them, so the deepest match has the last word.
 */
export interface RouteFlags {
  /** The page does not depend on the seller: shared caches may keep it (issue: caching of public pages). */
  cache?: boolean;
  /** No reviews block in the footer. */
  hideReviews?: boolean;
  /** No registration lookup block in the footer. */
  hideVehicleLookup?: boolean;
  /** No footer at all (the profile timeline owns the whole screen). */
  hideFooter?: boolean;
  /** `<meta name="robots" content="noindex">`. */
  noRobots?: boolean;
  /** Left out of the sitemap. */
  noSitemap?: boolean;
  /** The page handles its own scroll position on navigation. */
  manageOwnScroll?: boolean;
  /** The price disclaimer behind the '*' of 'best price*'. */
  showDisclaimer?: boolean;
  /** The longer disclaimer: how the price can change at collection. */
  showDisclaimerDetail?: boolean;
  /** The car value tracker's disclaimer. */
  showTrackerDisclaimer?: boolean;
  /** The support chat may load on this page. */
  zendeskWidget?: boolean;
  /** Content from the content store (kept for the table in docs/behaviour/routes.md#route-flags; no behaviour of its own yet). */
  wordpress?: boolean;
  /** The path carries a registration. */
  vrmPath?: boolean;
  /** The footer lookup is the ULEZ checker's widget. */
  useUlezVrmChecker?: boolean;
  /** The route sets its own title after load (kept for the table in docs/behaviour/routes.md#route-flags). */
  refreshMetaManually?: boolean;
  /** The header is see-through over the hero (`/` and `/mileage`). */
  translucentHeader?: boolean;
  /** Which title the footer lookup block carries. */
  lookupVariant?: LookupVariant;
  /** The sticky registration banner follows the seller down this (long) page. */
  stickyVrm?: boolean;
}

export type LookupVariant = 'home' | 'brand' | 'partner' | 'default';

export interface RouteHandle {
  flags?: RouteFlags;
  /**
   * The sticky registration banner, from a route that may show it (`withStickyVrm`): its code then
   * travels with those pages, not with every page's shell. The frame shows it where `stickyVrm` is on.
   */
  StickyVrm?: ComponentType;
  /** Flags that depend on the page's data (one module serving many pages, e.g. landing pages). */
  flagsFrom?: (data: unknown) => RouteFlags | undefined;
}

/** What every page gets unless a route says otherwise. */
export const DEFAULT_FLAGS: Readonly<RouteFlags> = {
  zendeskWidget: true,
  showDisclaimer: true,
  lookupVariant: 'default',
};

/** The flags of the current page: the defaults, then each match's own, root first. */
export function flagsFor(matches: readonly { handle?: unknown; data?: unknown }[]): RouteFlags {
  const flags: RouteFlags = { ...DEFAULT_FLAGS };
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.flags) Object.assign(flags, handle.flags);
    if (typeof handle?.flagsFrom === 'function' && match.data) Object.assign(flags, handle.flagsFrom(match.data));
  }
  return flags;
}

/** A route's handle with flags: `export const handle = routeFlags({ noRobots: true })`. */
export function routeFlags(flags: RouteFlags): RouteHandle {
  return { flags };
}
