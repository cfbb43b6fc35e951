import { describe, expect, it } from 'vitest';
import type { TrackerValuation } from '../../../contract/trackers';
import { TRACKER_LIMIT_SIGNED_IN, TRACKER_LIMIT_VISITOR } from '../../../contract/trackers';
import {
  chartGeometry,
  DEFAULT_TRACKER_RANGE,
  depreciation,
  niceStep,
  parseRange,
  TRACKER_RANGES,
  valuationsInRange,
} from './tracker-chart';

/** 60 monthly valuations ending 2026-11, losing £100 a month from £16,000. */
function history(count = 60): TrackerValuation[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(2026, 10 - (count - 1 - i), 1));
    const price = 16_000 - 100 * i;
    return {
      month: d.toISOString().slice(0, 7),
      valuedAt: d.toISOString(),
      mileage: 1000 * i,
      price,
      low: price - 500,
      high: price + 500,
      source: 'derived',
    };
  });
}

describe('tracker ranges', () => {
  it('are the docs/behaviour/tools.md#tracker-ranges set, 2Y by default, ALL meaning every month', () => {
    expect(TRACKER_RANGES.map((r) => `${r.key}:${r.months}`)).toEqual(['3M:3', '6M:6', '1Y:12', '2Y:24', 'ALL:0']);
    expect(DEFAULT_TRACKER_RANGE).toBe('2Y');
    expect(parseRange(null)).toBe('2Y');
    expect(parseRange('1y')).toBe('1Y');
    expect(parseRange('5Y')).toBe('2Y');
  });

  it('show the latest month and the months before it', () => {
    const all = history();
    expect(valuationsInRange(all, '3M').map((v) => v.month)).toEqual(['2026-08', '2026-09', '2026-10', '2026-11']);
    expect(valuationsInRange(all, '1Y')).toHaveLength(13);
    expect(valuationsInRange(all, '2Y')).toHaveLength(25);
    expect(valuationsInRange(all, 'ALL')).toHaveLength(60);
    // A car tracked for two months shows just those, whatever the range.
    expect(valuationsInRange(history(2), '2Y')).toHaveLength(2);
  });

  it('give the depreciation over the range in pounds and per cent of its first value', () => {
    const shown = valuationsInRange(history(), '1Y');
    // 12 months at £100 a month, from £11,300 to £10,100.
    expect(depreciation(shown)).toEqual({ pounds: 1200, percent: 10.6 });
    expect(depreciation(shown.slice(-1))).toBeNull();
  });
});

describe('tracker limits', () => {
  it('are 10 for a signed-in seller and 3 for a visitor', () => {
    expect(TRACKER_LIMIT_SIGNED_IN).toBe(10);
    expect(TRACKER_LIMIT_VISITOR).toBe(3);
  });
});

describe('chart scaling', () => {
  it('picks round tick steps', () => {
    expect(niceStep(0)).toBe(10);
    expect(niceStep(333)).toBe(500);
    expect(niceStep(1_100)).toBe(2_000);
    expect(niceStep(2_100)).toBe(2_500);
  });

  it('puts the highest price at the top tick and the lowest at the bottom one, months left to right', () => {
    const g = chartGeometry([
      { month: '2026-09', price: 10_000 },
      { month: '2026-10', price: 9_500 },
      { month: '2026-11', price: 9_000 },
    ]);
    expect(g.yTicks.map((t) => t.value)).toEqual([9_000, 9_500, 10_000]);
    expect(g.points[0]).toMatchObject({ x: g.plot.left, y: g.plot.top });
    expect(g.points[2]).toMatchObject({ x: g.plot.right, y: g.plot.bottom });
    expect(g.points[1]!.y).toBeCloseTo((g.plot.top + g.plot.bottom) / 2, 1);
    expect(g.line).toBe(`M${g.plot.left} ${g.plot.top} L${g.points[1]!.x} ${g.points[1]!.y} L${g.plot.right} ${g.plot.bottom}`);
  });

  it('draws a flat value in the middle of a band, not on an edge', () => {
    const g = chartGeometry([
      { month: '2026-10', price: 7_500 },
      { month: '2026-11', price: 7_500 },
    ]);
    expect(g.points[0]!.y).toBeGreaterThan(g.plot.top);
    expect(g.points[0]!.y).toBeLessThan(g.plot.bottom);
  });

  it('labels at most a handful of months, always the latest', () => {
    const g = chartGeometry(history(25));
    expect(g.xLabels.length).toBeLessThanOrEqual(5);
    expect(g.xLabels.at(-1)!.month).toBe('2026-11');
  });
});
