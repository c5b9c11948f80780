import {
  type BarcodeType,
  type BodyArgsOf,
  type LocationWithParent,
  locationEndpoints,
  materialStockEndpoints,
} from '@eqms/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../../api/http.ts';
import { lookUpBarcode } from '../../../components/scanner/barcode-info.ts';

// The phone screens' calls: a scanned code's meaning, a material's rows in picking order, the shelves, a receipt. The
// keys start with the desktop's 'material-stock', so a change on either side refreshes both.

/** The rows shown for a material on a phone; more are left to the desktop list. */
export const MOBILE_ROWS = 100;

export const mobileStockKeys = {
  barcode: (code: string, type?: BarcodeType) => ['material-stock', 'mobile', 'barcode', code, type ?? ''] as const,
  rowsOf: (materialId: number) => ['material-stock', 'mobile', 'rows', materialId] as const,
  shelves: ['location', 'with-parent'] as const,
};

/** What a scanned code names; null when nothing (the warning is shown once per look-up). */
export function useBarcodeInfo(code: string | null, type?: BarcodeType) {
  return useQuery({
    queryKey: mobileStockKeys.barcode(code ?? '', type),
    queryFn: () => lookUpBarcode(code ?? '', type),
    enabled: !!code,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** A material's rows with stock, first expired first out. */
export function useMaterialRows(materialId: number | null) {
  return useQuery({
    queryKey: mobileStockKeys.rowsOf(materialId ?? 0),
    queryFn: () =>
      callPage(materialStockEndpoints.materialStocksOf, {
        params: { id: materialId ?? 0 },
        query: { page: 1, size: MOBILE_ROWS },
      }),
    enabled: materialId != null,
    staleTime: 0,
  });
}

/** A shelf with the names from the root down to it (SPEC §5: materials go only on a shelf). */
export type Shelf = LocationWithParent;

export function useShelves() {
  return useQuery({
    queryKey: mobileStockKeys.shelves,
    queryFn: () => call(locationEndpoints.listWithParent),
    select: (rows) => rows.filter((l) => l.type === 'SHELF'),
    staleTime: 60_000,
  });
}

/** A scanned or typed shelf code: the shelf with that code (any case), else the one with that exact name. */
export function findShelf(shelves: readonly Shelf[], text: string): Shelf | undefined {
  const key = text.trim().toLowerCase();
  if (!key) return undefined;
  return shelves.find((s) => s.code?.toLowerCase() === key) ?? shelves.find((s) => s.name.trim().toLowerCase() === key);
}

export const shelfPath = (s: Shelf) => (s.path.length ? s.path : [s.name]).join(' / ');

export function useShipIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyArgsOf<typeof materialStockEndpoints.shipIn>) =>
      call(materialStockEndpoints.shipIn, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['material-stock'] }),
  });
}
