import { TREND_WIDTH } from '@eqms/contract';

// The trend and correlation screens' pure rules: quick periods, the pixel width the server downsamples to, the y-axis
// of each unit, the zoom window of a dataZoom event and the regression line's ends. Tested in trend-rules.test.ts.

const HOUR_MS = 3_600_000;

/** Quick periods, ending now. */
export const TREND_QUICK_RANGES = [
  { key: '1h', ms: HOUR_MS },
  { key: '8h', ms: 8 * HOUR_MS },
  { key: '24h', ms: 24 * HOUR_MS },
  { key: '7d', ms: 7 * 24 * HOUR_MS },
] as const;
export const CORRELATION_QUICK_RANGES = [
  { key: '1h', ms: HOUR_MS },
  { key: '8h', ms: 8 * HOUR_MS },
  { key: '24h', ms: 24 * HOUR_MS },
  { key: '2d', ms: 2 * 24 * HOUR_MS },
] as const;
export const DEFAULT_PERIOD_MS = 24 * HOUR_MS;

export type Period = { from: number; to: number };

/** The last `ms` up to `now`, on whole seconds (the URL and the query key stay short and stable). */
export function lastPeriod(ms: number, now = Date.now()): Period {
  const to = Math.ceil(now / 1000) * 1000;
  return { from: to - ms, to };
}

/** A period from the URL's ISO texts; undefined when either is missing or unreadable. */
export function parsePeriod(from: string | undefined, to: string | undefined): Period | undefined {
  if (!from || !to) return undefined;
  const f = Date.parse(from);
  const t = Date.parse(to);
  return Number.isFinite(f) && Number.isFinite(t) ? { from: f, to: t } : undefined;
}

/** ISO 8601 with the browser's offset ('2026-05-01T09:00:00+09:00'): what the contract's startDt/endDt take. */
export function isoWithOffset(ms: number): string {
  const d = new Date(ms);
  const off = -d.getTimezoneOffset();
  const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
  const local = new Date(ms + off * 60_000).toISOString().slice(0, 19);
  return `${local}${off >= 0 ? '+' : '-'}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
}

/** The width the server downsamples to: the plot's pixels (M4 keeps every pixel's first, last, min and max). */
export function plotWidth(containerPx: number, marginPx: number): number {
  const w = Math.round(containerPx - marginPx);
  return Math.min(TREND_WIDTH.max, Math.max(TREND_WIDTH.min, w));
}

/** At most this many y-axes (left, right, right with an offset); a parameter with a further unit is refused. */
export const MAX_UNIT_AXES = 3;

/** The distinct units of the parameters in order of first appearance; no unit is a unit of its own (''). */
export function unitsOf(units: (string | null)[]): string[] {
  return [...new Set(units.map((u) => u ?? ''))];
}

/** Whether a parameter of `unit` can join the chosen ones without a fourth y-axis. */
export function unitFits(chosenUnits: (string | null)[], unit: string | null): boolean {
  const units = unitsOf(chosenUnits);
  return units.includes(unit ?? '') || units.length < MAX_UNIT_AXES;
}

/** Each series' y-axis: one per unit, in order of first appearance, capped at MAX_UNIT_AXES (the last takes the rest). */
export function axisIndexes(units: (string | null)[]): number[] {
  const order = unitsOf(units);
  return units.map((u) => Math.min(order.indexOf(u ?? ''), MAX_UNIT_AXES - 1));
}

/**
 * The window a dataZoom event leaves on an axis spanning `period`: the slider's event carries start/end percent, the
 * inside zoom's a batch of them; startValue/endValue win when given. Whole seconds; undefined for an event without
 * a window. The whole period back (0–100 %) is the period itself.
 */
export function zoomWindow(params: unknown, period: Period): Period | undefined {
  type Z = { start?: number; end?: number; startValue?: number; endValue?: number };
  const p = params as Z & { batch?: Z[] };
  const z = p.batch?.[0] ?? p;
  const span = period.to - period.from;
  const from =
    typeof z.startValue === 'number'
      ? z.startValue
      : typeof z.start === 'number'
        ? period.from + (span * z.start) / 100
        : undefined;
  const to =
    typeof z.endValue === 'number'
      ? z.endValue
      : typeof z.end === 'number'
        ? period.from + (span * z.end) / 100
        : undefined;
  if (from === undefined || to === undefined) return undefined;
  const w = {
    from: Math.max(period.from, Math.floor(from / 1000) * 1000),
    to: Math.min(period.to, Math.ceil(to / 1000) * 1000),
  };
  if (w.to - w.from < 1000) return undefined;
  return w.from <= period.from && w.to >= period.to ? period : w;
}

/** The regression line y = slope · x + intercept across the pairs' x range, or null without a line. */
export function regressionEnds(
  xs: number[],
  slope: number | null,
  intercept: number | null,
): [[number, number], [number, number]] | null {
  if (slope === null || intercept === null || xs.length < 2) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const x of xs) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return [
    [min, slope * min + intercept],
    [max, slope * max + intercept],
  ];
}

/** A statistic for the screen: up to 4 significant decimals, '—' for none. */
export function fmtStat(v: number | null, digits = 4): string {
  if (v === null || !Number.isFinite(v)) return '—';
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(v);
}
