import type { TraceGraph, TraceNode, TraceNodeKind } from '@eqms/contract';
import { Skeleton } from 'antd';
import type { EChartsOption } from 'echarts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { EChart } from '../../../components/EChart.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { layoutGraph } from '../trace-layout.ts';
import { TRACE_NS } from '../trace.locales.ts';

// The genealogy as a graph (ECharts "graph" on a hidden grid, positions from trace-layout): columns follow the flow of
// goods, each node coloured by kind with its label and quantity, each edge with what flowed; the subject drawn larger
// with a red ring, a canceled shipment grey with dashed lines; a tooltip on every node and edge. A tall graph grows the
// page rather than squeezing its rows.

export const KIND_COLORS: Record<TraceNodeKind, string> = {
  SUPPLIER_LOT: '#8e24aa',
  PACKAGE: '#fb8c00',
  LOT: '#1976d2',
  PLAN: '#78909c',
  SHIPMENT: '#00897b',
  CUSTOMER: '#43a047',
};
const KINDS = Object.keys(KIND_COLORS) as TraceNodeKind[];
const CANCELED = '#9e9e9e';
const ROW_PX = 64;
const MIN_PX = 300;
const MAX_PX = 2400;

let loading: Promise<unknown> | null = null;
/** The graph chart's registration, loaded once (see trace-echarts.ts). */
function useGraphChart() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loading ??= import('../trace-echarts.ts').catch((err) => {
      loading = null;
      throw err;
    });
    void loading.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

export function TraceGraphChart({ graph }: { graph: TraceGraph }) {
  const { t } = useTranslation(TRACE_NS);
  const unitLabel = useCodeLabel('UNIT');

  const ready = useGraphChart();
  const layout = useMemo(() => layoutGraph(graph), [graph]);
  const height = Math.min(MAX_PX, Math.max(MIN_PX, layout.rows * ROW_PX + 110));
  // A tall graph (a recall reaching hundreds of lots) keeps its labels to the tooltip: they would overlap.
  const crowded = layout.rows * ROW_PX + 110 > MAX_PX;

  const option = useMemo<EChartsOption>(() => {
    const qtyOf = (qty: number | null, unit: string | null) =>
      qty == null ? '' : `${fmtQty(qty)} ${unitLabel(unit)}`.trim();
    const subjects = new Set(graph.subjectKeys);
    const byKey = new Map(graph.nodes.map((n) => [n.key, n]));
    const nodeText = (n: TraceNode) =>
      [
        `<b>${t(`kinds.${n.kind}`)}</b> ${escapeHtml(n.label)}`,
        n.code || n.name ? escapeHtml([n.code, n.name].filter(Boolean).join(' ')) : '',
        n.partnerName && n.kind !== 'CUSTOMER' ? escapeHtml(n.partnerName) : '',
        n.qty != null ? `${t('fields.qty')}: ${qtyOf(n.qty, n.unit)}` : '',
        n.day ? `${t('fields.day')}: ${n.day}` : '',
        n.canceled ? t('canceled') : '',
      ]
        .filter(Boolean)
        .join('<br/>');
    const rowsIn = new Map<number, number>();
    for (const p of layout.placed) rowsIn.set(p.column, (rowsIn.get(p.column) ?? 0) + 1);
    return {
      tooltip: {
        confine: true,
        formatter: (p: unknown) => {
          const d = (p as { data: { id?: string; tip?: string } }).data;
          return d.tip ?? (d.id ? nodeText(byKey.get(d.id)!) : '');
        },
      },
      legend: { data: KINDS.map((k) => t(`kinds.${k}`)), top: 0, type: 'scroll' },
      // A hidden grid: positions are columns and rows, symbols and labels stay in pixels whatever the box's shape.
      grid: { top: 56, bottom: 44, left: 90, right: 110 },
      xAxis: {
        type: 'value',
        min: layout.columns > 1 ? -0.1 : -1,
        max: layout.columns > 1 ? layout.columns - 0.9 : 1,
        show: false,
      },
      yAxis: { type: 'value', min: -0.5, max: Math.max(1, layout.rows) - 0.5, inverse: true, show: false },
      series: [
        {
          type: 'graph',
          coordinateSystem: 'cartesian2d',
          categories: KINDS.map((k) => ({ name: t(`kinds.${k}`), itemStyle: { color: KIND_COLORS[k] } })),
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: 7,
          label: {
            show: !crowded,
            position: 'bottom',
            fontSize: 11,
            formatter: (p: unknown) => {
              const n = byKey.get((p as { data: { id: string } }).data.id)!;
              const qty = qtyOf(n.qty, n.unit);
              return qty ? `${n.label}\n${qty}` : n.label;
            },
          },
          edgeLabel: {
            show: !crowded && graph.edges.length <= 60,
            fontSize: 10,
            formatter: (p: unknown) => (p as { data: { short: string } }).data.short,
          },
          lineStyle: { opacity: 0.7, width: 1.2, curveness: 0.06 },
          emphasis: { focus: 'adjacency', lineStyle: { width: 2.5 } },
          data: layout.placed.map(({ node: n, column, row }) => ({
            id: n.key,
            name: n.label,
            // Each column centred on the tallest.
            value: [column, row + (layout.rows - (rowsIn.get(column) ?? 0)) / 2],
            category: KINDS.indexOf(n.kind),
            symbol: n.kind === 'SHIPMENT' || n.kind === 'CUSTOMER' ? 'roundRect' : 'circle',
            symbolSize: subjects.has(n.key) ? 22 : 14,
            itemStyle: {
              ...(n.canceled ? { color: CANCELED } : {}),
              ...(subjects.has(n.key) ? { borderColor: '#d32f2f', borderWidth: 3 } : {}),
            },
          })),
          links: graph.edges.map((e) => {
            const from = byKey.get(e.from);
            const to = byKey.get(e.to);
            const short = qtyOf(e.qty, e.unit);
            return {
              source: e.from,
              target: e.to,
              short,
              tip: `<b>${t(`flows.${e.kind}`)}</b> ${short}${e.canceled ? ` (${t('canceled')})` : ''}<br/>${escapeHtml(
                from?.label ?? '',
              )} → ${escapeHtml(to?.label ?? '')}`,
              lineStyle: e.canceled ? { type: 'dashed', color: CANCELED } : {},
            };
          }),
        },
      ],
    } as EChartsOption;
  }, [graph, layout, t, crowded, unitLabel]);

  if (!ready) return <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  return (
    <div data-testid="trace-graph-box" data-nodes={graph.nodes.length} data-edges={graph.edges.length}>
      <EChart option={option} height={height} testId="trace-graph" />
    </div>
  );
}

/** Text into the tooltip's HTML. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
