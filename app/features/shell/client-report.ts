/** What the browser reports silently (docs/behaviour/errors.md#catalogue): problems a seller would not tell us about. */
export const CLIENT_REPORT_KINDS = ['cookies_disabled', 'chat_login_failed', 'widget_load_failed', 'chunk_load_failed'] as const;
export type ClientReportKind = (typeof CLIENT_REPORT_KINDS)[number];

/** Fire and forget: a report must never get in the seller's way. */
export function reportToServer(kind: ClientReportKind): void {
  try {
    const body = new URLSearchParams({ kind });
    void fetch('/api/client-report', { method: 'POST', body, keepalive: true }).catch(() => undefined);
  } catch {
    // Nothing to do: the report is best effort.
  }
}
