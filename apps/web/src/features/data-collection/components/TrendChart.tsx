import type { TrendSeries } from '@eqms/contract';
import { Skeleton, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartHandler } from '../../../components/EChart.tsx';
import { DATA_COLLECTION_NS } from '../data-collection.locales.ts';
import { axisIndexes, fmtStat, type Period, unitsOf, zoomWindow } from '../trend-rules.ts';
import { useDataCharts } from './use-data-charts.ts';

/** Line colours; red is kept for out-of-limit points. */
export const SERIES_COLORS = ['#1677ff', '#13a8a8', '#fa8c16', '#722ed1', '#52c41a', '#eb2f96', '#2f54eb', '#a0d911'];
/** Room left and right of the plot: the y-axes' labels (the third axis sits further out on the right). */
export const GRID_LEFT = 64;
export const gridRight = (axes: number) => (axes >= 3 ? 128 : axes === 2 ? 64 : 24);
export const CHART_HEIGHT = 420;

/** An axis' extent widened to its series' limits (5 % room beyond), or the data's own extent without limits. */
function limitRange(onAxis: TrendSeries[]) {
  const limits = onAxis.flatMap((s) => [s.lowerLimit, s.upperLimit]).filter((v): v is number => v !== null);
  if (!limits.length) return {};
  const lo = Math.min(...limits);
  const hi = Math.max(...limits);
  const pad = (a: number, b: number) => (b - a || Math.abs(b) || 1) * 0.05;
  return {
    min: (v: { min: number; max: number }) => {
      const a = Math.min(v.min, lo);
      return a - pad(a, Math.max(v.max, hi));
    },
    max: (v: { min: number; max: number }) => {
      const b = Math.max(v.max, hi);
      return b + pad(Math.min(v.min, lo), b);
    },
  };
}

const timeText = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/**
 * The trend: each parameter a line of its M4 points on the y-axis of its unit (one axis per unit, at most three),
 * its limits as dashed lines in its colour, its out-of-limit points in red (a scatter series of the same name, so the
 * legend shows and hides both). Zoom (wheel or drag inside, the slider below) reports the new window; the page asks
 * the server for that window at the same width, so a zoom shows the raw detail, not a stretched overview.
 */
export function TrendChart({
  series,
  period,
  window: view,
  onZoom,
  busy,
}: {
  series: TrendSeries[];
  period: Period;
  window: Period;
  onZoom: (w: Period) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const { token } = theme.useToken();
  const ready = useDataCharts();
  const units = useMemo(() => unitsOf(series.map((s) => s.unit)), [series]);
  const axisOf = useMemo(() => axisIndexes(series.map((s) => s.unit)), [series]);

  const option = useMemo<EChartsOption>(() => {
    const name = (s: TrendSeries) => `${s.parameterName} (${s.toolCode})`;
    const limitLine = (value: number, label: string, color: string) => ({
      yAxis: value,
      label: { formatter: `${label} ${fmtStat(value, 5)}`, color, position: 'insideEndTop' as const, fontSize: 11 },
      lineStyle: { color, type: 'dashed' as const, width: 1 },
    });
    return {
      textStyle: { fontFamily: token.fontFamily },
      tooltip: {
        trigger: 'axis',
        confine: true,
        axisPointer: { type: 'line' },
        valueFormatter: (v) => fmtStat(Number(v), 5),
      },
      legend: { top: 0, type: 'scroll', textStyle: { color: token.colorText } },
      grid: { left: GRID_LEFT, right: gridRight(units.length), top: 48, bottom: 72 },
      xAxis: {
        type: 'time',
        min: period.from,
        max: period.to,
        axisLabel: { color: token.colorTextSecondary, hideOverlap: true },
        axisPointer: { label: { formatter: (p) => timeText(Number(p.value)) } },
      },
      yAxis: units.map((unit, i) => ({
        type: 'value',
        // The limits stay in view even when every value is well inside them.
        ...limitRange(series.filter((_, k) => axisOf[k] === i)),
        name: unit || t('chart.noUnit'),
        nameTextStyle: { color: token.colorTextSecondary },
        position: i === 0 ? 'left' : 'right',
        offset: i === 2 ? 64 : 0,
        scale: true,
        axisLine: { show: true, lineStyle: { color: token.colorBorder } },
        // The widened ends are not round numbers: only the ticks inside are labelled.
        axisLabel: { color: token.colorTextSecondary, showMinLabel: false, showMaxLabel: false },
        splitLine: { show: i === 0, lineStyle: { color: token.colorBorderSecondary } },
      })),
      dataZoom: [
        {
          type: 'inside',
          xAxisIndex: 0,
          filterMode: 'none',
          startValue: view.from,
          endValue: view.to,
          minValueSpan: 60_000,
        },
        {
          type: 'slider',
          xAxisIndex: 0,
          filterMode: 'none',
          startValue: view.from,
          endValue: view.to,
          minValueSpan: 60_000,
          height: 22,
          bottom: 12,
          labelFormatter: (v: number) => timeText(v).slice(5, 16),
          textStyle: { color: token.colorTextSecondary },
        },
      ],
      series: series.flatMap((s, i) => {
        const color = SERIES_COLORS[i % SERIES_COLORS.length];
        const limits = [
          ...(s.lowerLimit !== null ? [limitLine(s.lowerLimit, t('chart.lower'), color)] : []),
          ...(s.upperLimit !== null ? [limitLine(s.upperLimit, t('chart.upper'), color)] : []),
        ];
        return [
          {
            type: 'line' as const,
            name: name(s),
            yAxisIndex: axisOf[i],
            data: s.points,
            showSymbol: false,
            // No sampling: the points are already M4 of the plot's pixels (per pixel its first, last, minimum and
            // maximum), which draws exactly what the raw rows would; LTTB on top would drop the spikes.
            lineStyle: { width: 1.4, color },
            itemStyle: { color },
            emphasis: { disabled: true },
            markLine: limits.length ? { silent: true, symbol: 'none', data: limits } : undefined,
          },
          {
            type: 'scatter' as const,
            name: name(s),
            yAxisIndex: axisOf[i],
            data: s.outOfLimit,
            symbolSize: 7,
            itemStyle: { color: token.colorError, borderColor: token.colorBgContainer, borderWidth: 1 },
            z: 5,
            tooltip: { valueFormatter: (v: unknown) => `${fmtStat(Number(v), 5)} (${t('chart.outOfLimit')})` },
          },
        ];
      }),
    } as EChartsOption;
  }, [series, period, view, units, axisOf, token, t]);

  const onEvents = useMemo<Record<string, EChartHandler>>(
    () => ({
      datazoom: (params) => {
        const w = zoomWindow(params, period);
        if (w) onZoom(w);
      },
    }),
    [period, onZoom],
  );

  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} title={false} />;
  return (
    <div
      data-testid="trend-chart-box"
      data-series={series.length}
      data-axes={units.length}
      data-from={view.from}
      data-to={view.to}
      aria-busy={busy}
      style={{ opacity: busy ? 0.75 : 1, transition: 'opacity 0.2s' }}
    >
      <EChart option={option} height={CHART_HEIGHT} testId="trend-chart" onEvents={onEvents} />
    </div>
  );
}
