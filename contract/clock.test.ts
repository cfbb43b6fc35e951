import { describe, expect, it } from 'vitest';
import { clockChange, configuredOffset, createClock } from './clock';

describe('the clock', () => {
  it('runs with real time, from wherever it was set or moved to', () => {
    let real = Date.parse('2026-11-25T10:00:00Z');
    const clock = createClock(() => real);
    expect(clock.now().toISOString()).toBe('2026-11-25T10:00:00.000Z');
    clock.setTo(Date.parse('2026-12-31T23:59:00Z'));
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2027-01-01T00:00:30.000Z');
    clock.advance(48 * 3_600_000);
    expect(clock.nowMs()).toBe(Date.parse('2027-01-03T00:00:30Z'));
    expect(clock.offsetMs()).toBe(Date.parse('2027-01-03T00:00:30Z') - real);
    clock.setOffset(0);
    expect(clock.nowMs()).toBe(real);
  });

  it('reads its offset from configuration, and refuses any but 0 in production', () => {
    expect(configuredOffset(undefined, false)).toBe(0);
    expect(configuredOffset('', true)).toBe(0);
    expect(configuredOffset('-3600000', false)).toBe(-3_600_000);
    expect(configuredOffset('0', true)).toBe(0);
    expect(() => configuredOffset('3600000', true)).toThrow(/production/);
    expect(() => configuredOffset('soon', false)).toThrow(/whole number/);
    expect(() => configuredOffset(String(200 * 366 * 86_400_000), false)).toThrow(/whole number/);
  });

  it('takes a change as an instant or as an amount to move on, and nothing else', () => {
    expect(clockChange({ at: '2026-12-31T23:00:00Z' })).toEqual({ at: Date.parse('2026-12-31T23:00:00Z') });
    expect(clockChange({ advanceMs: 5_000 })).toEqual({ advanceMs: 5_000 });
    expect(clockChange({ at: 'tomorrow' })).toBeNull();
    expect(clockChange({ advanceMs: 1.5 })).toBeNull();
    expect(clockChange('{"advanceMs":1}')).toBeNull();
    expect(clockChange(null)).toBeNull();
  });
});
