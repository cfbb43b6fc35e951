import type { MileageReading } from '../../../contract/mot';

/**
 * The mileage-over-time chart, worked out on the server: the page draws it as plain SVG, so it
 * needs no script and no chart library. Time runs left to right in proportion to the dates; miles
 * run from zero up to a round number above the highest reading, so a drop is never exaggerated.
 */
export interface ChartPoint {
  x: number;
  y: number;
  reading: MileageReading;
}

export interface MileageChart {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  points: ChartPoint[];
  /** The polyline through the points, oldest first. */
  line: string;
  yTicks: { value: number; y: number; label: string }[];
  xTicks: { label: string; x: number }[];
}

/** A round step (1, 2, 2.5 or 5 × 10ⁿ) that splits `max` into at most `count` parts. */
export function niceStep(max: number, count = 4): number {
  if (max <= 0) return 1;
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * magnitude >= raw) return factor * magnitude;
  return 10 * magnitude;
}

/** 120,000 → '120k', 2,500 → '2.5k', 800 → '800'. */
export function shortMiles(value: number): string {
  if (value < 1000) return String(value);
  const thousands = value / 1000;
  return `${Number.isInteger(thousands) ? thousands : thousands.toFixed(1)}k`;
}

export function mileageChart(readings: readonly MileageReading[], { width = 360, height = 220 } = {}): MileageChart {
  const plot = { left: 44, top: 12, right: width - 16, bottom: height - 28 };
  const times = readings.map((r) => Date.parse(`${r.date}T00:00:00Z`));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const highest = Math.max(0, ...readings.map((r) => r.miles));
  const step = niceStep(highest || 1);
  const top = Math.max(step, Math.ceil(highest / step) * step);

  const x = (t: number) =>
    last === first ? (plot.left + plot.right) / 2 : plot.left + ((t - first) / (last - first)) * (plot.right - plot.left);
  const y = (miles: number) => plot.bottom - (miles / top) * (plot.bottom - plot.top);
  const round = (n: number) => Math.round(n * 10) / 10;

  const points = readings.map((reading, i) => ({ x: round(x(times[i]!)), y: round(y(reading.miles)), reading }));
  const yTicks = [];
  for (let value = 0; value <= top; value += step) yTicks.push({ value, y: round(y(value)), label: shortMiles(value) });

  // One label per year at most, and no more than six, so they never overlap on a phone.
  const xTicks: MileageChart['xTicks'] = [];
  if (readings.length) {
    const firstYear = new Date(first).getUTCFullYear();
    const lastYear = new Date(last).getUTCFullYear();
    const every = Math.max(1, Math.ceil((lastYear - firstYear + 1) / 6));
    for (let year = firstYear; year <= lastYear; year += every) {
      const at = Math.max(first, Date.UTC(year, 0, 1));
      if (last !== first && at > last) break;
      xTicks.push({ label: String(year), x: round(x(last === first ? first : at)) });
    }
  }
  return { width, height, plot, points, line: points.map((p) => `${p.x},${p.y}`).join(' '), yTicks, xTicks };
}
