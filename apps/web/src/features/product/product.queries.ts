import {
  type BodyArgsOf,
  DESIGN_IMAGE_MAX_BYTES,
  type Product,
  productEndpoints as ep,
  routeEndpoints,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callBlob, callPage, download } from '../../api/http.ts';

// Product calls (SPEC §7 /product) and the route pick-list. Writes are `silent`: the form shows field errors itself.
export type ProductListParams = { q?: string; type?: string; page: number; size: number };

export type ProductFormValues = BodyArgsOf<typeof ep.create>;

export const productKeys = {
  all: ['product'] as const,
  list: (p: ProductListParams) => ['product', 'list', p] as const,
  image: (id: number, fileId: number | null) => ['product', 'image', id, fileId] as const,
};

export function useProductList(params: ProductListParams) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => callPage(ep.list, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The route pick-list (route.list); an error (no rights) leaves the select empty instead of a snackbar. */
export function useRouteOptions() {
  return useQuery({
    queryKey: ['route', 'list'],
    queryFn: ({ signal }) => call(routeEndpoints.list, { signal, silent: true }),
    staleTime: 30_000,
    retry: false,
  });
}

/** The list's filters as the export's query (no paging: the export has every matching row). */
export const exportQuery = (p: ProductListParams) => ({ q: p.q, type: p.type });

/** Whether a chosen file may be sent as a design image (the server checks the bytes again). */
export function designImageProblem(file: { type: string; size: number }): 'onlyImages' | 'fileSize' | null {
  if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) return 'onlyImages';
  if (file.size > DESIGN_IMAGE_MAX_BYTES) return 'fileSize';
  return null;
}

/**
 * The design image as an object URL (an <img> cannot send the bearer token), fetched only when `enabled`;
 * keyed by the file id so a replaced image is fetched anew. The URL is revoked when it is no longer shown.
 */
export function useDesignImage(product: Pick<Product, 'id' | 'designImageId'> | null, enabled = true) {
  const query = useQuery({
    queryKey: productKeys.image(product?.id ?? 0, product?.designImageId ?? null),
    queryFn: async () => {
      return callBlob(ep.designImage, { params: { id: product!.id } });
    },
    enabled: enabled && !!product?.designImageId,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return { url, loading: query.isLoading };
}

const body = (v: ProductFormValues) => ({
  code: v.code.trim(),
  name: v.name,
  type: v.type,
  specification: v.specification || null,
  unit: v.unit,
  barcode: v.barcode?.trim() || null,
  routeId: v.routeId ?? null,
  lotQty: v.lotQty ?? null,
  packQty: v.packQty ?? null,
  safetyStock: v.safetyStock ?? null,
  description: v.description || null,
  ext: v.ext,
});

export function useProductApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: productKeys.all });
  return {
    refresh,
    create: async (v: ProductFormValues) => {
      const saved = await call(ep.create, { body: body(v), silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: ProductFormValues) => {
      const saved = await call(ep.update, { body: { ...body(v), id }, silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] } });
      else await call(ep.removeBulk, { params: { ids } });
      await refresh();
    },
    uploadImage: async (id: number, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const saved = await call(ep.setDesignImage, { params: { id }, body: form });
      await refresh();
      return saved;
    },
    removeImage: async (id: number) => {
      const saved = await call(ep.removeDesignImage, { params: { id } });
      await refresh();
      return saved;
    },
    downloadImage: (p: Product) =>
      download(ep.designImage, p.designImageName ?? 'design-image', { params: { id: p.id } }),
    byBarcode: (barcode: string) => call(ep.byBarcode, { query: { barcode }, silent: true }),
  };
}
