import { bizPartnerEndpoints, materialEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// Material calls of its own (SPEC §7 /material): the list, the writes and Excel are the master kit's
// (components/master); here are the look-ups by name and barcode and the supplier pick-list.

/** Up to 50 materials whose code or name contains the text (the look-up by name); nothing for a blank text. */
export function useMaterialsByName(name: string) {
  const text = name.trim();
  return useQuery({
    queryKey: ['material', 'by-name', text],
    queryFn: ({ signal }) => call(ep.byName, { params: { name: text }, signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The material with this barcode; a 404 when there is none (the look-up warns with the code). */
export const findMaterialByBarcode = (barcode: string) => call(ep.byBarcode, { params: { barcode }, silent: true });

/** Suppliers for the select; an error (no partner API yet) leaves it empty instead of a snackbar. */
export function useSupplierOptions() {
  return useQuery({
    queryKey: ['biz-partner', 'type', 'SUPPLIER'],
    queryFn: ({ signal }) => call(bizPartnerEndpoints.byType, { params: { type: 'SUPPLIER' }, signal, silent: true }),
    staleTime: 30_000,
    retry: false,
  });
}
