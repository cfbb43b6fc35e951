import { REPORTS, reportEvent, type ReportKind } from './reports';

type Console = Pick<typeof console, 'debug' | 'info' | 'warn' | 'error'>;

/**
 * Logs one silent report as structured JSON at its kind's level (reports.ts), or nothing for a
 * kind that is never reported. Details are the caller's: never personal data.
 */
export function report(kind: ReportKind, details: Record<string, string | number | null> = {}, log: Console = console): void {
  const { level } = REPORTS[kind];
  if (!level) return;
  log[level](JSON.stringify({ event: reportEvent(kind), level, ...details }));
}

/**
 * A lookup the platform answered without a vehicle (its code says why: not found, not a valid
 * registration…): reported at the lowest level; the account's vehicle limit (`exceeded`) never
 * (spec §8). A lookup the platform failed to answer is logged as a failure instead (failures.server.ts).
 */
export function reportLookupFailure(code: string, log: Console = console): void {
  report(code === 'exceeded' ? 'lookup_exceeded' : 'lookup_failed', { code }, log);
}
