import type { Tracking } from '@eqms/contract';
import { Card, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { TRACKING_NS } from '../tracking.locales.ts';

/** Items shown at once; more scroll with the zoom bar. */
const VISIBLE_ITEMS = 12;

type Series = { name: string; color: string; values: number[] };

/**
 * The items side by side as bars: per product ordered, produced, shipped and the shortfall; per material required,
 * secured (at the line and from stock) and the shortfall. ECharts is loaded with the first chart (EChart).
 */
export function TrackingChart({ report }: { report: Tracking }) {
  const { t } = useTranslation(TRACKING_NS);
  const { token } = theme.useToken();
  const option = useMemo<EChartsOption>(() => {
    const codes =
      report.kind === 'product' ? report.items.map((i) => i.productCode) : report.items.map((i) => i.materialCode);
    const names =
      report.kind === 'product' ? report.items.map((i) => i.productName) : report.items.map((i) => i.materialName);
    const series: Series[] =
      report.kind === 'product'
        ? [
            { name: t('fields.orderedQty'), color: token.colorPrimary, values: report.items.map((i) => i.orderedQty) },
            {
              name: t('fields.producedQty'),
              color: token.colorSuccess,
              values: report.items.map((i) => i.producedQty),
            },
            { name: t('fields.shippedQty'), color: token.cyan6, values: report.items.map((i) => i.shippedQty) },
            {
              name: t('fields.shortfallQty'),
              color: token.colorError,
              values: report.items.map((i) => i.shortfallQty),
            },
          ]
        : [
            {
              name: t('fields.requiredQty'),
              color: token.colorPrimary,
              values: report.items.map((i) => i.requiredQty),
            },
            {
              name: t('chart.covered'),
              color: token.colorSuccess,
              values: report.items.map((i) => i.atLineQty + i.allocatedQty),
            },
            {
              name: t('fields.shortfallQty'),
              color: token.colorError,
              values: report.items.map((i) => i.shortfallQty),
            },
          ];
    const zoom = codes.length > VISIBLE_ITEMS;
    return {
      textStyle: { fontFamily: token.fontFamily },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v) => fmtQty(Number(v)),
      },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 8, right: 16, top: 36, bottom: zoom ? 48 : 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: codes,
        axisLabel: {
          color: token.colorTextSecondary,
          interval: 0,
          rotate: codes.length > 6 ? 30 : 0,
        },
        axisPointer: { label: { formatter: (p) => `${p.value} ${names[codes.indexOf(String(p.value))] ?? ''}` } },
      },
      yAxis: {
        type: 'value',
        axisLabel: { color: token.colorTextSecondary },
        splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      },
      dataZoom: zoom ? [{ type: 'slider', startValue: 0, endValue: VISIBLE_ITEMS - 1, height: 16, bottom: 8 }] : [],
      series: series.map((s) => ({
        type: 'bar',
        name: s.name,
        data: s.values,
        itemStyle: { color: s.color },
        barMaxWidth: 28,
      })),
    };
  }, [report, t, token]);
  return (
    <Card size="small" title={report.kind === 'product' ? t('chart.title') : t('chart.materialTitle')}>
      <EChart option={option} height={260} testId="tracking-chart" />
    </Card>
  );
}
