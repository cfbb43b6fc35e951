import type { ClientReportKind } from '~/lib/reports';

declare global {
  interface Window {
    /** The kinds this page has reported already: shared with the chunk watch in the head (chunk-watch.inline.ts). */
    __ksReports?: Partial<Record<ClientReportKind, 1>>;
  }
}

/**
 * Posts a small form in the background: a beacon, which the browser sends even as the page goes
 * away and which nothing waits for, so it never gets in the seller's way.
 */
export function beacon(url: string, fields: Record<string, string>): void {
  try {
    navigator.sendBeacon(url, new URLSearchParams(fields));
  } catch {
    // Best effort: nothing to do.
  }
}

/**
 * A silent report (docs/reporting.md), once per kind per page. It carries no identifiers, so it
 * needs no consent.
 */
export function reportToServer(kind: ClientReportKind, reason?: string): void {
  const sent = (window.__ksReports ??= {});
  if (sent[kind]) return;
  sent[kind] = 1;
  beacon('/api/client-report', reason ? { kind, reason } : { kind });
}
