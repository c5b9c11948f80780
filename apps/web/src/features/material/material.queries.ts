import type { Material } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http.ts';
import { filterQuery } from '../../components/export-query.ts';

// Material master calls (SPEC §7 /material, first three bullets) and the supplier pick-list.
export type MaterialListParams = { q?: string; type?: string; page: number; size: number };

export type MaterialFormValues = {
  code: string;
  name: string;
  type: string;
  specification?: string | null;
  unit: string;
  barcode?: string | null;
  safetyStock?: number | null;
  supplierId?: number | null;
  description?: string | null;
  ext?: Record<string, string>;
};

/** A business partner as GET /biz-partner/type/SUPPLIER answers it (helper "partner"); what the select needs. */
export type SupplierOption = { id: number; code: string; name: string };

export const materialKeys = {
  all: ['material'] as const,
  list: (p: MaterialListParams) => ['material', 'list', p] as const,
  byName: (name: string) => ['material', 'by-name', name] as const,
};

export function useMaterialList(params: MaterialListParams) {
  return useQuery({
    queryKey: materialKeys.list(params),
    queryFn: ({ signal }) => api.page<Material>('/material/materials', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Up to 50 materials whose code or name contains the text (the look-up by name); nothing for a blank text. */
export function useMaterialsByName(name: string) {
  const text = name.trim();
  return useQuery({
    queryKey: materialKeys.byName(text),
    queryFn: ({ signal }) => api.get<Material[]>(`/material/materials/by-name/${encodeURIComponent(text)}`, { signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Suppliers for the select; an error (no partner API yet) leaves it empty instead of a snackbar. */
export function useSupplierOptions() {
  return useQuery({
    queryKey: ['biz-partner', 'type', 'SUPPLIER'],
    queryFn: ({ signal }) => api.get<SupplierOption[]>('/biz-partner/type/SUPPLIER', { signal, silent: true }),
    staleTime: 30_000,
    retry: false,
  });
}

export const exportQuery = (p: MaterialListParams) => filterQuery({ q: p.q, type: p.type });

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
      const saved = await api.post<Material>('/material/material', body(v), { silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: MaterialFormValues) => {
      const saved = await api.put<Material>('/material', { ...body(v), id }, { silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      await api.del(ids.length === 1 ? `/material/${ids[0]}` : `/material/materials/${ids.join(',')}`);
      await refresh();
    },
    byBarcode: (barcode: string) =>
      api.get<Material>(`/material/by-barcode/${encodeURIComponent(barcode)}`, { silent: true }),
  };
}
