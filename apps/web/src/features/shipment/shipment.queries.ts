import {
  type BodyArgsOf,
  DATE_FORMAT,
  orderProductEndpoints,
  type ShipmentDetail,
  shipmentEndpoints as ep,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ApiError, call, callPage, callRaw, download, reportError } from '../../api/http.ts';

// Shipment calls (SPEC §7 "Shipment"): the list of a period, one shipment, today's and a lot's shipments (the phone),
// the FEFO pick, the BOM requirement, the note, and the writes. A shipment or a cancel moves product stock, so a
// write also refreshes what shows it (product stock, lots, order products, the item sales view).

export type ShipmentCreateValues = BodyArgsOf<typeof ep.create>;
export type CanceledFilter = 'true' | 'false';
export type ShipmentListArgs = {
  startDt: string;
  endDt: string;
  bizPartnerId?: number;
  productId?: number;
  orderProductId?: number;
  canceled?: CanceledFilter;
  q?: string;
};

export const shipmentKeys = { all: ['shipment'] as const };
const MOVED_BY_SHIPMENTS = [['product-stock'], ['lot'], ['order-product'], ['material-stock']];

export function useShipments(args: ShipmentListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...shipmentKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export const downloadShipments = (args: ShipmentListArgs, fileName: string) =>
  download(ep.listExport, fileName, { query: { ...args, q: args.q || undefined } });

export function useShipment(id: number | null) {
  return useQuery({
    queryKey: [...shipmentKeys.all, 'one', id],
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

/** The factory day's shipments with their lots (the phone's list). */
export function useTodayShipments(enabled = true) {
  return useQuery({
    queryKey: [...shipmentKeys.all, 'today'],
    queryFn: ({ signal }) => call(ep.today, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** The shipments of a lot by its LOT ID; a 404 (no such lot) is left to the caller. */
export function useLotShipments(lotId: string | null) {
  return useQuery({
    queryKey: [...shipmentKeys.all, 'lot', lotId],
    queryFn: ({ signal }) => call(ep.byLot, { params: { lotId: lotId! }, signal, silent: true }),
    enabled: !!lotId,
    retry: false,
    staleTime: 0,
  });
}

/** What a shipment of `qty` would take now, first expired first out. */
export const pickFefo = (productId: number, qty: number) => call(ep.pick, { query: { productId, qty } });

export type BomReqSubject =
  | { productId: number; qty: number }
  | { orderProductId: number; qty?: number }
  | { shipmentId: number; qty?: number };

export function useBomReqInfo(subject: BomReqSubject | null) {
  return useQuery({
    queryKey: [...shipmentKeys.all, 'bom-req', subject],
    queryFn: ({ signal }) => call(ep.bomReqInfo, { query: subject!, signal }),
    enabled: !!subject,
  });
}

/**
 * A lot's stock rows by its LOT ID (a scan), or null when there is no such lot (404, answered quietly: the form says
 * it on the spot). Other failures are reported by the API client.
 */
export async function lotStockRows(lotId: string) {
  try {
    return await call(ep.lotStocks, { params: { lotId }, silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    if (err instanceof ApiError) reportError(err);
    throw err;
  }
}

/** A product's stock rows, first expiring first (the lines' "add a lot" pick-list). */
export function useProductStockRows(productId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['product-stock', 'product', productId, 'shipment'],
    queryFn: ({ signal }) =>
      callPage(ep.productStocks, {
        params: { id: productId! },
        query: { page: 1, size: 200 },
        signal,
      }),
    enabled: productId != null && enabled,
    staleTime: 0,
  });
}

/**
 * Order products due within this many days either side of today: what a shipment is likely for (the two sides and
 * today make 365 days, within the period list's 366).
 */
const ORDER_WINDOW_DAYS = 182;

/** A customer's order products (due within ±6 months), by due date, narrowed by the typed text. */
export function useOrderProductPick(bizPartnerId: number | null | undefined, q: string, enabled = true) {
  return useQuery({
    queryKey: ['order-product', 'shipment-pick', bizPartnerId ?? null, q],
    queryFn: ({ signal }) => {
      const d = dayjs();
      return callPage(orderProductEndpoints.period, {
        query: {
          startDt: d.subtract(ORDER_WINDOW_DAYS, 'day').format(DATE_FORMAT),
          endDt: d.add(ORDER_WINDOW_DAYS, 'day').format(DATE_FORMAT),
          bizPartnerId: bizPartnerId ?? undefined,
          q: q.trim() || undefined,
          page: 1,
          size: 100,
        },
        signal,
      });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useOrderProduct(id: number | null | undefined) {
  return useQuery({
    queryKey: ['order-product', 'one', id],
    queryFn: ({ signal }) => call(orderProductEndpoints.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

/** Shipments dated in the last year may be listed at once (the list's period is at most 366 days). */
const SHIPPED_WINDOW_DAYS = 365;

/**
 * What was shipped of an order product (not canceled): the order product carries no shipped quantity, so it is summed
 * from its shipments of the last year.
 */
export function useShippedOfOrderProduct(orderProductId: number | null | undefined) {
  return useQuery({
    queryKey: [...shipmentKeys.all, 'shipped-of', orderProductId],
    queryFn: async ({ signal }) => {
      const d = dayjs();
      const page = await callPage(ep.list, {
        query: {
          startDt: d.subtract(SHIPPED_WINDOW_DAYS, 'day').format(DATE_FORMAT),
          endDt: d.format(DATE_FORMAT),
          orderProductId: orderProductId!,
          canceled: 'false',
          page: 1,
          size: 1000,
        },
        signal,
      });
      return Math.round(page.data.reduce((acc, s) => acc + s.totalQty, 0) * 1e5) / 1e5;
    },
    enabled: orderProductId != null,
  });
}

/** The shipment note PDF in a new tab; the tab is opened at the click so no pop-up blocker stops it. */
export async function openNote(s: Pick<ShipmentDetail, 'id'>) {
  const tab = window.open('', '_blank');
  try {
    const res = await callRaw(ep.note, { params: { id: s.id } });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
      throw new ApiError(res.status, body.code ?? 'UNKNOWN', body.message ?? res.statusText);
    }
    const url = URL.createObjectURL(new Blob([await res.blob()], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    if (err instanceof ApiError) reportError(err);
  }
}

export const downloadNote = (s: Pick<ShipmentDetail, 'id' | 'shipmentNo'>) =>
  download(ep.note, `shipment-note-${s.shipmentNo}.pdf`, { params: { id: s.id } });

export function useShipmentApi() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([shipmentKeys.all, ...MOVED_BY_SHIPMENTS].map((queryKey) => qc.invalidateQueries({ queryKey })));
  return {
    /** Silent: the form shows a refusal on the line it names. */
    create: async (body: ShipmentCreateValues) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    /** Silent: the cancel dialog shows a refusal. */
    cancel: async (ids: number[], reason: string | null) => {
      try {
        if (ids.length === 1) return [await call(ep.cancel, { body: { id: ids[0], reason }, silent: true })];
        return await call(ep.cancels, { body: { ids, reason }, silent: true });
      } finally {
        await refresh();
      }
    },
  };
}
