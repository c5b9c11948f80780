import { type BodyArgsOf, productionProductStockEndpoints as ep, productStockEndpoints } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, callPage, download } from '../../api/http.ts';
import { prodStockKeys } from '../product-stock/product-stock.queries.ts';

// Semi-finished lots released to production (SPEC §7 "Production product stock"): the plan tree, a plan's
// semi-finished requirement and released lots, a released lot's movements at the line, the released list of a period,
// the product stock rows a release picks from, and the two writes. A write refreshes the product stock screens too
// (their stock changed).

export type ShipOutValues = BodyArgsOf<typeof ep.shipOut>;
export type RestockValues = BodyArgsOf<typeof ep.shipRestock>;

export const issueKeys = {
  all: ['production-product-stock'] as const,
  tree: (from: string | undefined, to: string | undefined) =>
    ['production-product-stock', 'tree', from ?? '', to ?? ''] as const,
  plan: (planId: number) => ['production-product-stock', 'plan', planId] as const,
  history: (id: number) => ['production-product-stock', 'history', id] as const,
  list: (q: object) => ['production-product-stock', 'list', q] as const,
};

/** Sites → factories → lines → plans meeting the period (the server's default: today … a week on). */
export function useIssuePlanTree(from: string | undefined, to: string | undefined, enabled = true) {
  return useQuery({
    queryKey: issueKeys.tree(from, to),
    queryFn: ({ signal }) => call(ep.planTree, { query: { startDt: from, endDt: to }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A plan's semi-finished requirement and its released lots. */
export function usePlanProducts(planId: number | null) {
  return useQuery({
    queryKey: issueKeys.plan(planId ?? 0),
    queryFn: ({ signal }) => call(ep.planProducts, { params: { id: planId! }, signal }),
    enabled: planId != null,
  });
}

/** A released lot's movements at the line, oldest first. */
export function useIssueHistory(id: number | null) {
  return useQuery({
    queryKey: issueKeys.history(id ?? 0),
    queryFn: ({ signal }) => call(ep.history, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export type IssueListArgs = { startDt: string; endDt: string; q?: string };

/** Released lots of the plans meeting a period, one page. */
export function useIssueStocks(args: IssueListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: issueKeys.list({ ...args, page, size }),
    queryFn: ({ signal }) => callPage(ep.stocks, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

/** Every row of the period as the server's workbook (the Excel export). */
export const downloadIssueStocks = (args: IssueListArgs, fileName: string) =>
  download(ep.stocksExport, fileName, { query: { ...args, q: args.q || undefined } });

/** A product's stock rows with stock, first expiring first: where a release takes from. */
export function useLotChoices(productId: number | null) {
  return useQuery({
    queryKey: prodStockKeys.ofProduct(productId ?? 0),
    queryFn: ({ signal }) =>
      callPage(productStockEndpoints.productStocks, {
        params: { id: productId! },
        query: { page: 1, size: 200 },
        signal,
      }),
    enabled: productId != null,
    staleTime: 0,
  });
}

/** The stock rows of a scanned or typed LOT ID (discarded ones included); none when no lot has it (404). */
export function useScannedLot(lotId: string | null) {
  return useQuery({
    queryKey: prodStockKeys.lot(lotId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await call(productStockEndpoints.byLotId, { params: { lotId: lotId! }, signal, silent: true });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return [];
        throw err;
      }
    },
    enabled: !!lotId,
    staleTime: 0,
    retry: false,
  });
}

/** The two writes; each refreshes this screen's lists and every product stock list (and the BOM stock check). */
export function useIssueApi() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all(
      [issueKeys.all, prodStockKeys.all, ['bom', 'stock']].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
  return {
    shipOut: async (body: ShipOutValues) => {
      const saved = await call(ep.shipOut, { body, silent: true });
      await refresh();
      return saved;
    },
    restock: async (body: RestockValues) => {
      const saved = await call(ep.shipRestock, { body, silent: true });
      await refresh();
      return saved;
    },
  };
}
