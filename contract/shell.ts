/**
 * Gateway shapes for the site shell (docs/behaviour/gateway.md#shell-calls, docs/behaviour/gateway.md#analytics): recent sales, dealer logos, generated
 * images, first-party analytics events and the support chat. Produced by the platform, read by the
 * app's loaders.
 */

/** docs/behaviour/entry.md#entities "Recent sale". GET /platform/recent-sales?make={slug}&limit={n} → RecentSalesResponse. */
export interface RecentSale {
  id: string;
  /** soldPrice in whole pounds; soldDate an ISO 8601 timestamp (when the dealer paid). */
  sale: { soldPrice: number; soldDate: string };
  seller: { firstName: string };
  vehicle: {
    make: string;
    makeSlug: string;
    model: string;
    /** The postcode area of the seller (e.g. "LS"), for "near you" lists. */
    postcodeArea: string;
    /** A platform path (/platform/images/…); the app serves it under /media/…. */
    leadPhoto: { url: string };
  };
}
export interface RecentSalesResponse {
  sales: RecentSale[];
}

/** GET /platform/dealers/featured?limit={n} → DealerLogosResponse: dealers of the network, for the logo strip. */
export interface DealerLogo {
  id: number;
  name: string;
  town: string;
  /** A platform path (/platform/images/dealers/{id}.svg). */
  logo: { url: string };
}
export interface DealerLogosResponse {
  dealers: DealerLogo[];
}

/** Values an event may carry: flat and small, never personal data (no names, e-mails, regs). */
export type EventValue = string | number | boolean | null;

/** One first-party analytics event (docs/behaviour/gateway.md#analytics), recorded only after the seller consented. */
export interface AnalyticsEvent {
  /** snake_case, e.g. page_view, new_session, lookup_failed, mileage_submitted. */
  name: string;
  /** The path the event happened on (no query string). A registration in it is stored as {vrm}. */
  path: string;
  occurredAt: string;
  properties?: Record<string, EventValue>;
  /** Campaign parameters in force (utm_source, …, gclid, dclid, msclkid). */
  campaign?: Record<string, string>;
  /** Experiment decisions in force: experiment name → variant. */
  experiments?: Record<string, string>;
}

/** The campaign parameters an event may carry (docs/behaviour/states.md: UTM capture), in lower case. */
export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'dclid', 'msclkid'] as const;
export const MAX_EVENTS_PER_REQUEST = 20;

/** POST /platform/events {events} → 202 {accepted}. The requester id header says whose events they are. */
export interface AnalyticsEventsRequest {
  events: AnalyticsEvent[];
}
export interface AnalyticsEventsResponse {
  accepted: number;
}
/** GET /platform/dev/events?requesterId= (development and test only) → {events: StoredAnalyticsEvent[]} */
export interface StoredAnalyticsEvent extends AnalyticsEvent {
  id: number;
  requesterId: string;
  userId: number | null;
}

/** GET /platform/virtual-assistant/auth (signed in) → the chat login of docs/behaviour/states.md. */
export interface ChatLoginResponse {
  sessionId: string;
  token: string;
}

/**
 * GET /platform/chat/widget.js: the stand-in for the support chat's script. Once loaded it adds a
 * "Chat with us" button and sets window.KerbsideChat; sessionId turns from null to an id about a
 * second later (docs/behaviour/states.md: the host retries every 500 ms, up to 120 times).
 */
export interface ChatWidgetApi {
  sessionId: string | null;
  /** Signs the chat in with ChatLoginResponse.token. */
  login(token: string): void;
  open(): void;
  close(): void;
}

/**
 * GET /platform/bidding/bids/dealer-interest-counts?makeSlug={slug} (docs/behaviour/gateway.md#journey-calls insights): how
 * many dealers of the network bid on this make in the daily sales of the last `periodDays`.
 */
export interface DealerInterestCounts {
  makeSlug: string;
  periodDays: number;
  /** Lots of this make that went through a daily sale in the period. */
  lots: number;
  /** Distinct dealers who bid on at least one of them. */
  dealers: number;
  /** Bids placed on them, all dealers together. */
  bids: number;
}

export interface Review {
  author: string;
  rating: number;
  title: string;
  body: string;
  timestamp: string;
}

/**
 * GET /platform/reviews?limit&offset: a page of the reviews the platform holds, newest first, and
 * the figures over all of them, counted where they are stored. No reviews: 0 and a null average.
 */
export interface ReviewsResponse {
  summary: { totalReviews: number; averageRating: number | null };
  reviews: Review[];
}
