import type { EChartsOption } from 'echarts';

// The KPI screens' charts as ECharts options: pure functions (bars on the left axis, rates as lines on the right).

export type Series = { name: string; values: (number | null)[] };

/** Grouped bars of quantities and, on a second axis, lines of rates; a null is a gap (a rate of none). */
export function barLineOption(labels: string[], bars: Series[], lines: Series[] = [], rateUnit = '%'): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: lines.length ? 48 : 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: labels },
    yAxis: [
      { type: 'value', minInterval: 1 },
      ...(lines.length
        ? [{ type: 'value' as const, axisLabel: { formatter: `{value}${rateUnit}` }, splitLine: { show: false } }]
        : []),
    ],
    series: [
      ...bars.map((s) => ({ type: 'bar' as const, name: s.name, data: s.values })),
      ...lines.map((s) => ({
        type: 'line' as const,
        name: s.name,
        yAxisIndex: 1,
        connectNulls: false,
        symbolSize: 7,
        data: s.values,
      })),
    ],
  };
}

/** Percent text, or the word for none (a rate whose denominator was 0). */
export const rateText = (v: number | null, none: string, unit = '%') => (v == null ? none : `${v}${unit}`);
