import type { AnalyticsEvent, AnalyticsEventsRequest, EventValue } from '../../contract/shell';
import { clockNow } from './clock.server';
import type { CampaignState } from './campaign';
import type { GatewayClient } from './gateway.server';
import { endpoints } from '../../contract/endpoints';

/**
 * First-party analytics (docs/behaviour/gateway.md#analytics), privacy first: events are recorded through the gateway into
 * the platform's database, and only for a seller who accepted non-essential cookies. Without
 * consent `track` drops the event on the spot: nothing is queued, sent or logged.
 * Events carry no personal data (no names, e-mail addresses, phone numbers or registrations).
 */
export interface Analytics {
  /** Records an event of this request's page, or of `path` (a page the browser moved to on its own). */
  track(name: string, properties?: Record<string, EventValue>, path?: string): void;
  /** Sends what was tracked during this request; never throws (analytics must not fail a page). */
  flush(): Promise<void>;
  /** What this request tracked, for the page's dataLayer. */
  readonly tracked: readonly AnalyticsEvent[];
}

export function createAnalytics(options: {
  consented: () => boolean;
  path: string;
  campaign: () => CampaignState | undefined;
  experiments: Record<string, string>;
  gateway: () => GatewayClient;
  now?: () => Date;
}): Analytics {
  const events: AnalyticsEvent[] = [];
  const now = options.now ?? clockNow;
  return {
    track(name, properties, path) {
      if (!options.consented()) return;
      const campaign = options.campaign()?.params;
      events.push({
        name,
        path: path ?? options.path,
        occurredAt: now().toISOString(),
        ...(properties && Object.keys(properties).length ? { properties } : {}),
        ...(campaign ? { campaign: campaign as Record<string, string> } : {}),
        experiments: options.experiments,
      });
    },
    async flush() {
      if (!events.length || !options.consented()) return;
      const body: AnalyticsEventsRequest = { events: events.slice(0, 20) };
      try {
        await options.gateway().call(endpoints.shell.events, { body });
      } catch (error) {
        console.warn(JSON.stringify({ event: 'analytics.flush_failed', error: String(error) }));
      }
    },
    get tracked() {
      return events;
    },
  };
}
