import type { TraceGraph, TraceNode, TraceNodeKind } from '@eqms/contract';

// Where each node of a trace graph is drawn: the goods flow left to right (supplier lot → package → lot → … →
// shipment → customer) whichever way the walk went, so a node's column is the longest path of edges reaching it (a
// source: just before the first node it feeds), and
// within a column nodes sit near the nodes they came from (the mean row of their predecessors), which keeps lines
// from crossing much. Pure, so it is tested without a chart.

export type PlacedNode = { node: TraceNode; column: number; row: number };
export type Layout = { placed: PlacedNode[]; columns: number; rows: number };

const KIND_ORDER: Record<TraceNodeKind, number> = {
  SUPPLIER_LOT: 0,
  PACKAGE: 1,
  LOT: 2,
  PLAN: 3,
  SHIPMENT: 4,
  CUSTOMER: 5,
};

export function layoutGraph(graph: Pick<TraceGraph, 'nodes' | 'edges'>): Layout {
  const keys = graph.nodes.map((n) => n.key);
  const known = new Set(keys);
  const edges = graph.edges.filter((e) => known.has(e.from) && known.has(e.to) && e.from !== e.to);
  const incoming = new Map<string, string[]>(keys.map((k) => [k, []]));
  const outgoing = new Map<string, string[]>(keys.map((k) => [k, []]));
  for (const e of edges) {
    incoming.get(e.to)!.push(e.from);
    outgoing.get(e.from)!.push(e.to);
  }

  // Longest path from the sources (Kahn's order); nodes on a cycle (never released) follow their placed predecessors.
  const column = new Map<string, number>();
  const waiting = new Map(keys.map((k) => [k, incoming.get(k)!.length]));
  const queue = keys.filter((k) => waiting.get(k) === 0);
  for (const k of queue) column.set(k, 0);
  for (let i = 0; i < queue.length; i++) {
    const k = queue[i];
    for (const next of outgoing.get(k)!) {
      column.set(next, Math.max(column.get(next) ?? 0, column.get(k)! + 1));
      const left = waiting.get(next)! - 1;
      waiting.set(next, left);
      if (left === 0) queue.push(next);
    }
  }
  for (const k of keys) if (!column.has(k)) column.set(k, 0);
  // A source sits just before the first node it feeds (a package going straight into a finished lot stands beside the
  // semi-finished lots' packages, not with the supplier lots).
  for (const k of keys) {
    const next = outgoing.get(k)!;
    if (incoming.get(k)!.length === 0 && next.length > 0)
      column.set(k, Math.max(0, Math.min(...next.map((n) => column.get(n)!)) - 1));
  }

  const byColumn = new Map<number, TraceNode[]>();
  for (const n of graph.nodes) {
    const c = column.get(n.key)!;
    byColumn.set(c, [...(byColumn.get(c) ?? []), n]);
  }
  const columns = byColumn.size === 0 ? 0 : Math.max(...byColumn.keys()) + 1;
  const row = new Map<string, number>();
  for (let c = 0; c < columns; c++) {
    const list = byColumn.get(c) ?? [];
    const weight = (n: TraceNode) => {
      const rows = incoming
        .get(n.key)!
        .map((p) => row.get(p))
        .filter((r): r is number => r != null);
      return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : Number.POSITIVE_INFINITY;
    };
    list
      .map((n) => ({ n, w: weight(n) }))
      .sort(
        (a, b) =>
          (a.w === b.w ? 0 : a.w - b.w || 0) ||
          KIND_ORDER[a.n.kind] - KIND_ORDER[b.n.kind] ||
          a.n.label.localeCompare(b.n.label),
      )
      .forEach(({ n }, i) => {
        row.set(n.key, i);
      });
  }
  const rows = Math.max(0, ...[...byColumn.values()].map((l) => l.length));
  return {
    placed: graph.nodes.map((node) => ({ node, column: column.get(node.key)!, row: row.get(node.key)! })),
    columns,
    rows,
  };
}
