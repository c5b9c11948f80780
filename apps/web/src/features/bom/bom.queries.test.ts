import type { BomNode, BomRoot } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { flattenRows, productsWithBom, scaleTree } from './bom.queries.ts';

let id = 1;
const node = (p: { product?: number; material?: number }, qty: number, lossRate: number, children: BomNode[] = []) =>
  ({
    id: id++,
    parentProductId: 0,
    parentCode: '',
    parentName: '',
    kind: p.product ? 'PRODUCT' : 'MATERIAL',
    childProductId: p.product ?? null,
    materialId: p.material ?? null,
    code: `c${id}`,
    name: '',
    type: '',
    specification: null,
    unit: 'EA',
    qty,
    lossRate,
    seq: 0,
    description: null,
    createdBy: null,
    createdAt: '',
    updatedBy: null,
    updatedAt: '',
    level: 1,
    requiredQty: 0,
    children,
  }) satisfies BomNode;

// A → B ×2 (10 %) → C ×4 (5 %) → M2 ×0.33333 (3 %); B → M1 ×1.5 (20 %); C is shared by B and D.
const m2 = node({ material: 102 }, 0.33333, 3);
const c = node({ product: 3 }, 4, 5, [m2]);
const tree = [node({ product: 2 }, 2, 10, [c, node({ material: 101 }, 1.5, 20)])];

describe('scaleTree', () => {
  it('multiplies the production quantity down each path without rounding in between', () => {
    const rows = flattenRows(scaleTree(tree, 10));
    expect(rows.map((r) => r.totalQty)).toEqual([
      22, // 10 × 2 × 1.1
      92.4, // 22 × 4 × 1.05
      31.72368, // 92.4 × 0.33333 × 1.03 = 31.72368276
      39.6, // 22 × 1.5 × 1.2
    ]);
  });

  it('gives a shared sub-assembly a key per path, so the table can show it twice', () => {
    const d = node({ product: 4 }, 1, 0, [c]);
    const rows = flattenRows(scaleTree([...tree, d], 1));
    const keys = rows.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.filter((r) => r.id === m2.id)).toHaveLength(2);
  });
});

describe('productsWithBom', () => {
  it('collects the top-level products and the products below them that have lines', () => {
    const roots: BomRoot[] = [{ productId: 1, code: 'A', name: '', type: '', specification: null, unit: 'EA', tree }];
    expect([...productsWithBom(roots)].sort()).toEqual([1, 2, 3]);
  });
});
