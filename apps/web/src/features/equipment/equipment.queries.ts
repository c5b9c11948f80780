import {
  type BodyArgsOf,
  type EquipmentMovementType,
  equipmentEndpoints as ep,
  equipmentHistoryEndpoints as hep,
  equipmentStockEndpoints as sep,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// Equipment calls (SPEC §7 "Equipment", "Equipment stock", "Equipment history"). Writes that a form answers on its
// fields are `silent`; every write refreshes kinds, stock, trees and history (one key prefix), and the shell's alert.

export type EquipmentFormValues = BodyArgsOf<typeof ep.create>;
export type StockAddValues = BodyArgsOf<typeof sep.create>;
export type StockMoveValues = BodyArgsOf<typeof sep.move>;
export type StockEditValues = BodyArgsOf<typeof sep.update>;
export type StockTree = 'location' | 'stock' | 'tool';

export const equipmentKeys = { all: ['equipment'] as const };

export function useEquipmentKinds() {
  return useQuery({
    queryKey: [...equipmentKeys.all, 'kinds'],
    queryFn: ({ signal }) => call(ep.list, { query: {}, signal }),
  });
}

export function useStockTree(tree: StockTree) {
  return useQuery({
    queryKey: [...equipmentKeys.all, 'tree', tree],
    queryFn: ({ signal }) =>
      call(tree === 'location' ? sep.locationTree : tree === 'tool' ? sep.toolTree : sep.stockTree, { signal }),
  });
}

export type StockNode = { kind: string; id: number | null; code?: string | null };
export type StockRowsArgs = { node: StockNode | null; isDiscard: boolean | undefined };

/**
 * The stock rows of the tree's node — a location (and below), a tool, a kind, a type, or every row — one page of them
 * with the total, or every row without a page (the Excel export).
 */
export function stockRows(
  { node, isDiscard }: StockRowsArgs,
  page?: { page: number; size: number },
  signal?: AbortSignal,
) {
  const query = {
    isDiscard: isDiscard === undefined ? undefined : isDiscard ? 'true' : 'false',
    type: node?.kind === 'type' ? (node.code ?? undefined) : undefined,
    ...page,
  } as const;
  if (node?.kind === 'location' && node.id != null)
    return callPage(sep.atLocations, { params: { ids: String(node.id) }, query, signal });
  if (node?.kind === 'tool' && node.id != null) return callPage(sep.atTool, { params: { id: node.id }, query, signal });
  return callPage(sep.list, {
    query: { ...query, equipmentId: node?.kind === 'equipment' && node.id != null ? node.id : undefined },
    signal,
  });
}

export function useStockRows(args: StockRowsArgs, page: { page: number; size: number }) {
  const { node, isDiscard } = args;
  return useQuery({
    queryKey: [
      ...equipmentKeys.all,
      'stock',
      node?.kind ?? 'all',
      node?.id ?? node?.code ?? null,
      isDiscard ?? null,
      page.page,
      page.size,
    ],
    queryFn: ({ signal }) => stockRows(args, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStockHistories(stockId: number | null) {
  return useQuery({
    queryKey: [...equipmentKeys.all, 'histories', stockId],
    queryFn: ({ signal }) => call(sep.histories, { params: { id: stockId! }, signal }),
    enabled: stockId != null,
  });
}

export type HistoryArgs = {
  startDt: string;
  endDt: string;
  equipmentId?: number;
  type?: EquipmentMovementType;
  q?: string;
};

export function useEquipmentHistory(args: HistoryArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...equipmentKeys.all, 'history', args, page, size],
    queryFn: ({ signal }) =>
      callPage(hep.list, {
        query: { ...args!, type: args!.type ? [args!.type] : undefined, q: args!.q || undefined, page, size },
        signal,
      }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

/** Every movement of the filter (the history's Excel export). */
export const allHistory = (args: HistoryArgs) =>
  call(hep.list, { query: { ...args, type: args.type ? [args.type] : undefined, q: args.q || undefined } });

export function useEquipmentApi() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: equipmentKeys.all }),
      qc.invalidateQueries({ queryKey: ['shell-alerts'] }),
    ]);
  const after = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } finally {
      await refresh();
    }
  };
  return {
    create: (body: EquipmentFormValues) => after(() => call(ep.create, { body, silent: true })),
    update: (id: number, body: EquipmentFormValues) =>
      after(() => call(ep.update, { params: { id }, body, silent: true })),
    remove: (ids: number[]) => after(() => call(ep.remove, { params: { id: ids.join(',') } })),
    addStock: (body: StockAddValues) => after(() => call(sep.create, { body, silent: true })),
    move: (id: number, body: StockMoveValues) => after(() => call(sep.move, { params: { id }, body, silent: true })),
    discard: (id: number, reason: string, qty: number) =>
      after(() => call(sep.discard, { params: { id }, body: { discardItem: { reason, qty } }, silent: true })),
    edit: (id: number, body: StockEditValues) => after(() => call(sep.update, { params: { id }, body, silent: true })),
  };
}
