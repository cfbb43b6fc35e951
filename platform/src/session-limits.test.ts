import { describe, expect, it } from 'vitest';
import { lastSeenIsStale, sessionEnded, SESSION_ABSOLUTE_LIMIT_MS, SESSION_IDLE_LIMIT_MS } from './session-limits';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.parse('2026-03-01T09:00:00.000Z');
const at = (ms: number) => new Date(start + ms).toISOString();

describe('session limits', () => {
  it('are 30 days from sign-in and 7 days without use', () => {
    expect(SESSION_ABSOLUTE_LIMIT_MS).toBe(30 * DAY);
    expect(SESSION_IDLE_LIMIT_MS).toBe(7 * DAY);
  });

  it('keep a session alive while it is used within 7 days', () => {
    const row = { created_at: at(0), last_seen_at: at(0) };
    expect(sessionEnded(row, start + 7 * DAY - 1)).toBeNull();
    expect(sessionEnded({ ...row, last_seen_at: at(6 * DAY) }, start + 12 * DAY)).toBeNull();
  });

  it('end a session 7 days after it was last used', () => {
    expect(sessionEnded({ created_at: at(0), last_seen_at: at(0) }, start + 7 * DAY)).toBe('idle');
    expect(sessionEnded({ created_at: at(0), last_seen_at: at(10 * DAY) }, start + 18 * DAY)).toBe('idle');
  });

  it('end a session 30 days after sign-in however recently it was used', () => {
    const row = { created_at: at(0), last_seen_at: at(30 * DAY - HOUR) };
    expect(sessionEnded(row, start + 30 * DAY - 1)).toBeNull();
    expect(sessionEnded(row, start + 30 * DAY)).toBe('absolute');
  });

  it('count a session never seen since it started from its start', () => {
    expect(sessionEnded({ created_at: at(0), last_seen_at: null }, start + 6 * DAY)).toBeNull();
    expect(sessionEnded({ created_at: at(0), last_seen_at: null }, start + 8 * DAY)).toBe('idle');
  });

  it('treat a session backdated years as ended', () => {
    expect(sessionEnded({ created_at: '2020-01-01T00:00:00.000Z', last_seen_at: at(0) }, start)).toBe('absolute');
  });

  it('write down a use at most once an hour', () => {
    const row = { created_at: at(0), last_seen_at: at(0) };
    expect(lastSeenIsStale(row, start + 59 * 60_000)).toBe(false);
    expect(lastSeenIsStale(row, start + HOUR)).toBe(true);
    expect(lastSeenIsStale({ created_at: at(0), last_seen_at: null }, start + 2 * HOUR)).toBe(true);
  });
});
