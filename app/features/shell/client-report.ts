import { CLIENT_REPORT_KINDS, type ClientReportKind } from '~/lib/reports';

export { CLIENT_REPORT_KINDS, type ClientReportKind };

declare global {
  interface Window {
    /** The kinds this page has reported already: shared with the chunk watch in the head (chunk-watch.ts). */
    __ksReports?: Partial<Record<ClientReportKind, 1>>;
  }
}

/**
 * A silent report (docs/reporting.md), once per kind per page: posted in the background (a beacon,
 * which the browser sends even as the page goes away, and which nothing waits for), so a report
 * never gets in the seller's way. It carries no identifiers, so it needs no consent.
 */
export function reportToServer(kind: ClientReportKind, reason?: string): void {
  try {
    const sent = (window.__ksReports ??= {});
    if (sent[kind]) return;
    sent[kind] = 1;
    const body = new URLSearchParams(reason ? { kind, reason } : { kind });
    if (navigator.sendBeacon?.('/api/client-report', body)) return;
    void fetch('/api/client-report', { method: 'POST', body, keepalive: true }).catch(() => undefined);
  } catch {
    // Nothing to do: the report is best effort.
  }
}
