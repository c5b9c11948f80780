import {
  type BomKind,
  type BomNode,
  type BomRoot,
  bomEndpoints as ep,
  materialEndpoints,
  productEndpoints,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, callPage } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';

// BOM calls (SPEC §7 /bom) and the pick-lists of products and materials the screen uses.

/** A node of the table: the BOM node with a key unique in the tree (a shared sub-assembly appears more than once). */
export type BomRow = Omit<BomNode, 'children'> & { key: string; totalQty: number; children?: BomRow[] };

/** Rounded like the server (numeric(15,5)). */
export const round5 = (v: number) => Math.round((v + Math.sign(v) * Number.EPSILON) * 1e5) / 1e5;

/**
 * The tree for producing `qty` of the root: each node's quantity is qty × Π qty-per-unit × (1 + loss/100) down its
 * path, multiplied without intermediate rounding and rounded for display.
 */
export function scaleTree(nodes: BomNode[], qty: number, parentKey = ''): BomRow[] {
  const walk = (list: BomNode[], factor: number, prefix: string): BomRow[] =>
    list.map((n) => {
      const exact = factor * n.qty * (1 + n.lossRate / 100);
      const key = `${prefix}/${n.id}`;
      const { children, ...rest } = n;
      return {
        ...rest,
        key,
        totalQty: round5(exact),
        children: children.length ? walk(children, exact, key) : undefined,
      };
    });
  return walk(nodes, qty, parentKey);
}

export function flattenRows(rows: BomRow[]): BomRow[] {
  return rows.flatMap((r) => [r, ...flattenRows(r.children ?? [])]);
}

/** Products that have a BOM: the top-level ones and every product below them that has lines. */
export function productsWithBom(roots: BomRoot[]): Set<number> {
  const out = new Set<number>();
  const walk = (nodes: BomNode[]) => {
    for (const n of nodes) {
      if (n.childProductId != null && n.children.length) out.add(n.childProductId);
      walk(n.children);
    }
  };
  for (const r of roots) {
    out.add(r.productId);
    walk(r.tree);
  }
  return out;
}

export function useProductPage(q: string, page: number, size: number) {
  return useQuery({
    queryKey: ['product', 'products', 'bom-list', q, page, size],
    queryFn: ({ signal }) => callPage(productEndpoints.list, { query: { q: q || undefined, page, size }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBomRoots() {
  return useQuery({ queryKey: ['bom', 'tree'], queryFn: ({ signal }) => call(ep.roots, { signal }) });
}

export function useBomStock(productId: number | null, qty: number) {
  return useQuery({
    queryKey: ['bom', 'stock', productId, qty],
    queryFn: ({ signal }) => call(ep.stock, { params: { productId: productId!, qty }, signal }),
    enabled: productId != null && qty > 0,
    placeholderData: (prev) => (prev?.productId === productId ? prev : undefined),
  });
}

export function useWhereUsed(productId: number | null) {
  return useQuery({
    queryKey: ['bom', 'product', productId],
    queryFn: ({ signal }) => call(ep.whereUsed, { params: { id: productId! }, signal }),
    enabled: productId != null,
  });
}

export type PickItem = { id: number; code: string; name: string; specification: string | null; unit: string };

/** The pinned pick-list look-ups: products by code or name; materials by code or name (the first page when empty). */
export async function searchPick(kind: BomKind, term: string, signal?: AbortSignal): Promise<PickItem[]> {
  if (kind === 'PRODUCT') return call(productEndpoints.byName, { query: { name: term }, signal });
  if (!term.trim()) return (await callPage(materialEndpoints.list, { query: { page: 1, size: 50 }, signal })).data;
  return call(materialEndpoints.byName, { params: { name: term.trim() }, signal });
}

export type LineValues = {
  kind: BomKind;
  childId: number;
  qty: number;
  unit?: string | null;
  lossRate?: number | null;
  seq?: number | null;
  description?: string | null;
};

export function useBomApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['bom'] });
  const common = (v: Omit<LineValues, 'kind' | 'childId'>) => ({
    qty: v.qty,
    unit: v.unit || null,
    lossRate: v.lossRate ?? 0,
    seq: v.seq ?? undefined,
    description: v.description || null,
  });
  return {
    add: async (parentProductId: number, v: LineValues) => {
      const saved =
        v.kind === 'PRODUCT'
          ? await call(ep.createProduct, {
              body: { parentProductId, childProductId: v.childId, ...common(v) },
              silent: true,
            })
          : await call(ep.createMaterial, {
              body: { parentProductId, materialId: v.childId, ...common(v) },
              silent: true,
            });
      await refresh();
      return saved;
    },
    update: async (id: number, v: Omit<LineValues, 'kind' | 'childId'>) => {
      const saved = await call(ep.update, { body: { id, ...common(v) }, silent: true });
      await refresh();
      return saved;
    },
    remove: async (id: number) => {
      await call(ep.remove, { params: { id } });
      await refresh();
    },
    removeAll: async (productId: number) => {
      await call(ep.removeAll, { params: { id: productId } });
      await refresh();
    },
    copy: async (fromProductId: number, toProductId: number, replace: boolean) => {
      const lines = await call(ep.copy, { body: { fromProductId, toProductId, replace }, silent: true });
      await refresh();
      return lines;
    },
  };
}

/** The BOM_CYCLE text in the UI language with the path of the cycle, or null for another error. */
export function cycleText(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== 'BOM_CYCLE') return null;
  const path = Array.isArray(err.extraData?.path) ? (err.extraData.path as string[]) : [];
  return translateMessage(ruleMessage('bomCycle', { path: path.join(' → ') }), useAppStore.getState().locale);
}
