import type { GoodBadStatus, StatusCounts, ToolProduct } from '@eqms/contract';
import type { EChartsOption } from 'echarts';

// The widgets' figures and charts as pure functions (testable without a canvas): number texts, and the ECharts options
// of the bar charts. `t` is the widget namespace's translate function.

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Good and bad in colours that read on a light and a dark background (antd green-6 and red-5). */
export const GOOD_COLOR = '#52c41a';
export const BAD_COLOR = '#ff4d4f';
/** What a rate of none (its denominator 0) or a missing figure shows. */
export const NONE = '—';

/** A quantity: thousands separated, up to 5 decimals (as the stock screens). */
export const fmtQty = (v: number | null | undefined) =>
  v == null ? NONE : v.toLocaleString('en-US', { maximumFractionDigits: 5 });

/** A rate in percent (up to 2 places), or — when there is none. */
export const fmtPct = (v: number | null | undefined) =>
  v == null ? NONE : `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** A change in percentage points with its sign (+1.5%p, −0.3%p, 0%p), or — when there is none. */
export const fmtPts = (v: number | null | undefined) => {
  if (v == null) return NONE;
  const abs = Math.abs(v).toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${abs}%p`;
};

/** A collected value with its unit, or — when none was collected. */
export const fmtValue = (v: number | null | undefined, unit?: string | null) =>
  v == null ? NONE : `${v.toLocaleString('en-US', { maximumFractionDigits: 5 })}${unit ? ` ${unit}` : ''}`;

/** A server timestamp as the floor reads it: MM-DD HH:mm:ss (local time). */
export const fmtTime = (ts: string | null | undefined) => {
  if (!ts) return NONE;
  const d = new Date(ts);
  if (Number.isNaN(d.getTime())) return ts;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/** Stacked good/bad horizontal bars, one per category (first on top), with the quantities in the tooltip. */
export function goodBadBars(
  labels: string[],
  good: number[],
  bad: number[],
  t: T,
  opts: { fontSize?: number } = {},
): EChartsOption {
  const fontSize = opts.fontSize ?? 12;
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, textStyle: { fontSize } },
    legend: { top: 0, textStyle: { fontSize } },
    grid: { left: 8, right: 24, top: fontSize * 3, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize } },
    yAxis: {
      type: 'category',
      data: labels,
      inverse: true,
      axisLabel: { fontSize, width: 240, overflow: 'truncate', interval: 0 },
    },
    series: [
      {
        type: 'bar',
        name: t('fields.good'),
        stack: 'qty',
        color: GOOD_COLOR,
        data: good,
        barMaxWidth: fontSize * 3,
      },
      {
        type: 'bar',
        name: t('fields.bad'),
        stack: 'qty',
        color: BAD_COLOR,
        data: bad,
        barMaxWidth: fontSize * 3,
      },
    ],
  };
}

/** A bar chart's height for its rows (each bar readable, every label shown), at least `min`. */
export const barsHeight = (rows: number, min = 200, perRow = 28) => Math.max(min, 64 + rows * perRow);

/** Category of a good/bad row: the line and its tool (or "no tool"). */
export const goodBadLabel = (r: GoodBadStatus['rows'][number], t: T) => `${r.lineName} · ${r.toolName ?? t('noTool')}`;

/** good-bad-status: a stacked bar per line and tool. */
export function goodBadOption(data: GoodBadStatus, t: T, opts: { fontSize?: number } = {}): EChartsOption {
  return goodBadBars(
    data.rows.map((r) => goodBadLabel(r, t)),
    data.rows.map((r) => r.goodQty),
    data.rows.map((r) => r.badQty),
    t,
    opts,
  );
}

/** tool-product: a stacked bar per tool of the period. */
export function toolProductOption(data: ToolProduct, t: T): EChartsOption {
  return goodBadBars(
    data.tools.map((x) => `${x.toolCode} ${x.toolName}`),
    data.tools.map((x) => x.goodQty),
    data.tools.map((x) => x.badQty),
    t,
  );
}

/** Work statuses in their order (SPEC §4) with colours readable in both themes (antd blue-5, orange-5, green-6). */
export const STATUS_KEYS = ['PLAN_COMPLETED', 'WORKING', 'WORK_COMPLETED'] as const;
export const STATUS_HEX: Record<(typeof STATUS_KEYS)[number], string> = {
  PLAN_COMPLETED: '#4096ff',
  WORKING: '#ffa940',
  WORK_COMPLETED: '#52c41a',
};
export const STATUS_TAG: Record<(typeof STATUS_KEYS)[number], string> = {
  PLAN_COMPLETED: 'blue',
  WORKING: 'orange',
  WORK_COMPLETED: 'green',
};

/** production-plan-status: per line, the plans by status as stacked bars. */
export function linePlanOption(lines: { lineName: string; counts: StatusCounts }[], t: T): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: lines.map((l) => l.lineName), inverse: true },
    series: STATUS_KEYS.map((k) => ({
      type: 'bar' as const,
      name: t(`status.${k}`),
      stack: 'plans',
      color: STATUS_HEX[k],
      data: lines.map((l) => l.counts[k]),
      barMaxWidth: 36,
    })),
  };
}

/** Two periods' rates side by side (previous, current), a rate of none a gap. */
export function comparisonOption(labels: [string, string], values: [number | null, number | null], name: string) {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => fmtPct(typeof v === 'number' ? v : null) },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
    series: [
      {
        type: 'bar',
        name,
        data: [
          { value: values[0], itemStyle: { color: '#8c8c8c' } },
          { value: values[1], itemStyle: { color: '#4096ff' } },
        ],
        barMaxWidth: 48,
        label: { show: true, position: 'top', formatter: (p: { value: unknown }) => fmtPct(p.value as number | null) },
      },
    ],
  } satisfies EChartsOption;
}
