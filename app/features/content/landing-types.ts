import type { RouteFlags } from '~/lib/route-flags';

/** A source for an outside fact shown on a page (who said it, where, when we read it). */
export interface Source {
  title: string;
  url: string;
  /** YYYY-MM-DD */
  accessed: string;
}

/**
 * A landing page (docs/behaviour/routes.md#landing-routes): the hero lookup with its own title, then a few short sections
 * saying what this page is for. All copy is original and factual; no invented figures. The size of
 * the dealer network is configuration, so the copy writes `{dealerNetwork}` where its figure goes
 * and the landing route fills it in (withDealerNetwork).
 */
export interface LandingPage {
  /** The <title> (the brand suffix is added). */
  title: string;
  /** For search results, under 160 characters. */
  description: string;
  /** The hero's h1. */
  heroTitle: string;
  /** One or two sentences under the hero title (replaces the default strapline when set). */
  heroText?: string;
  /** Two to four short sections. */
  sections: { heading: string; paragraphs: string[]; points?: string[] }[];
  /** Guides worth reading next: slugs of content/guides/*.md. */
  guides?: string[];
  /** Route flags for this page (e.g. { useUlezVrmChecker: true } on the ULEZ page). */
  flags?: RouteFlags;
  sources?: Source[];
}

/** A partner page: a landing page carrying the partner's name (affiliate branding, docs/behaviour/data.md#entities). */
export interface PartnerPage extends LandingPage {
  /** The partner's display name, e.g. "TopCashback". */
  partnerName: string;
  /** What the partner's members get, in the partner's own published terms; omitted when not confirmed. */
  offer?: string;
}

/** A city page (/sell-your-car/{city}). Dealers and recent sales near it come from the platform. */
export interface CityPage {
  name: string;
  /** The nation, for the collection area: England, Scotland, Wales or Northern Ireland. */
  nation: 'England' | 'Scotland' | 'Wales' | 'Northern Ireland';
  /** Postcode areas the city's sellers are in (e.g. ["B"] for Birmingham), for "sold nearby". */
  postcodeAreas: string[];
  /**
   * The city's clean air or low emission zone, only where public sources confirm it: the zone's
   * rules and sources are the zones module's (contract/zones.ts), the summary is this page's words.
   */
  zone?: { zoneId: string; summary: string };
  /** One or two original sentences about selling a car there (no invented statistics). */
  intro: string;
}
