// The arithmetic of a bill of materials, free of the database: explosion into a tree, the per-material
// roll-up of requirements, and the path of a cycle. The service loads the lines (one recursive query) and
// hands them here.
import { round5 } from '../../platform/qty.ts';

/** What the arithmetic needs of a BOM line. */
export type BomEdge = {
  id: number;
  parentProductId: number;
  childProductId: number | null;
  materialId: number | null;
  qty: number;
  lossRate: number;
  seq: number;
};

export type Exploded<L> = L & { level: number; requiredQty: number; children: Exploded<L>[] };

/** Quantity of the child per unit of the parent, loss included: qty × (1 + lossRate / 100). */
export const grossPerUnit = (line: Pick<BomEdge, 'qty' | 'lossRate'>) => line.qty * (1 + line.lossRate / 100);

const bySeq = (a: BomEdge, b: BomEdge) => a.seq - b.seq || a.id - b.id;

function groupByParent<L extends BomEdge>(lines: L[]): Map<number, L[]> {
  const out = new Map<number, L[]>();
  for (const l of lines) {
    const list = out.get(l.parentProductId);
    if (list) list.push(l);
    else out.set(l.parentProductId, [l]);
  }
  for (const list of out.values()) list.sort(bySeq);
  return out;
}

/**
 * The exploded tree of `rootId`: each line with its level (1 = direct child) and the quantity needed for 1 unit of
 * the root, multiplied down the path. A product already on the path is not descended into again, so stored data that
 * somehow holds a cycle still gives a finite tree.
 */
export function explode<L extends BomEdge>(rootId: number, lines: L[]): Exploded<L>[] {
  const byParent = groupByParent(lines);
  const walk = (productId: number, factor: number, level: number, path: Set<number>): Exploded<L>[] =>
    (byParent.get(productId) ?? []).map((line) => {
      const exact = factor * grossPerUnit(line);
      const child = line.childProductId;
      const children = child != null && !path.has(child) ? walk(child, exact, level + 1, new Set(path).add(child)) : [];
      return { ...line, level, requiredQty: round5(exact), children };
    });
  return walk(rootId, 1, 1, new Set([rootId]));
}

/**
 * Required quantity of each material for producing `qty` of `rootId`: Σ over every path to the material of
 * qty × Π qty-per-unit × (1 + lossRate / 100), summed per material (a material reached by two paths adds up).
 * Rounded once, at the end, to 5 decimals.
 */
export function rollUp(rootId: number, lines: BomEdge[], qty: number): Map<number, number> {
  const byParent = groupByParent(lines);
  const sums = new Map<number, number>();
  const walk = (productId: number, factor: number, path: Set<number>) => {
    for (const line of byParent.get(productId) ?? []) {
      const exact = factor * grossPerUnit(line);
      if (line.materialId != null) sums.set(line.materialId, (sums.get(line.materialId) ?? 0) + exact);
      else if (line.childProductId != null && !path.has(line.childProductId))
        walk(line.childProductId, exact, new Set(path).add(line.childProductId));
    }
  };
  walk(rootId, qty, new Set([rootId]));
  return new Map([...sums].map(([id, v]) => [id, round5(v)]));
}

/**
 * Whether adding `childId` under `parentId` closes a cycle: the product ids [child, …, parent, child] when the parent
 * is the child itself or appears anywhere in the child's tree (`edges` = parent → child product links), else null.
 */
export function cyclePath(
  parentId: number,
  childId: number,
  edges: { parent: number; child: number }[],
): number[] | null {
  if (parentId === childId) return [parentId, parentId];
  const next = new Map<number, number[]>();
  for (const e of edges) next.set(e.parent, [...(next.get(e.parent) ?? []), e.child]);
  // Breadth first, so the path shown is a shortest one.
  const from = new Map<number, number>([[childId, childId]]);
  const queue = [childId];
  while (queue.length) {
    const at = queue.shift()!;
    for (const n of next.get(at) ?? []) {
      if (from.has(n)) continue;
      from.set(n, at);
      if (n === parentId) {
        const path = [n];
        for (let cur = n; cur !== childId; ) {
          cur = from.get(cur)!;
          path.unshift(cur);
        }
        return [...path, childId];
      }
      queue.push(n);
    }
  }
  return null;
}

/** Every node of a tree, depth first (the order a table shows it in). */
export function flattenTree<N extends { children: N[] }>(nodes: N[]): N[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}
