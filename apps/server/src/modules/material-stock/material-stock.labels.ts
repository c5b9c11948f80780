import type { Locale, MaterialStock } from '@eqms/contract';
import { formatQty, type Label } from '../../platform/labels/labels.ts';

// A stock package's label (README.md "Labels"): what the platform's label renderer (platform/labels) prints for one
// stock row — the package ID in the barcodes, the material, the quantity, received date and supplier lot.

/** The fields a label shows (a subset of a stock view). */
export type LabelStock = Pick<
  MaterialStock,
  'id' | 'packageId' | 'materialCode' | 'materialName' | 'qty' | 'unit' | 'receivedDate' | 'supplierLot'
>;

const CAPTIONS: Record<Locale, { received: string; lot: string }> = {
  kr: { received: '입고일', lot: '공급사 LOT' },
  en: { received: 'Received', lot: 'Supplier lot' },
};

export function materialStockLabel(s: LabelStock, locale: Locale): Label {
  const c = CAPTIONS[locale];
  return {
    code: s.packageId,
    title: s.materialCode,
    qty: formatQty(s.qty, s.unit),
    name: s.materialName,
    foot: [
      { caption: c.received, ascii: 'RCV', value: s.receivedDate },
      ...(s.supplierLot ? [{ caption: c.lot, ascii: 'LOT', value: s.supplierLot }] : []),
    ],
  };
}
