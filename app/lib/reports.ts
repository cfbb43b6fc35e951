/**
 * The silent reports (spec §8, docs/reporting.md): failures recorded for the team and never shown
 * to the seller beyond what the page already says. This table is the one place that says which
 * failures are reported, where from, and at which level; `null` is a failure the spec says is never
 * reported. Each kind is one event in the Workers logs, `report.{kind}`, written at its level
 * (the console method: Workers Logs keeps it as the line's level).
 */
export type ReportLevel = 'debug' | 'info' | 'warn' | 'error';

export const REPORTS = {
  /**
   * The page's code could not be fetched, or had not arrived 120 s after the page (a chunk). A
   * warning, not an error: anyone can post a browser's report, so none may raise the error level.
   */
  chunk_load_failed: { level: 'warn', from: 'browser' },
  /** The chat opened, but without the seller's account (its login failed). */
  chat_login_failed: { level: 'warn', from: 'browser' },
  /** The chat widget's script could not be loaded. */
  widget_load_failed: { level: 'warn', from: 'browser' },
  /** The browser refuses cookies: sign-in and the journey cannot keep their state. */
  cookies_disabled: { level: 'info', from: 'browser' },
  /** A lookup found no vehicle for the registration (or refused it): at a low level, as the spec says. */
  lookup_failed: { level: 'debug', from: 'server' },
  /** The account's vehicle limit: an answer the seller acts on, never reported (spec §8). */
  lookup_exceeded: { level: null, from: 'server' },
} as const satisfies Record<string, { level: ReportLevel | null; from: 'browser' | 'server' }>;

export type ReportKind = keyof typeof REPORTS;

/** The kinds the browser posts to /api/client-report; nothing else is taken from it. */
export const CLIENT_REPORT_KINDS = [
  'chunk_load_failed',
  'chat_login_failed',
  'widget_load_failed',
  'cookies_disabled',
] as const satisfies readonly {
  [K in ReportKind]: (typeof REPORTS)[K]['from'] extends 'browser' ? K : never;
}[ReportKind][];
export type ClientReportKind = (typeof CLIENT_REPORT_KINDS)[number];

/** What a chunk report says of how the code failed: it errored, or it had not arrived in time. */
export const CHUNK_FAILURE_REASONS = ['error', 'timeout'] as const;

/** docs/behaviour/constants.md#shell-constants: how long the page's code may take to arrive. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The event name of a kind in the logs. */
export const reportEvent = (kind: ReportKind) => `report.${kind}`;
