import type { TrackerValuation } from '../../../contract/trackers';

/** Tracker valuation time ranges (docs/behaviour/tools.md#tracker-ranges): 3M, 6M, 1Y, 2Y (default), ALL (0 months: everything kept). */
export const TRACKER_RANGES = [
  { key: '3M', months: 3, label: '3 months' },
  { key: '6M', months: 6, label: '6 months' },
  { key: '1Y', months: 12, label: '1 year' },
  { key: '2Y', months: 24, label: '2 years' },
  { key: 'ALL', months: 0, label: 'every month' },
] as const;

export type TrackerRangeKey = (typeof TRACKER_RANGES)[number]['key'];
export const DEFAULT_TRACKER_RANGE: TrackerRangeKey = '2Y';

/** The range a query parameter names, in any case; anything else is the default. */
export function parseRange(value: string | null | undefined): TrackerRangeKey {
  const upper = (value ?? '').toUpperCase();
  return TRACKER_RANGES.find((r) => r.key === upper)?.key ?? DEFAULT_TRACKER_RANGE;
}

function monthIndex(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return y! * 12 + (m! - 1);
}

/** The valuations a range shows: the latest month and the `months` before it (ALL: every one). */
export function valuationsInRange(valuations: readonly TrackerValuation[], range: TrackerRangeKey): TrackerValuation[] {
  const sorted = [...valuations].sort((a, b) => a.month.localeCompare(b.month));
  const months = TRACKER_RANGES.find((r) => r.key === range)!.months;
  if (months === 0 || sorted.length === 0) return sorted;
  const from = monthIndex(sorted[sorted.length - 1]!.month) - months;
  return sorted.filter((v) => monthIndex(v.month) >= from);
}

/** What the car has lost over the valuations shown (negative when it gained), in pounds and per cent of the first. */
export function depreciation(valuations: readonly TrackerValuation[]): { pounds: number; percent: number } | null {
  if (valuations.length < 2) return null;
  const first = valuations[0]!.price;
  const last = valuations[valuations.length - 1]!.price;
  const pounds = first - last;
  return { pounds, percent: first > 0 ? Math.round((pounds / first) * 1000) / 10 : 0 };
}

/** A tick step of 1, 2, 2.5 or 5 times a power of ten, at least `raw` (and at least £10). */
export function niceStep(raw: number): number {
  if (!(raw > 10)) return 10;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  points: { x: number; y: number; price: number; month: string }[];
  line: string;
  area: string;
  yTicks: { value: number; y: number }[];
  xLabels: { x: number; month: string }[];
}

/**
 * The chart's geometry in SVG units: prices scaled between round tick values (about four), months
 * evenly spaced left to right, and a few month labels that never crowd.
 */
export function chartGeometry(valuations: readonly { month: string; price: number }[], width = 360, height = 200): ChartGeometry {
  const plot = { left: 56, right: width - 12, top: 12, bottom: height - 28 };
  const prices = valuations.map((v) => v.price);
  const min = prices.length ? Math.min(...prices) : 0;
  const max = prices.length ? Math.max(...prices) : 0;
  const step = niceStep((max - min) / 3);
  let low = Math.floor(min / step) * step;
  let high = Math.ceil(max / step) * step;
  if (high === low) {
    low = Math.max(0, low - step);
    high += step;
  }
  const y = (price: number) => plot.bottom - ((price - low) / (high - low)) * (plot.bottom - plot.top);
  const span = Math.max(1, valuations.length - 1);
  const x = (i: number) => (valuations.length === 1 ? (plot.left + plot.right) / 2 : plot.left + (i / span) * (plot.right - plot.left));
  const points = valuations.map((v, i) => ({ x: round(x(i)), y: round(y(v.price)), price: v.price, month: v.month }));
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' ');
  const area = points.length ? `${line} L${points[points.length - 1]!.x} ${plot.bottom} L${points[0]!.x} ${plot.bottom} Z` : '';
  const yTicks: ChartGeometry['yTicks'] = [];
  for (let value = low; value <= high + step / 2; value += step) yTicks.push({ value, y: round(y(value)) });
  const labelEvery = Math.max(1, Math.ceil(valuations.length / 4));
  const xLabels = points.filter((_, i) => (valuations.length - 1 - i) % labelEvery === 0).map((p) => ({ x: p.x, month: p.month }));
  return { width, height, plot, points, line, area, yTicks, xLabels };
}

const round = (n: number) => Math.round(n * 10) / 10;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2026-11 → 'Nov 26' (axis); with long: 'November 2026'. */
export function monthLabel(month: string, long = false): string {
  const [y, m] = month.split('-').map(Number);
  if (long) return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${MONTHS[m! - 1]} ${String(y).slice(2)}`;
}
