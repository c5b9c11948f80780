import type { Correlation } from '@eqms/contract';
import { Skeleton, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart.tsx';
import { DATA_COLLECTION_NS } from '../data-collection.locales.ts';
import { fmtStat, regressionEnds } from '../trend-rules.ts';
import { SERIES_COLORS } from './TrendChart.tsx';
import { useDataCharts } from './use-data-charts.ts';

const axisName = (p: Correlation['x']) => `${p.parameterName} (${p.toolCode})${p.unit ? ` [${p.unit}]` : ''}`;

/** The aligned pairs as a scatter (x right, y up) with the least-squares line across the pairs' x range. */
export function CorrelationScatter({ data }: { data: Correlation }) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const { token } = theme.useToken();
  const ready = useDataCharts();
  const option = useMemo<EChartsOption>(() => {
    const pairs = data.series.map(([, x, y]) => [x, y] as [number, number]);
    const line = regressionEnds(
      pairs.map((p) => p[0]),
      data.slope,
      data.intercept,
    );
    const axis = (name: string) => ({
      type: 'value' as const,
      name,
      nameLocation: 'middle' as const,
      nameGap: 36,
      scale: true,
      nameTextStyle: { color: token.colorTextSecondary },
      axisLabel: { color: token.colorTextSecondary },
      axisLine: { lineStyle: { color: token.colorBorder } },
      splitLine: { lineStyle: { color: token.colorBorderSecondary } },
    });
    return {
      textStyle: { fontFamily: token.fontFamily },
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (p: unknown) => {
          const v = (p as { value: [number, number] }).value;
          return `${axisName(data.x)}: ${fmtStat(v[0], 5)}<br/>${axisName(data.y)}: ${fmtStat(v[1], 5)}`;
        },
      },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 72, right: 24, top: 40, bottom: 56 },
      xAxis: axis(axisName(data.x)),
      yAxis: { ...axis(axisName(data.y)), nameGap: 52 },
      series: [
        {
          type: 'scatter',
          name: t('chart.pairs'),
          data: pairs,
          symbolSize: 5,
          itemStyle: { color: SERIES_COLORS[0], opacity: 0.7 },
          large: pairs.length > 2000,
        },
        ...(line
          ? [
              {
                type: 'line' as const,
                name: t('chart.regression'),
                data: line,
                showSymbol: false,
                silent: true,
                lineStyle: { color: token.colorError, width: 2 },
                itemStyle: { color: token.colorError },
              },
            ]
          : []),
      ],
    } as EChartsOption;
  }, [data, t, token]);
  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} title={false} />;
  return <EChart option={option} height={380} testId="correlation-scatter" />;
}

/** The pair over time: x on the left axis, y on the right, zoomable here (the grid already bounds the points). */
export function CorrelationSeries({ data }: { data: Correlation }) {
  const { token } = theme.useToken();
  const option = useMemo<EChartsOption>(() => {
    const axis = (name: string, color: string, position: 'left' | 'right') => ({
      type: 'value' as const,
      name,
      position,
      scale: true,
      nameTextStyle: { color },
      axisLine: { show: true, lineStyle: { color } },
      axisLabel: { color: token.colorTextSecondary },
      splitLine: { show: position === 'left', lineStyle: { color: token.colorBorderSecondary } },
    });
    return {
      textStyle: { fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis', confine: true, valueFormatter: (v) => fmtStat(Number(v), 5) },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 64, right: 64, top: 56, bottom: 64 },
      xAxis: { type: 'time', axisLabel: { color: token.colorTextSecondary, hideOverlap: true } },
      yAxis: [axis(data.x.unit ?? '', SERIES_COLORS[0], 'left'), axis(data.y.unit ?? '', SERIES_COLORS[2], 'right')],
      dataZoom: [
        { type: 'inside', xAxisIndex: 0 },
        { type: 'slider', xAxisIndex: 0, height: 20, bottom: 12, textStyle: { color: token.colorTextSecondary } },
      ],
      series: [
        {
          type: 'line',
          name: axisName(data.x),
          yAxisIndex: 0,
          showSymbol: false,
          data: data.series.map(([ts, x]) => [ts, x]),
          lineStyle: { width: 1.4, color: SERIES_COLORS[0] },
          itemStyle: { color: SERIES_COLORS[0] },
        },
        {
          type: 'line',
          name: axisName(data.y),
          yAxisIndex: 1,
          showSymbol: false,
          data: data.series.map(([ts, , y]) => [ts, y]),
          lineStyle: { width: 1.4, color: SERIES_COLORS[2] },
          itemStyle: { color: SERIES_COLORS[2] },
        },
      ],
    } as EChartsOption;
  }, [data, token]);
  return <EChart option={option} height={320} testId="correlation-series" />;
}
