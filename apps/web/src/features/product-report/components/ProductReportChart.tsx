import type { ProductReport } from '@eqms/contract';
import { Card, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { PRODUCT_REPORT_NS } from '../product-report.locales.ts';
import { bucketLabel } from '../product-report.queries.ts';

/** Buckets shown at once; more scroll with the zoom bar. */
const VISIBLE_BUCKETS = 31;

/** Planned, good and bad per bucket as bars (all products of the report), the achievement rate as a line in %. */
export function ProductReportChart({ report }: { report: ProductReport }) {
  const { t } = useTranslation(PRODUCT_REPORT_NS);
  const { token } = theme.useToken();
  const option = useMemo<EChartsOption>(() => {
    const labels = report.buckets.map((b) => bucketLabel(b.key, report.bucket));
    const zoom = labels.length > VISIBLE_BUCKETS;
    const bar = (name: string, color: string, values: number[]) => ({
      type: 'bar' as const,
      name,
      data: values,
      itemStyle: { color },
      barMaxWidth: 24,
      tooltip: { valueFormatter: (v: unknown) => fmtQty(Number(v)) },
    });
    return {
      textStyle: { fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 8, right: 8, top: 36, bottom: zoom ? 48 : 8, containLabel: true },
      xAxis: { type: 'category', data: labels, axisLabel: { color: token.colorTextSecondary } },
      yAxis: [
        {
          type: 'value',
          axisLabel: { color: token.colorTextSecondary },
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        {
          type: 'value',
          min: 0,
          axisLabel: { color: token.colorTextSecondary, formatter: '{value}%' },
          splitLine: { show: false },
        },
      ],
      dataZoom: zoom
        ? [
            {
              type: 'slider',
              startValue: labels.length - VISIBLE_BUCKETS,
              endValue: labels.length - 1,
              height: 16,
              bottom: 8,
            },
          ]
        : [],
      series: [
        bar(
          t('columns.plannedQty'),
          token.colorTextQuaternary,
          report.buckets.map((b) => b.plannedQty),
        ),
        bar(
          t('columns.goodQty'),
          token.colorPrimary,
          report.buckets.map((b) => b.goodQty),
        ),
        bar(
          t('columns.badQty'),
          token.colorError,
          report.buckets.map((b) => b.badQty),
        ),
        {
          type: 'line',
          name: t('chart.achievementRate'),
          yAxisIndex: 1,
          connectNulls: false,
          data: report.buckets.map((b) => b.achievementRate),
          itemStyle: { color: token.colorSuccess },
          lineStyle: { color: token.colorSuccess },
          tooltip: { valueFormatter: (v) => (v == null ? '-' : `${Number(v).toFixed(1)}%`) },
        },
      ],
    };
  }, [report, t, token]);
  return (
    <Card size="small" title={t('chart.title')}>
      <EChart option={option} height={300} testId="product-report-chart" />
    </Card>
  );
}
