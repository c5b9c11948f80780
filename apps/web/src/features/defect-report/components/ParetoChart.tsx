import type { DefectReport } from '@eqms/contract';
import { Card, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { DEFECT_REPORT_NS } from '../defect-report.locales.ts';

/** Rows shown at once; more scroll with the zoom bar. */
const VISIBLE_ROWS = 15;

/**
 * The Pareto chart: the rows' quantities as bars, largest first (the server's order), and the cumulative share as a
 * line on a 0–100 % right axis. ECharts is loaded with the first chart (EChart).
 */
export function ParetoChart({ report, labels }: { report: DefectReport; labels: string[] }) {
  const { t } = useTranslation(DEFECT_REPORT_NS);
  const { token } = theme.useToken();
  const option = useMemo<EChartsOption>(() => {
    const zoom = labels.length > VISIBLE_ROWS;
    return {
      textStyle: { fontFamily: token.fontFamily },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 8, right: 8, top: 36, bottom: zoom ? 48 : 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: labels,
        axisLabel: { color: token.colorTextSecondary, interval: 0, rotate: labels.length > 6 ? 30 : 0 },
      },
      yAxis: [
        {
          type: 'value',
          name: t('chart.qty'),
          nameTextStyle: { color: token.colorTextSecondary },
          axisLabel: { color: token.colorTextSecondary },
          splitLine: { lineStyle: { color: token.colorBorderSecondary } },
        },
        {
          type: 'value',
          min: 0,
          max: 100,
          axisLabel: { color: token.colorTextSecondary, formatter: '{value}%' },
          splitLine: { show: false },
        },
      ],
      dataZoom: zoom ? [{ type: 'slider', startValue: 0, endValue: VISIBLE_ROWS - 1, height: 16, bottom: 8 }] : [],
      series: [
        {
          type: 'bar',
          name: t('chart.qty'),
          data: report.rows.map((r) => r.qty),
          itemStyle: { color: token.colorPrimary },
          barMaxWidth: 40,
          tooltip: { valueFormatter: (v) => fmtQty(Number(v)) },
        },
        {
          type: 'line',
          name: t('chart.cumulative'),
          yAxisIndex: 1,
          data: report.rows.map((r) => r.cumulativeShare),
          itemStyle: { color: token.colorWarning },
          lineStyle: { color: token.colorWarning },
          tooltip: { valueFormatter: (v) => `${Number(v).toFixed(2)}%` },
        },
      ],
    };
  }, [report, labels, t, token]);
  return (
    <Card size="small" title={t('chart.title')}>
      <EChart option={option} height={300} testId="defect-report-chart" />
    </Card>
  );
}
