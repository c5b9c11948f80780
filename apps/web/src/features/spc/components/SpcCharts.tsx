import type { SpcCapability, SpcResult, SpcSeries } from '@eqms/contract';
import { Alert, Card, Descriptions, Flex, Table, Tag, Typography, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/EChart.tsx';
import { SPC_NS } from '../spc.locales.ts';
import { capabilityTone, fmtIndex, fmtMeasure } from '../spc-rules.ts';

type Token = ReturnType<typeof theme.useToken>['token'];
type T = (key: string, opts?: Record<string, unknown>) => string;

/** A point's time as the app prints times (the browser's locale would print Korean dates in English). */
const atText = (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

/** A horizontal line across the chart as its own series (no markLine component to load). */
const hline = (
  name: string,
  y: number,
  x0: number,
  x1: number,
  color: string,
  type: 'solid' | 'dashed' | 'dotted',
) => ({
  type: 'line' as const,
  name,
  data: [
    [x0, y],
    [x1, y],
  ],
  symbol: 'none',
  silent: true,
  lineStyle: { color, width: type === 'solid' ? 1.5 : 1, type },
  tooltip: { show: false },
  z: 1,
});

function controlOption(s: SpcSeries, t: T, token: Token, scale: number): EChartsOption {
  const pts = s.points;
  const x0 = pts.length ? pts[0].index : 0;
  const x1 = pts.length ? pts[pts.length - 1].index : 1;
  const { limits: l, zones: z } = s;
  const flagged = pts.filter((p) => p.rules.length > 0);
  const byIndex = new Map(pts.map((p) => [p.index, p]));
  const fmt = (v: number) => fmtMeasure(v, scale);
  return {
    textStyle: { fontFamily: token.fontFamily },
    animation: false,
    grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
    title: {
      text: t(`statistic.${s.statistic}`),
      left: 0,
      top: 0,
      textStyle: { fontSize: 13, color: token.colorText },
    },
    tooltip: {
      trigger: 'item',
      formatter: (param) => {
        const v = (param as unknown as { value: [number, number] }).value;
        const p = byIndex.get(v[0]);
        if (!p) return '';
        const rules = p.rules.length ? p.rules.map((r) => t(`rules.${r}`)).join('<br/>') : t('tooltip.none');
        return `${t('tooltip.subgroup', { n: p.index + 1 })}: <b>${fmt(p.value)}</b><br/>${t('tooltip.at')}: ${atText(p.at)}<br/>${t('tooltip.rules')}: ${rules}`;
      },
    },
    xAxis: {
      type: 'value',
      min: x0,
      max: x1,
      axisLabel: { color: token.colorTextSecondary, formatter: (v: number) => String(v + 1) },
    },
    yAxis: {
      type: 'value',
      scale: true,
      axisLabel: { color: token.colorTextSecondary, formatter: (v: number) => fmt(v) },
      splitLine: { show: false },
    },
    series: [
      hline(t('lines.ucl'), l.ucl, x0, x1, token.colorError, 'solid'),
      hline(t('lines.lcl'), l.lcl, x0, x1, token.colorError, 'solid'),
      hline(t('lines.cl'), l.cl, x0, x1, token.colorSuccess, 'solid'),
      hline(t('lines.zone2'), z.plus2, x0, x1, token.colorWarning, 'dashed'),
      hline(t('lines.zone2'), z.minus2, x0, x1, token.colorWarning, 'dashed'),
      hline(t('lines.zone1'), z.plus1, x0, x1, token.colorTextQuaternary, 'dotted'),
      hline(t('lines.zone1'), z.minus1, x0, x1, token.colorTextQuaternary, 'dotted'),
      {
        type: 'line',
        name: t(`statistic.${s.statistic}`),
        data: pts.map((p) => [p.index, p.value]),
        showSymbol: pts.length <= 200,
        symbolSize: 5,
        sampling: 'lttb',
        lineStyle: { color: token.colorPrimary, width: 1 },
        itemStyle: { color: token.colorPrimary },
        z: 2,
      },
      {
        type: 'line',
        name: t('tooltip.rules'),
        data: flagged.map((p) => [p.index, p.value]),
        symbol: 'circle',
        symbolSize: 9,
        showSymbol: true,
        lineStyle: { opacity: 0 },
        itemStyle: { color: token.colorError },
        z: 3,
      },
    ],
  };
}

function LimitRow({ s, scale, testId }: { s: SpcSeries; scale: number; testId: string }) {
  const { t } = useTranslation(SPC_NS);
  const fmt = (v: number) => fmtMeasure(v, scale);
  return (
    <Flex gap={16} wrap data-testid={testId}>
      <Typography.Text>
        {t('lines.ucl')} <b data-testid={`${testId}-ucl`}>{fmt(s.limits.ucl)}</b>
      </Typography.Text>
      <Typography.Text>
        {t('lines.cl')} <b data-testid={`${testId}-cl`}>{fmt(s.limits.cl)}</b>
      </Typography.Text>
      <Typography.Text>
        {t('lines.lcl')} <b data-testid={`${testId}-lcl`}>{fmt(s.limits.lcl)}</b>
      </Typography.Text>
      {s.flaggedTotal > 0 && <Tag color="error">{t('summary.flagged', { count: s.flaggedTotal })}</Tag>}
      {s.reduced && (
        <Typography.Text type="secondary">
          {t('summary.reduced', { shown: s.points.length, total: s.pointCount })}
        </Typography.Text>
      )}
    </Flex>
  );
}

const TONE_COLOR = { good: 'success', fair: 'warning', poor: 'error', none: 'default' } as const;

function IndexTag({ name, value }: { name: string; value: number | null }) {
  const tone = capabilityTone(value);
  return (
    <Tag color={TONE_COLOR[tone]} data-testid={`spc-${name.toLowerCase()}`} data-tone={tone}>
      {name} {fmtIndex(value)}
    </Tag>
  );
}

function CapabilityPanel({ cap, unit, scale }: { cap: SpcCapability; unit: string | null; scale: number }) {
  const { t } = useTranslation(SPC_NS);
  const fmt = (v: number | null) => `${fmtMeasure(v, scale)}${unit && v !== null ? ` ${unit}` : ''}`;
  return (
    <Card size="small" title={t('capability.title')} data-testid="spc-capability">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <IndexTag name="Cp" value={cap.cp} />
        <IndexTag name="Cpk" value={cap.cpk} />
        <IndexTag name="Pp" value={cap.pp} />
        <IndexTag name="Ppk" value={cap.ppk} />
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'n', label: t('capability.n'), children: cap.n },
          { key: 'mean', label: t('capability.mean'), children: fmt(cap.mean) },
          { key: 'sw', label: t('capability.sigmaWithin'), children: fmt(cap.sigmaWithin) },
          { key: 'so', label: t('capability.sigmaOverall'), children: fmt(cap.sigmaOverall) },
          { key: 'lsl', label: t('capability.lsl'), children: fmt(cap.lsl) },
          { key: 'usl', label: t('capability.usl'), children: fmt(cap.usl) },
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('capability.good')} · {t('capability.fair')} · {t('capability.poor')}
      </Typography.Text>
    </Card>
  );
}

