import type { TraceEdge, TraceNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { layoutGraph } from './trace-layout.ts';

const node = (key: string, kind: TraceNode['kind'], label = key): TraceNode => ({
  key,
  kind,
  id: 1,
  label,
  code: null,
  name: null,
  unit: null,
  qty: null,
  day: null,
  expiryDate: null,
  partnerId: null,
  partnerCode: null,
  partnerName: null,
  supplierLot: null,
  planId: null,
  canceled: false,
  level: 0,
});
const edge = (from: string, to: string): TraceEdge => ({
  from,
  to,
  kind: 'CONSUMED',
  qty: 1,
  unit: null,
  dailyPlanIds: [],
  canceled: false,
});

describe('layoutGraph', () => {
  it('puts each node one column after the longest path reaching it: the goods flow left to right', () => {
    const nodes = [
      node('CU:1', 'CUSTOMER'),
      node('SH:1', 'SHIPMENT'),
      node('LT:2', 'LOT'),
      node('LT:1', 'LOT'),
      node('PK:2', 'PACKAGE', 'B'),
      node('PK:1', 'PACKAGE', 'A'),
      node('SL:1:x', 'SUPPLIER_LOT'),
    ];
    const edges = [
      edge('SL:1:x', 'PK:1'),
      edge('SL:1:x', 'PK:2'),
      edge('PK:1', 'LT:1'),
      edge('PK:2', 'LT:1'),
      // A package straight into the finished lot too: the lot still comes after the semi-finished one.
      edge('PK:1', 'LT:2'),
      edge('LT:1', 'LT:2'),
      edge('LT:2', 'SH:1'),
      edge('SH:1', 'CU:1'),
    ];
    const { placed, columns, rows } = layoutGraph({ nodes, edges });
    const at = Object.fromEntries(placed.map((p) => [p.node.key, [p.column, p.row]]));
    expect(at).toEqual({
      'SL:1:x': [0, 0],
      'PK:1': [1, 0],
      'PK:2': [1, 1],
      'LT:1': [2, 0],
      'LT:2': [3, 0],
      'SH:1': [4, 0],
      'CU:1': [5, 0],
    });
    expect(columns).toBe(6);
    expect(rows).toBe(2);
  });

  it('orders a column by where its nodes came from, then kind and label', () => {
    const nodes = [node('A', 'PACKAGE'), node('B', 'PACKAGE'), node('x', 'LOT'), node('y', 'LOT')];
    // B feeds x, A feeds y: x sits at B's row, y at A's.
    const { placed } = layoutGraph({ nodes, edges: [edge('B', 'x'), edge('A', 'y')] });
    const row = Object.fromEntries(placed.map((p) => [p.node.key, p.row]));
    expect(row).toEqual({ A: 0, B: 1, x: 1, y: 0 });
  });

  it('puts a source just before the first node it feeds', () => {
    const nodes = [
      node('SL', 'SUPPLIER_LOT'),
      node('PK', 'PACKAGE'),
      node('LS', 'LOT'),
      node('LF', 'LOT'),
      node('X', 'PACKAGE'),
    ];
    // X (a package without a supplier lot) goes straight into LF: beside LS, not with the supplier lot.
    const edges = [edge('SL', 'PK'), edge('PK', 'LS'), edge('LS', 'LF'), edge('X', 'LF')];
    const at = Object.fromEntries(layoutGraph({ nodes, edges }).placed.map((p) => [p.node.key, p.column]));
    expect(at).toEqual({ SL: 0, PK: 1, LS: 2, X: 2, LF: 3 });
  });

  it('ends on a cycle and places every node', () => {
    const nodes = [node('S', 'PACKAGE'), node('a', 'LOT'), node('b', 'LOT')];
    const { placed } = layoutGraph({ nodes, edges: [edge('S', 'a'), edge('a', 'b'), edge('b', 'a')] });
    expect(placed).toHaveLength(3);
    expect(placed.every((p) => Number.isInteger(p.column) && Number.isInteger(p.row))).toBe(true);
  });

  it('an empty graph is empty', () => {
    expect(layoutGraph({ nodes: [], edges: [] })).toEqual({ placed: [], columns: 0, rows: 0 });
  });
});
