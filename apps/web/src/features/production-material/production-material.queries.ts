import {
  type BodyArgsOf,
  materialStockEndpoints,
  productionMaterialEndpoints as ep,
  type ProductionPlanTreeNode,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, callPage, download } from '../../api/http.ts';

// Material released to production (SPEC §7 "Material stock", the paths that name a plan): the plan tree, a plan's
// materials and released packages, a package's movements at the line, the released list of a period, and the two
// writes (release, restock). The keys start with 'material-stock' so a release or restock refreshes the warehouse
// screens too (their stock changed), and the warehouse's writes refresh these.

export type ShipOutValues = BodyArgsOf<typeof ep.shipOut>;
export type RestockValues = BodyArgsOf<typeof ep.restock>;

export const prodKeys = {
  all: ['material-stock', 'production'] as const,
  tree: (from: string | undefined, to: string | undefined) =>
    ['material-stock', 'production', 'tree', from ?? '', to ?? ''] as const,
  plan: (planId: number) => ['material-stock', 'production', 'plan', planId] as const,
  history: (id: number) => ['material-stock', 'production', 'history', id] as const,
  list: (q: object) => ['material-stock', 'production', 'list', q] as const,
  byBarcode: (code: string) => ['material-stock', 'production', 'barcode', code] as const,
  picking: (materialId: number) => ['material-stock', 'production', 'picking', materialId] as const,
};

/** Sites → factories → lines → plans meeting the period (the server's default: today … a week on). */
export function usePlanTree(from: string | undefined, to: string | undefined, enabled = true) {
  return useQuery({
    queryKey: prodKeys.tree(from, to),
    queryFn: ({ signal }) => call(ep.planTree, { query: { startDt: from, endDt: to }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A plan's materials against its BOM and its released packages. */
export function usePlanMaterials(planId: number | null) {
  return useQuery({
    queryKey: prodKeys.plan(planId ?? 0),
    queryFn: ({ signal }) => call(ep.planMaterials, { params: { id: planId! }, signal }),
    enabled: planId != null,
  });
}

/** A released package's movements at the line, oldest first. */
export function useProdHistory(id: number | null) {
  return useQuery({
    queryKey: prodKeys.history(id ?? 0),
    queryFn: ({ signal }) => call(ep.history, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export type ProdListArgs = { startDt: string; endDt: string; q?: string };

/** Released material of the plans meeting a period, one page. */
export function useProdStocks(args: ProdListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: prodKeys.list({ ...args, page, size }),
    queryFn: ({ signal }) => callPage(ep.stocks, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

/** Every row of the period as the server's workbook (the Excel export). */
export const downloadProdStocks = (args: ProdListArgs, fileName: string) =>
  download(ep.stocksExport, fileName, { query: { ...args, q: args.q || undefined } });

/** The rows of a material with stock, in picking order (first expired first out): where a release takes from. */
export function useReleaseRows(materialId: number | null) {
  return useQuery({
    queryKey: prodKeys.picking(materialId ?? 0),
    queryFn: ({ signal }) =>
      callPage(materialStockEndpoints.materialStocksOf, {
        params: { id: materialId! },
        query: { page: 1, size: 200 },
        signal,
      }),
    enabled: materialId != null,
    staleTime: 0,
  });
}

/** Released packages with this package ID still at a line; an empty list when nothing of it is at a line (404). */
export function useProdByBarcode(code: string | null) {
  return useQuery({
    queryKey: prodKeys.byBarcode(code ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await call(ep.byBarcode, { params: { code: code! }, signal, silent: true });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    enabled: !!code,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** The plans of a tree, flattened with their line's name (a phone's plan pick-list). */
export type PlanChoice = ProductionPlanTreeNode & { lineName: string; path: string[] };
export function plansOf(nodes: readonly ProductionPlanTreeNode[], path: string[] = []): PlanChoice[] {
  return nodes.flatMap((n) =>
    n.kind === 'PLAN'
      ? [{ ...n, lineName: path[path.length - 1] ?? '', path }]
      : plansOf(n.children, [...path, n.name]),
  );
}

/** The two writes; each refreshes the production and warehouse lists (and the BOM stock check that reads them). */
export function useProdApi() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all(
      [['material-stock'], ['material-history'], ['bom', 'stock']].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  return {
    refresh,
    shipOut: async (body: ShipOutValues) => {
      const saved = await call(ep.shipOut, { body, silent: true });
      await refresh();
      return saved;
    },
    restock: async (body: RestockValues) => {
      const saved = await call(ep.restock, { body, silent: true });
      await refresh();
      return saved;
    },
  };
}