function histogramOption(cap: SpcCapability, t: T, token: Token, scale: number): EChartsOption {
  const { edges, counts } = cap.histogram;
  const top = Math.max(1, ...counts);
  // A step line over the bin edges draws the bars on a value axis, where the spec limits can stand at their values.
  const data = edges.map((e, i) => [e, counts[Math.min(i, counts.length - 1)]]);
  const vline = (name: string, x: number) => ({
    type: 'line' as const,
    name,
    data: [
      [x, 0],
      [x, top],
    ],
    symbol: 'none',
    lineStyle: { color: token.colorError, width: 1.5, type: 'dashed' as const },
    endLabel: { show: true, formatter: name, color: token.colorError },
    tooltip: { show: false },
  });
  return {
    textStyle: { fontFamily: token.fontFamily },
    animation: false,
    grid: { left: 8, right: 24, top: 28, bottom: 8, containLabel: true },
    title: { text: t('histogram.title'), left: 0, top: 0, textStyle: { fontSize: 13, color: token.colorText } },
    tooltip: { trigger: 'axis', valueFormatter: (v) => String(v) },
    xAxis: {
      type: 'value',
      min: edges[0],
      max: edges[edges.length - 1],
      axisLabel: { color: token.colorTextSecondary, formatter: (v: number) => fmtMeasure(v, scale) },
    },
    yAxis: { type: 'value', name: t('histogram.count'), axisLabel: { color: token.colorTextSecondary } },
    series: [
      {
        type: 'line',
        name: t('histogram.count'),
        step: 'end',
        data,
        symbol: 'none',
        lineStyle: { color: token.colorPrimary },
        areaStyle: { color: token.colorPrimary, opacity: 0.35 },
      },
      ...(cap.lsl !== null ? [vline(t('lines.lsl'), cap.lsl)] : []),
      ...(cap.usl !== null ? [vline(t('lines.usl'), cap.usl)] : []),
    ],
  };
}

