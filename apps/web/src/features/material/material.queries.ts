import { type BodyArgsOf, bizPartnerEndpoints, type DataOf, materialEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// Material master calls (SPEC §7 /material, first three bullets) and the supplier pick-list.
export type MaterialListParams = { q?: string; type?: string; page: number; size: number };

export type MaterialFormValues = BodyArgsOf<typeof ep.create>;

/** A business partner as GET /biz-partner/type/SUPPLIER answers it (helper "partner"). */
export type SupplierOption = DataOf<typeof bizPartnerEndpoints.byType>[number];

export const materialKeys = {
  all: ['material'] as const,
  list: (p: MaterialListParams) => ['material', 'list', p] as const,
  byName: (name: string) => ['material', 'by-name', name] as const,
};

export function useMaterialList(params: MaterialListParams) {
  return useQuery({
    queryKey: materialKeys.list(params),
    queryFn: ({ signal }) => callPage(ep.list, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Up to 50 materials whose code or name contains the text (the look-up by name); nothing for a blank text. */
export function useMaterialsByName(name: string) {
  const text = name.trim();
  return useQuery({
    queryKey: materialKeys.byName(text),
    queryFn: ({ signal }) => call(ep.byName, { params: { name: text }, signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Suppliers for the select; an error (no partner API yet) leaves it empty instead of a snackbar. */
export function useSupplierOptions() {
  return useQuery({
    queryKey: ['biz-partner', 'type', 'SUPPLIER'],
    queryFn: ({ signal }) => call(bizPartnerEndpoints.byType, { params: { type: 'SUPPLIER' }, signal, silent: true }),
    staleTime: 30_000,
    retry: false,
  });
}

/** The list's filters as the export's query (no paging: the export has every matching row). */
export const exportQuery = (p: MaterialListParams) => ({ q: p.q, type: p.type });

const body = (v: MaterialFormValues) => ({
  code: v.code.trim(),
  name: v.name,
  type: v.type,
  specification: v.specification || null,
  unit: v.unit,
  barcode: v.barcode?.trim() || null,
  safetyStock: v.safetyStock ?? null,
  supplierId: v.supplierId ?? null,
  description: v.description || null,
  ext: v.ext,
});

export function useMaterialApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: materialKeys.all });
  return {
    create: async (v: MaterialFormValues) => {
      const saved = await call(ep.create, { body: body(v), silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: MaterialFormValues) => {
      const saved = await call(ep.update, { body: { ...body(v), id }, silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] } });
      else await call(ep.removeBulk, { params: { ids } });
      await refresh();
    },
    byBarcode: (barcode: string) => call(ep.byBarcode, { params: { barcode }, silent: true }),
  };
}
