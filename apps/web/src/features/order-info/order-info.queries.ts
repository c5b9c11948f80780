import {
  type BodyArgsOf,
  businessEndpoints as bizEp,
  orderEndpoints as orderEp,
  orderProductEndpoints as opEp,
} from '@eqms/contract';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// Business and order calls (SPEC §7 "Business", "Order", "Order-product"; paths in the order module's README). A
// write refreshes this screen and the partner screen's order trees; a plan made from an order product also refreshes
// the production plan screen. Writes a dialog shows on its fields are `silent`; deletes are not, so a refusal opens
// the API client's related-data dialog.

export type BusinessCreateValues = BodyArgsOf<typeof bizEp.create>;
export type OrderCreateValues = BodyArgsOf<typeof orderEp.create>;
export type OrderUpdateValues = BodyArgsOf<typeof orderEp.update>;
export type OrderProductCreateValues = BodyArgsOf<typeof opEp.create>;
export type OrderProductUpdateValues = BodyArgsOf<typeof opEp.update>;
export type OrderMaterialCreateValues = BodyArgsOf<typeof opEp.createMaterial>;
export type OrderMaterialUpdateValues = BodyArgsOf<typeof opEp.updateMaterial>;
export type OrderPlanValues = BodyArgsOf<typeof opEp.plan>;

export const orderInfoKeys = {
  all: ['orderInfo'] as const,
  partnerTree: (partnerId: number) => ['orderInfo', 'partner-tree', partnerId] as const,
  businesses: (args: object) => ['orderInfo', 'businesses', args] as const,
  business: (id: number) => ['orderInfo', 'business', id] as const,
  orders: (businessId: number) => ['orderInfo', 'orders', businessId] as const,
  products: (orderId: number) => ['orderInfo', 'products', orderId] as const,
  materials: (orderId: number) => ['orderInfo', 'materials', orderId] as const,
  orderProduct: (id: number) => ['orderInfo', 'order-product', id] as const,
  noProduction: (args: object) => ['orderInfo', 'no-production', args] as const,
  period: (args: object) => ['orderInfo', 'period', args] as const,
};
/** What else shows orders: the partner screen's trees, and the plans a planner made here. */
const ELSEWHERE = [['biz-partner'], ['productionPlan']];