/** The rule-breaking points of the location chart, as a table a reader (and a test) can go through. */
function FlaggedTable({ s, scale }: { s: SpcSeries; scale: number }) {
  const { t } = useTranslation(SPC_NS);
  const rows = s.points.filter((p) => p.rules.length > 0);
  if (rows.length === 0) return null;
  return (
    <Table
      size="small"
      data-testid="spc-flagged"
      rowKey="index"
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      dataSource={rows}
      columns={[
        { key: 'n', title: t('tooltip.point'), render: (_, p) => p.index + 1, width: 80 },
        { key: 'at', title: t('tooltip.at'), render: (_, p) => atText(p.at) },
        { key: 'v', title: t(`statistic.${s.statistic}`), render: (_, p) => fmtMeasure(p.value, scale) },
        {
          key: 'rules',
          title: t('tooltip.rules'),
          render: (_, p) => (
            <Flex gap={4} wrap>
              {p.rules.map((r) => (
                <Tag key={r} color="error" title={t(`rules.${r}`)}>
                  {r}
                </Tag>
              ))}
            </Flex>
          ),
        },
      ]}
    />
  );
}

/**
 * One SPC answer drawn: the X̄ or I chart with CL, UCL, LCL and the 1σ/2σ zones, rule-breaking points red (their
 * rules in the tooltip and in the table below), the R, S or MR chart, the capability panel coloured by 1.33 / 1.0,
 * and the histogram with LSL and USL.
 */
export function SpcCharts({ result }: { result: SpcResult }) {
  const { t } = useTranslation(SPC_NS);
  const { token } = theme.useToken();
  const { chart, capability: cap, subject } = result;
  // Figures are printed to the spread's magnitude (σ), so limits 0.01 apart stay apart.
  const scale = cap?.sigmaOverall ?? chart?.sigmaWithin ?? 0;
  const location = useMemo(() => chart && controlOption(chart.location, t, token, scale), [chart, t, token, scale]);
  const dispersion = useMemo(() => chart && controlOption(chart.dispersion, t, token, scale), [chart, t, token, scale]);
  const hist = useMemo(() => cap && histogramOption(cap, t, token, scale), [cap, t, token, scale]);
  return (
    <Flex vertical gap={12} data-testid="spc-result">
      <Flex gap={12} wrap>
        <Typography.Text strong>
          {subject.ownerCode} {subject.ownerName} · {subject.name}
          {subject.unit ? ` (${subject.unit})` : ''}
        </Typography.Text>
        <Typography.Text type="secondary">{t('summary.values', { count: result.valueCount })}</Typography.Text>
        {subject.kind === 'ITEM' && (
          <Typography.Text type="secondary">{t('summary.results', { count: result.resultCount })}</Typography.Text>
        )}
        {chart && (
          <Typography.Text type="secondary">
            {t('summary.subgroups', { n: chart.subgroupCount, size: chart.subgroupSize })}
          </Typography.Text>
        )}
        {chart && chart.droppedValues > 0 && (
          <Typography.Text type="warning">{t('summary.dropped', { count: chart.droppedValues })}</Typography.Text>
        )}
      </Flex>
      {result.unavailable && <Alert type="info" showIcon title={t(`unavailable.${result.unavailable}`)} />}
      {chart && location && dispersion && (
        <Card size="small">
          <EChart option={location} height={300} testId="spc-location-chart" />
          <LimitRow s={chart.location} scale={scale} testId="spc-location-limits" />
          <EChart option={dispersion} height={200} testId="spc-dispersion-chart" />
          <LimitRow s={chart.dispersion} scale={scale} testId="spc-dispersion-limits" />
          <FlaggedTable s={chart.location} scale={scale} />
        </Card>
      )}
      {cap && (
        <Flex gap={12} wrap>
          <div style={{ flex: '1 1 320px', minWidth: 0 }}>
            <CapabilityPanel cap={cap} unit={subject.unit} scale={scale} />
          </div>
          <Card size="small" style={{ flex: '2 1 420px', minWidth: 0 }}>
            {hist && <EChart option={hist} height={240} testId="spc-histogram" />}
          </Card>
        </Flex>
      )}
    </Flex>
  );
}
