import { describe, expect, it, vi } from 'vitest';
import { CLIENT_REPORT_KINDS, REPORTS } from './reports';
import { report, reportLookupFailure } from './reports.server';

const capture = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('silent reports', () => {
  it('logs each kind once, as JSON with its event name, at its level', () => {
    const log = capture();
    report('chunk_load_failed', { reason: 'timeout', path: '/reviews' }, log);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(JSON.parse(log.warn.mock.calls[0]![0] as string)).toEqual({
      event: 'report.chunk_load_failed',
      level: 'warn',
      reason: 'timeout',
      path: '/reviews',
    });
    report('cookies_disabled', {}, log);
    expect(JSON.parse(log.info.mock.calls[0]![0] as string)).toMatchObject({ event: 'report.cookies_disabled', level: 'info' });
  });

  it('logs nothing a browser can post at the error level: anyone can post one', () => {
    for (const kind of CLIENT_REPORT_KINDS) expect(REPORTS[kind].level, kind).not.toBe('error');
  });

  it("logs a failed lookup at the lowest level and the vehicle limit ('exceeded') never, as spec §8 says", () => {
    const log = capture();
    report('lookup_failed', { code: 'vehicle_lookup_failed' }, log);
    report('lookup_exceeded', { code: 'exceeded' }, log);
    expect(log.debug).toHaveBeenCalledTimes(1);
    expect(JSON.parse(log.debug.mock.calls[0]![0] as string)).toMatchObject({
      event: 'report.lookup_failed',
      code: 'vehicle_lookup_failed',
    });
    expect([log.info, log.warn, log.error].every((method) => method.mock.calls.length === 0)).toBe(true);
    expect(REPORTS.lookup_exceeded.level).toBeNull();
  });

  it('reports a lookup answered without a vehicle by its code, except the vehicle limit', () => {
    const log = capture();
    reportLookupFailure('exceeded', log);
    reportLookupFailure('invalid_vrm', log);
    expect(log.debug.mock.calls.map(([line]) => JSON.parse(line as string))).toEqual([
      { event: 'report.lookup_failed', level: 'debug', code: 'invalid_vrm' },
    ]);
  });

  it('takes from the browser only the kinds the browser reports', () => {
    for (const kind of CLIENT_REPORT_KINDS) expect(REPORTS[kind].from).toBe('browser');
    expect(
      Object.entries(REPORTS)
        .filter(([, r]) => r.from === 'browser')
        .map(([kind]) => kind)
        .sort(),
    ).toEqual([...CLIENT_REPORT_KINDS].sort());
  });
});
