import { describe, expect, it } from 'vitest';
import { round5 } from '../../platform/qty.ts';
import { type BomEdge, cyclePath, explode, flattenTree, rollUp } from './bom.explode.ts';

// Products 1 = A (finished), 2 = B, 3 = C (semi-finished); materials 101 = M1, 102 = M2, 103 = M3.
// A → B ×2 (10 % loss), A → M1 ×3; B → C ×4 (5 %), B → M1 ×1.5 (20 %); C → M2 ×0.25, C → M3 ×0.33333 (3 %).
let nextId = 1;
const line = (parent: number, child: { p?: number; m?: number }, qty: number, lossRate = 0): BomEdge => ({
  id: nextId++,
  parentProductId: parent,
  childProductId: child.p ?? null,
  materialId: child.m ?? null,
  qty,
  lossRate,
  seq: nextId,
});
const LINES: BomEdge[] = [
  line(1, { p: 2 }, 2, 10),
  line(1, { m: 101 }, 3),
  line(2, { p: 3 }, 4, 5),
  line(2, { m: 101 }, 1.5, 20),
  line(3, { m: 102 }, 0.25),
  line(3, { m: 103 }, 0.33333, 3),
];

describe('explode', () => {
  it('gives each line its level and the quantity per 1 unit of the root, loss included down the path', () => {
    const tree = explode(1, LINES);
    const flat = flattenTree(tree).map((n) => [n.level, n.childProductId ?? n.materialId, n.requiredQty]);
    expect(flat).toEqual([
      [1, 2, 2.2], // 2 × 1.10
      [2, 3, 9.24], // 2.2 × 4 × 1.05
      [3, 102, 2.31], // 9.24 × 0.25
      [3, 103, 3.17237], // 9.24 × 0.33333 × 1.03 = 3.172368276
      [2, 101, 3.96], // 2.2 × 1.5 × 1.20
      [1, 101, 3], // 3 × 1
    ]);
  });

  it('starts below the product asked for and is empty for a product without lines', () => {
    expect(flattenTree(explode(2, LINES)).map((n) => n.requiredQty)).toEqual([
      4.2, // 4 × 1.05
      1.05, // 4.2 × 0.25
      1.44199, // 4.2 × 0.33333 × 1.03 = 1.44198558
      1.8, // 1.5 × 1.2
    ]);
    expect(explode(102, LINES)).toEqual([]);
  });

  it('stops at a product already on the path when stored lines hold a cycle', () => {
    const cyclic = [line(1, { p: 2 }, 1), line(2, { p: 1 }, 1)];
    expect(flattenTree(explode(1, cyclic)).map((n) => n.level)).toEqual([1, 2]);
  });
});

describe('rollUp', () => {
  it('sums a material reached by two paths and multiplies by the quantity produced', () => {
    const need = rollUp(1, LINES, 10);
    // M1: 10 × (3 + 2 × 1.1 × 1.5 × 1.2) = 10 × (3 + 3.96) = 69.6
    expect(need.get(101)).toBe(69.6);
    // M2: 10 × 2 × 1.1 × 4 × 1.05 × 0.25 = 23.1
    expect(need.get(102)).toBe(23.1);
    // M3: 10 × 9.24 × 0.33333 × 1.03 = 31.72368276 → 31.72368
    expect(need.get(103)).toBe(31.72368);
    expect([...need.keys()].sort()).toEqual([101, 102, 103]);
  });

  it('gives nothing for a product without lines', () => {
    expect(rollUp(3, [], 5).size).toBe(0);
  });
});

describe('cyclePath', () => {
  const edges = [
    { parent: 1, child: 2 },
    { parent: 2, child: 3 },
    { parent: 2, child: 4 },
  ];
  it('finds the parent in the child tree and returns child … parent child', () => {
    // Adding 3 → 1 (C under A's grandchild): 1 → 2 → 3 → 1.
    expect(cyclePath(3, 1, edges)).toEqual([1, 2, 3, 1]);
    expect(cyclePath(2, 1, edges)).toEqual([1, 2, 1]);
  });
  it('refuses a product under itself', () => {
    expect(cyclePath(5, 5, edges)).toEqual([5, 5]);
  });
  it('allows a product that is not below the child', () => {
    expect(cyclePath(4, 3, edges)).toBeNull();
    expect(cyclePath(1, 4, edges)).toBeNull();
  });
});

describe('round5', () => {
  it('rounds half up at the fifth decimal', () => {
    expect(round5(1.000005)).toBe(1.00001);
    expect(round5(31.723968276)).toBe(31.72397);
    expect(round5(0.1 + 0.2)).toBe(0.3);
  });
});
