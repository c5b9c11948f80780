import {
  type BodyArgsOf,
  type Product,
  productEndpoints,
  productStockEndpoints as ep,
  type QueryArgsOf,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage, download } from '../../api/http.ts';

// Product stock (SPEC §7 "Product stock"): the rows of a tree node or the whole list, the two trees, a row's ledger, a
// lot by its LOT ID (the phone), and the writes (add, adjust, dispose, note). Every write refreshes all of them.

export type AddValues = BodyArgsOf<typeof ep.add>;
type ListQuery = NonNullable<QueryArgsOf<typeof ep.stocks>>;

export const prodStockKeys = {
  all: ['product-stock'] as const,
  rows: (scope: ProdStockScope, f: ProdStockFilterValues, page: number, size: number) =>
    ['product-stock', 'rows', scope, f, page, size] as const,
  tree: (kind: TreeKind, f: TreeFilter) => ['product-stock', 'tree', kind, f] as const,
  history: (id: number) => ['product-stock', 'history', id] as const,
  lot: (lotId: string) => ['product-stock', 'lot', lotId] as const,
  ofProduct: (productId: number) => ['product-stock', 'product', productId] as const,
};

export type TreeKind = 'location' | 'item';
export type TreeFilter = { containQtyZero: boolean; includeDisposed: boolean };

/** The list's filters as the URL keeps them. */
export type ProdStockFilterValues = { q?: string; containQtyZero?: string; includeDisposed?: string };

/** Which rows the list shows: a tree node's location, product type, product or lot, or all. */
export type ProdStockScope = { locationId?: number; productType?: string; productId?: number; lotId?: string };

const flag = (v: boolean | string | undefined) => (v === true || v === 'true' ? ('true' as const) : undefined);

/** The filter query of the list endpoints (and the workbook). */
export function filterQuery(f: ProdStockFilterValues, scope: ProdStockScope): ListQuery {
  return {
    q: f.q || undefined,
    containQtyZero: flag(f.containQtyZero),
    includeDisposed: flag(f.includeDisposed),
    locationId: scope.locationId,
    productId: scope.productId,
    productType: scope.productType ? [scope.productType] : undefined,
    lotId: scope.lotId,
  };
}

export function useProdStockRows(scope: ProdStockScope, f: ProdStockFilterValues, page: number, size: number) {
  return useQuery({
    queryKey: prodStockKeys.rows(scope, f, page, size),
    queryFn: ({ signal }) => {
      const { locationId, productId } = scope;
      const { locationId: _l, productId: _p, ...rest } = filterQuery(f, scope);
      const query = { ...rest, page, size };
      // A location's rows and a product's rows have their own calls (SPEC §7); the rest filter the list.
      if (locationId != null) return callPage(ep.locationStocks, { params: { id: locationId }, query, signal });
      if (productId != null) return callPage(ep.productStocks, { params: { id: productId }, query, signal });
      return callPage(ep.stocks, { query, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** Every row of the filter as the server's workbook. */
export const downloadProdStocks = (f: ProdStockFilterValues, scope: ProdStockScope, fileName: string) =>
  download(ep.stocksExport, fileName, { query: filterQuery(f, scope) });

export function useProdStockTree(kind: TreeKind, f: TreeFilter) {
  return useQuery({
    queryKey: prodStockKeys.tree(kind, f),
    queryFn: ({ signal }) =>
      call(kind === 'location' ? ep.locationTree : ep.itemTree, {
        query: { containQtyZero: flag(f.containQtyZero), includeDisposed: flag(f.includeDisposed) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProdStockHistory(id: number | null) {
  return useQuery({
    queryKey: prodStockKeys.history(id ?? 0),
    queryFn: ({ signal }) => call(ep.history, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

/** Every row of a lot by its LOT ID (the phone); a 404 is left to the caller (silent). */
export function useLotRows(lotId: string | null) {
  return useQuery({
    queryKey: prodStockKeys.lot(lotId ?? ''),
    queryFn: ({ signal }) => call(ep.byLotId, { params: { lotId: lotId! }, signal, silent: true }),
    enabled: !!lotId,
    retry: false,
    staleTime: 0,
  });
}

/** A product's rows with stock (the phone, for a scanned product). */
export function useProductRows(productId: number | null) {
  return useQuery({
    queryKey: prodStockKeys.ofProduct(productId ?? 0),
    queryFn: ({ signal }) =>
      callPage(ep.productStocks, { params: { id: productId! }, query: { page: 1, size: 100 }, signal }),
    enabled: productId != null,
    staleTime: 0,
  });
}

/** The product pick-list: by code or name when text is typed, else the first page of products. */
export function useProductPick(term: string) {
  const text = term.trim();
  return useQuery({
    queryKey: ['product', 'stock-pick', text],
    queryFn: async ({ signal }): Promise<Product[]> =>
      text
        ? call(productEndpoints.byName, { query: { name: text }, signal })
        : (await callPage(productEndpoints.list, { query: { page: 1, size: 50 }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** The writes; each refreshes every product stock list, tree and ledger. Silent: the dialogs show the refusals. */
export function useProdStockApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: prodStockKeys.all });
  const after = async <T>(p: Promise<T>) => {
    const saved = await p;
    await refresh();
    return saved;
  };
  return {
    add: (body: AddValues) => after(call(ep.add, { body, silent: true })),
    adjust: (id: number, adjustedQty: number, description: string) =>
      after(call(ep.adjust, { params: { id }, body: { adjustedQty, description }, silent: true })),
    dispose: (id: number, reason: string | null) =>
      after(call(ep.dispose, { params: { id }, body: { reason }, silent: true })),
    note: (id: number, description: string | null) =>
      after(call(ep.update, { body: { id, description }, silent: true })),
  };
}