/** The businesses (with their orders) of each expanded customer in the tree. */
export function usePartnerTrees(partnerIds: number[]) {
  return useQueries({
    queries: partnerIds.map((id) => ({
      queryKey: orderInfoKeys.partnerTree(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(bizEp.partnerTree, { params: { id }, signal }),
    })),
  });
}

export type BusinessListArgs = { bizPartnerId?: number; q?: string };

export function useBusinesses(args: BusinessListArgs, page: number, size: number) {
  return useQuery({
    queryKey: orderInfoKeys.businesses({ ...args, page, size }),
    queryFn: ({ signal }) => callPage(bizEp.list, { query: { ...args, q: args.q || undefined, page, size }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBusiness(id: number | undefined) {
  return useQuery({
    queryKey: orderInfoKeys.business(id ?? 0),
    queryFn: ({ signal }) => call(bizEp.get, { params: { id: id! }, signal, silent: true }),
    enabled: id != null,
    retry: false,
  });
}

export function useOrders(businessId: number | undefined) {
  return useQuery({
    queryKey: orderInfoKeys.orders(businessId ?? 0),
    queryFn: ({ signal }) => call(orderEp.orders, { params: { businessId: businessId! }, signal, silent: true }),
    enabled: businessId != null,
    retry: false,
  });
}

export function useOrderProducts(orderId: number | undefined) {
  return useQuery({
    queryKey: orderInfoKeys.products(orderId ?? 0),
    queryFn: ({ signal }) => call(opEp.byOrder, { params: { orderId: orderId! }, signal, silent: true }),
    enabled: orderId != null,
    retry: false,
  });
}

export function useOrderMaterials(orderId: number | undefined) {
  return useQuery({
    queryKey: orderInfoKeys.materials(orderId ?? 0),
    queryFn: ({ signal }) => call(opEp.materialsByOrder, { params: { orderId: orderId! }, signal, silent: true }),
    enabled: orderId != null,
    retry: false,
  });
}

/** One order product with the plans made for it. */
export function useOrderProduct(id: number | null) {
  return useQuery({
    queryKey: orderInfoKeys.orderProduct(id ?? 0),
    queryFn: ({ signal }) => call(opEp.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export type NoProductionArgs = { startDt?: string; endDt?: string; bizPartnerId?: number };

/** One page of the order products still to plan, with the total. */
export function useNoProduction(args: NoProductionArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: orderInfoKeys.noProduction({ ...args, page, size }),
    queryFn: ({ signal }) => callPage(opEp.noProduction, { query: { ...args!, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

/** Every order product still to plan under the filter (the list's workbook). */
export const allNoProduction = (args: NoProductionArgs) => call(opEp.noProduction, { query: args });

export type PeriodArgs = { startDt: string; endDt: string; bizPartnerId?: number; q?: string };

export function usePeriodProducts(args: PeriodArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: orderInfoKeys.period({ ...args, page, size }),
    queryFn: ({ signal }) =>
      callPage(opEp.period, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useOrderInfoApi() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([orderInfoKeys.all, ...ELSEWHERE].map((queryKey) => qc.invalidateQueries({ queryKey })));
  /** Saves, then refreshes what shows it (also when the save is refused: something else may have changed it). */
  const write = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } finally {
      await refresh();
    }
  };
  /** One id → the single delete, several → the bulk one (all or none). */
  const removeIds = (ids: number[], one: (id: number) => Promise<unknown>, bulk: (ids: number[]) => Promise<unknown>) =>
    write<unknown>(() => (ids.length === 1 ? one(ids[0]) : bulk(ids)));
  return {
    createBusiness: (body: BusinessCreateValues) => write(() => call(bizEp.create, { body, silent: true })),
    updateBusiness: (body: BodyArgsOf<typeof bizEp.update>) => write(() => call(bizEp.update, { body, silent: true })),
    removeBusinesses: (ids: number[]) =>
      removeIds(
        ids,
        (id) => call(bizEp.remove, { params: { id } }),
        (all) => call(bizEp.removeBulk, { params: { ids: all } }),
      ),
    createOrder: (body: OrderCreateValues) => write(() => call(orderEp.create, { body, silent: true })),
    updateOrder: (body: OrderUpdateValues) => write(() => call(orderEp.update, { body, silent: true })),
    removeOrders: (ids: number[]) =>
      removeIds(
        ids,
        (id) => call(orderEp.remove, { params: { id } }),
        (all) => call(orderEp.removeBulk, { params: { ids: all } }),
      ),
    createProduct: (body: OrderProductCreateValues) => write(() => call(opEp.create, { body, silent: true })),
    updateProduct: (body: OrderProductUpdateValues) => write(() => call(opEp.update, { body, silent: true })),
    removeProducts: (ids: number[]) =>
      removeIds(
        ids,
        (id) => call(opEp.remove, { params: { id } }),
        (all) => call(opEp.removeBulk, { params: { ids: all } }),
      ),
    createMaterial: (body: OrderMaterialCreateValues) => write(() => call(opEp.createMaterial, { body, silent: true })),
    updateMaterial: (body: OrderMaterialUpdateValues) => write(() => call(opEp.updateMaterial, { body, silent: true })),
    removeMaterials: (ids: number[]) =>
      removeIds(
        ids,
        (id) => call(opEp.removeMaterial, { params: { id } }),
        (all) => call(opEp.removeMaterials, { params: { ids: all } }),
      ),
    plan: (id: number, body: OrderPlanValues) => write(() => call(opEp.plan, { params: { id }, body, silent: true })),
  };
}
