import { type BodyArgsOf, bizPartnerEndpoints as ep } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// Business partner calls (SPEC §7 "Biz partner"). The list is small (tens to hundreds of partners) and is also the
// pick-list of other screens, so it is loaded whole and filtered on the client.
export type BizPartnerFormValues = BodyArgsOf<typeof ep.create>;
export type ContactFormValues = NonNullable<BizPartnerFormValues['contacts']>[number];

export type OrderTreeKind = 'orders-tree' | 'order-material-tree' | 'order-product-tree';
const orderTreeEndpoint = {
  'orders-tree': ep.ordersTree,
  'order-material-tree': ep.orderMaterialTree,
  'order-product-tree': ep.orderProductTree,
} as const;

export const bizPartnerKeys = {
  all: ['biz-partner'] as const,
  list: ['biz-partner', 'list'] as const,
  tree: ['biz-partner', 'tree'] as const,
  orders: (kind: OrderTreeKind, id: number) => ['biz-partner', kind, id] as const,
};

export function useBizPartners() {
  return useQuery({
    queryKey: bizPartnerKeys.list,
    queryFn: ({ signal }) => call(ep.list, { signal }),
  });
}

export function useBizPartnerTree() {
  return useQuery({
    queryKey: bizPartnerKeys.tree,
    queryFn: ({ signal }) => call(ep.tree, { signal }),
  });
}

/** One of the partner's orders trees (empty until the production issue adds orders). */
export function useOrderTree(kind: OrderTreeKind, bizPartnerId: number | null) {
  return useQuery({
    queryKey: bizPartnerKeys.orders(kind, bizPartnerId ?? 0),
    queryFn: ({ signal }) => call(orderTreeEndpoint[kind], { query: { bizPartnerId: bizPartnerId! }, signal }),
    enabled: bizPartnerId != null,
  });
}

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

export const bizPartnerBody = (v: BizPartnerFormValues) => ({
  code: v.code,
  clientCode: text(v.clientCode),
  name: v.name,
  types: v.types ?? [],
  bizRegNo: text(v.bizRegNo),
  corpRegNo: text(v.corpRegNo),
  ceoName: text(v.ceoName),
  phone: text(v.phone),
  fax: text(v.fax),
  email: text(v.email),
  address: text(v.address),
  description: text(v.description),
  contacts: (v.contacts ?? []).map((c) => ({
    name: c.name,
    department: text(c.department),
    position: text(c.position),
    phone: text(c.phone),
    email: text(c.email),
  })),
  ext: v.ext,
});

export function useBizPartnerApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: bizPartnerKeys.all });
  return {
    refresh,
    create: async (v: BizPartnerFormValues) => {
      const saved = await call(ep.create, { body: bizPartnerBody(v), silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: BizPartnerFormValues) => {
      const saved = await call(ep.update, { body: { ...bizPartnerBody(v), id }, silent: true });
      await refresh();
      return saved;
    },
    /** Not silent: a partner still supplying materials opens the related-data dialog through the API client. */
    remove: async (ids: number[]) => {
      try {
        if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] } });
        else await call(ep.removeBulk, { params: { ids } });
      } finally {
        await refresh();
      }
    },
  };
}
