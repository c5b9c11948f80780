import {
  type BodyArgsOf,
  bizPartnerEndpoints,
  type ExpiryState,
  type MaterialMovementType,
  materialEndpoints,
  materialHistoryEndpoints as historyEp,
  materialSalesEndpoints as salesEp,
  materialStockEndpoints as ep,
  type QueryArgsOf,
  toolEndpoints,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// The warehouse's calls (SPEC §7 "Material stock", "Material history", "Material sales"): stock rows and their
// trees, receipts, corrections and moves, movements and daily totals, material sales and the combined sales view.

export type StockListArgs = NonNullable<QueryArgsOf<typeof ep.stocks>>;
export type ShipInValues = BodyArgsOf<typeof ep.shipIn>;
export type StockUpdateValues = BodyArgsOf<typeof ep.update>;
export type SaleValues = BodyArgsOf<typeof salesEp.create>;

export const stockKeys = {
  all: ['material-stock'] as const,
  rows: (scope: StockScope, q: StockFilterValues, page: number, size: number) =>
    ['material-stock', 'rows', scope, q, page, size] as const,
  totals: (q: object) => ['material-stock', 'totals', q] as const,
  tree: (kind: 'location' | 'material', zero: boolean) => ['material-stock', 'tree', kind, zero] as const,
  shippings: (id: number) => ['material-stock', 'shippings', id] as const,
  pick: (materialId: number) => ['material-stock', 'pick', materialId] as const,
};
export const historyKeys = { all: ['material-history'] as const };
export const salesKeys = { all: ['material-sales'] as const };

/** The stock list's filters as the URL keeps them (arrays as comma-separated text). */
export type StockFilterValues = {
  q?: string;
  materialType?: string;
  expiry?: string;
  soonDays?: number;
  containQtyZero?: string;
};

/** Which rows the list shows: a tree node's location, tool or material (or a material at one place), or all. */
export type StockScope = { locationId?: number; toolId?: number; materialId?: number };

const list = (text: string | undefined) => (text ? text.split(',').filter(Boolean) : undefined);

/** The filter query of the stock endpoints (and its Excel export). */
export function stockFilterQuery(f: StockFilterValues) {
  return {
    q: f.q || undefined,
    materialType: list(f.materialType),
    expiry: list(f.expiry) as ExpiryState[] | undefined,
    soonDays: f.soonDays,
    containQtyZero: f.containQtyZero === 'true' ? ('true' as const) : undefined,
  };
}

/** The scope as the stocks query's filters (the export and the combined cases). */
export const scopeQuery = (scope: StockScope) => ({
  locationId: scope.locationId,
  toolId: scope.toolId,
  materialId: scope.materialId,
});

export function useStockRows(scope: StockScope, filters: StockFilterValues, page: number, size: number) {
  return useQuery({
    queryKey: stockKeys.rows(scope, filters, page, size),
    queryFn: ({ signal }) => {
      const query = { ...stockFilterQuery(filters), page, size };
      const { locationId, toolId, materialId } = scope;
      // A location's rows and a material's rows (in picking order) have their own calls; the rest filter the list.
      if (locationId != null && toolId == null && materialId == null)
        return callPage(ep.locationStocks, { params: { id: locationId }, query, signal });
      if (materialId != null && locationId == null && toolId == null)
        return callPage(ep.materialStocksOf, { params: { id: materialId }, query, signal });
      return callPage(ep.stocks, { query: { ...query, ...scopeQuery(scope) }, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export type TotalsArgs = {
  q?: string;
  type?: string;
  belowSafety?: boolean;
  containQtyZero?: boolean;
  soonDays?: number;
};

export function useMaterialTotals(args: TotalsArgs, page: number, size: number) {
  return useQuery({
    queryKey: stockKeys.totals({ ...args, page, size }),
    queryFn: ({ signal }) =>
      callPage(ep.materialStocks, {
        query: {
          q: args.q || undefined,
          type: list(args.type),
          belowSafety: args.belowSafety ? 'true' : undefined,
          containQtyZero: args.containQtyZero ? 'true' : undefined,
          soonDays: args.soonDays,
          page,
          size,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStockTree(kind: 'location' | 'material', containQtyZero: boolean) {
  return useQuery({
    queryKey: stockKeys.tree(kind, containQtyZero),
    queryFn: ({ signal }) =>
      call(kind === 'location' ? ep.locationTree : ep.materialTree, {
        query: { containQtyZero: containQtyZero ? 'true' : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useShippings(id: number | null) {
  return useQuery({
    queryKey: stockKeys.shippings(id ?? 0),
    queryFn: ({ signal }) => call(ep.shippings, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

/** A material's rows with stock in picking order (first expired first out, then first in): the sell dialog's list. */
export function usePickingRows(materialId: number | null) {
  return useQuery({
    queryKey: stockKeys.pick(materialId ?? 0),
    queryFn: ({ signal }) =>
      callPage(ep.materialStocksOf, { params: { id: materialId! }, query: { page: 1, size: 200 }, signal }),
    enabled: materialId != null,
  });
}

/** The material pick-list: by code or name when text is typed, else the first page of the list. */
export function useMaterialPick(term: string) {
  const text = term.trim();
  return useQuery({
    queryKey: ['material', 'stock-pick', text],
    queryFn: async ({ signal }) =>
      text
        ? call(materialEndpoints.byName, { params: { name: text }, signal })
        : (await callPage(materialEndpoints.list, { query: { page: 1, size: 50 }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Business partners of a type (SUPPLIER for receipts, CUSTOMER for sales). */
export function usePartnersOfType(type: 'SUPPLIER' | 'CUSTOMER' | 'OUTSOURCER') {
  return useQuery({
    queryKey: ['biz-partner', 'type', type],
    queryFn: ({ signal }) => call(bizPartnerEndpoints.byType, { params: { type }, signal }),
    staleTime: 30_000,
  });
}

export function useTools() {
  return useQuery({
    queryKey: ['tool', 'tools'],
    queryFn: ({ signal }) => call(toolEndpoints.list, { signal }),
    staleTime: 60_000,
  });
}

/** Writes of the stock screen; each refreshes the warehouse lists (and the BOM stock check that reads them). */
export function useStockApi() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all(
      [stockKeys.all, historyKeys.all, salesKeys.all, ['bom', 'stock']].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  return {
    refresh,
    shipIn: async (body: ShipInValues) => {
      const saved = await call(ep.shipIn, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (body: StockUpdateValues) => {
      const saved = await call(ep.update, { body, silent: true });
      await refresh();
      return saved;
    },
    /** Not silent: a refused delete (movements, references) is shown by the API client. */
    remove: async (id: number) => {
      try {
        await call(ep.remove, { params: { id } });
      } finally {
        await refresh();
      }
    },
    sell: async (body: SaleValues) => {
      const saved = await call(salesEp.create, { body, silent: true });
      await refresh();
      return saved;
    },
    removeSales: async (ids: number[]) => {
      try {
        if (ids.length === 1) await call(salesEp.remove, { params: { id: ids[0] } });
        else await call(salesEp.removeBulk, { params: { ids } });
      } finally {
        await refresh();
      }
    },
  };
}

export type HistoryArgs = {
  from: string;
  to: string;
  materialId?: number;
  locationId?: number;
  type?: string;
  q?: string;
};
export const historyQuery = (a: HistoryArgs) => ({
  from: a.from,
  to: a.to,
  materialId: a.materialId,
  locationId: a.locationId,
  type: list(a.type) as MaterialMovementType[] | undefined,
  q: a.q || undefined,
});

export function useMovements(args: HistoryArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...historyKeys.all, 'movements', args, page, size],
    queryFn: ({ signal }) => callPage(historyEp.historys, { query: { ...historyQuery(args!), page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export type DailyArgs = { from: string; to: string; materialId?: number; q?: string };

export function useDailyTotals(args: DailyArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...historyKeys.all, 'daily', args, page, size],
    queryFn: ({ signal }) =>
      callPage(historyEp.dailyTotal, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export type SalesArgs = { from?: string; to?: string; materialId?: number; customerId?: number; q?: string };

export function useSales(args: SalesArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...salesKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) =>
      callPage(salesEp.sales, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export type ItemSalesArgs = {
  from: string;
  to: string;
  kind?: 'MATERIAL' | 'PRODUCT';
  customerId?: number;
  q?: string;
};

export function useItemSales(args: ItemSalesArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...salesKeys.all, 'items', args, page, size],
    queryFn: ({ signal }) =>
      callPage(salesEp.materialProdSales, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}
