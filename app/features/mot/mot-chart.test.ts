import { describe, expect, it } from 'vitest';
import type { MileageReading } from '../../../contract/mot';
import { mileageChart, niceStep, shortMiles } from './mot-chart';

const reading = (date: string, miles: number, dropped = false): MileageReading => ({ date, value: miles, unit: 'MI', miles, dropped });

describe('the mileage chart', () => {
  it('picks round steps for the miles axis', () => {
    expect(niceStep(57_029)).toBe(20_000);
    expect(niceStep(94_054)).toBe(25_000);
    expect(niceStep(8_000)).toBe(2_000);
    expect(niceStep(0)).toBe(1);
    expect(shortMiles(120_000)).toBe('120k');
    expect(shortMiles(2_500)).toBe('2.5k');
    expect(shortMiles(800)).toBe('800');
  });

  it('runs miles from zero to a round number above the highest reading, and time in proportion', () => {
    const chart = mileageChart([reading('2022-03-01', 20_000), reading('2023-03-01', 30_000), reading('2025-03-01', 57_029)], {
      width: 360,
      height: 220,
    });
    const { plot } = chart;
    expect(chart.yTicks.map((t) => t.value)).toEqual([0, 20_000, 40_000, 60_000]);
    expect(chart.yTicks[0]!.y).toBe(plot.bottom);
    expect(chart.yTicks.at(-1)!.y).toBe(plot.top);
    const [a, b, c] = chart.points;
    expect(a!.x).toBe(plot.left);
    expect(c!.x).toBe(plot.right);
    // A year is about a third of the three years shown.
    expect((b!.x - a!.x) / (c!.x - a!.x)).toBeCloseTo(365 / 1096, 2);
    // 57,029 of 60,000 miles: just below the top.
    expect(c!.y).toBeCloseTo(plot.bottom - (57_029 / 60_000) * (plot.bottom - plot.top), 0);
    expect(chart.line.split(' ')).toHaveLength(3);
  });

  it('draws a reading that went down lower than the one before it, never hiding the drop', () => {
    const chart = mileageChart([reading('2020-01-10', 63_231), reading('2021-01-10', 42_231, true)]);
    expect(chart.points[1]!.y).toBeGreaterThan(chart.points[0]!.y);
    expect(chart.points[1]!.reading.dropped).toBe(true);
  });

  it('puts a single reading in the middle, with its year', () => {
    const chart = mileageChart([reading('2024-12-01', 17_337)]);
    expect(chart.points[0]!.x).toBe((chart.plot.left + chart.plot.right) / 2);
    expect(chart.xTicks).toEqual([{ label: '2024', x: chart.points[0]!.x }]);
  });

  it('labels at most six years, however long the history', () => {
    const readings = Array.from({ length: 20 }, (_, i) => reading(`${2005 + i}-06-12`, 59_000 + i * 1_300));
    const chart = mileageChart(readings);
    expect(chart.xTicks.length).toBeLessThanOrEqual(6);
    const xs = chart.xTicks.map((t) => t.x);
    expect([...xs].sort((p, q) => p - q)).toEqual(xs);
    for (const t of chart.xTicks) expect(t.x).toBeGreaterThanOrEqual(chart.plot.left);
  });
});
