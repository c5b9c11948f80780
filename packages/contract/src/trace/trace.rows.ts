import type { TraceEdgeKind, TraceGraph, TraceNode, TraceNodeKind } from './trace.schemas.ts';

// The graph as a table, one row per edge: what the screen lists and the workbook holds (one function, so the two
// never disagree).

export type TraceRow = {
  /** The far end's level: how many steps the row is from the subject. */
  level: number;
  kind: TraceEdgeKind;
  fromKind: TraceNodeKind;
  fromLabel: string;
  fromCode: string | null;
  fromName: string | null;
  toKind: TraceNodeKind;
  toLabel: string;
  toCode: string | null;
  toName: string | null;
  qty: number;
  unit: string | null;
  dailyPlanIds: number[];
  canceled: boolean;
  /** The nodes' keys, for the screen to find them in the graph. */
  from: string;
  to: string;
};

const KIND_ORDER: Record<TraceEdgeKind, number> = { RECEIVED: 0, CONSUMED: 1, SHIPPED: 2, DELIVERED: 3, SOLD: 4 };

/** Canceled shipments last (listed apart), then by level, what flowed, and the two labels. */
export function traceRows(graph: Pick<TraceGraph, 'nodes' | 'edges'>): TraceRow[] {
  const byKey = new Map<string, TraceNode>(graph.nodes.map((n) => [n.key, n]));
  const rows: TraceRow[] = [];
  for (const e of graph.edges) {
    const from = byKey.get(e.from);
    const to = byKey.get(e.to);
    if (!from || !to) continue;
    rows.push({
      level: Math.max(from.level, to.level),
      kind: e.kind,
      fromKind: from.kind,
      fromLabel: from.label,
      fromCode: from.code,
      fromName: from.name,
      toKind: to.kind,
      toLabel: to.label,
      toCode: to.code,
      toName: to.name,
      qty: e.qty,
      unit: e.unit,
      dailyPlanIds: e.dailyPlanIds,
      canceled: e.canceled,
      from: e.from,
      to: e.to,
    });
  }
  return rows.sort(
    (a, b) =>
      Number(a.canceled) - Number(b.canceled) ||
      a.level - b.level ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.fromLabel.localeCompare(b.fromLabel) ||
      a.toLabel.localeCompare(b.toLabel),
  );
}
