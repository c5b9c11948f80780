import { DESIGN_IMAGE_MAX_BYTES, type Product, productEndpoints as ep } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callBlob, download } from '../../api/http.ts';

// Product calls of its own (SPEC §7 /product): the list, the writes and Excel are the master kit's
// (components/master); here are the route pick-list, the barcode look-up and the design image.

/** The list's filters as the export's query (no paging: the export has every matching row). */
export { filterQuery as exportQuery } from '../../components/master/master-list.ts';

/** The route pick-list: the route screen's own list query (one cache entry for both screens). */
export { useRoutes as useRouteOptions } from '../route/route.queries.ts';

/** The product with this barcode; a 404 when there is none (the look-up warns with the code). */
export const findProductByBarcode = (barcode: string) => call(ep.byBarcode, { query: { barcode }, silent: true });

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
    queryKey: ['product', 'image', product?.id ?? 0, product?.designImageId ?? null],
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

export function uploadDesignImage(id: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(ep.setDesignImage, { params: { id }, body: form });
}

export const removeDesignImage = (id: number) => call(ep.removeDesignImage, { params: { id } });

export const downloadDesignImage = (p: Product) =>
  download(ep.designImage, p.designImageName ?? 'design-image', { params: { id: p.id } });
