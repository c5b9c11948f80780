import type { Locale } from '@eqms/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { formatQty, type Label } from '../../platform/labels/labels.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { products } from '../product/product.table.ts';

// A lot's label (README.md): what the platform's label renderer prints for one product stock row — the LOT ID in the
// barcodes (GET /barcode/{code} resolves it to the LOT), the product, the row's quantity, production day and expiry.
// It reads product-stock's tables and nothing else of that module.

/** The fields a lot label shows, of one product stock row. */
export type LabelLot = {
  id: number;
  lotId: string;
  productCode: string;
  productName: string;
  qty: number;
  unit: string;
  /** The production day. */
  day: string;
  expiryDate: string | null;
};

/** The stock rows in the order given (each once); any missing → 404. Discarded rows print too: a label is a record. */
export async function lotsOfStocks(db: Executor, ids: number[]): Promise<LabelLot[]> {
  const rows = await db
    .select({
      id: productStocks.id,
      lotId: lots.lotId,
      productCode: products.code,
      productName: products.name,
      qty: productStocks.qty,
      unit: products.unit,
      day: lots.day,
      expiryDate: lots.expiryDate,
    })
    .from(productStocks)
    .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
    .innerJoin(products, eq(products.id, lots.productId))
    .where(inArray(productStocks.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !byId.has(id))) throw notFound('Product stock');
  return unique.map((id) => byId.get(id) as LabelLot);
}

const CAPTIONS: Record<Locale, { day: string; expiry: string }> = {
  kr: { day: '생산일', expiry: '유통기한' },
  en: { day: 'Produced', expiry: 'Expiry' },
};

export function lotLabel(l: LabelLot, locale: Locale): Label {
  const c = CAPTIONS[locale];
  return {
    code: l.lotId,
    title: l.productCode,
    qty: formatQty(l.qty, l.unit),
    name: l.productName,
    foot: [
      { caption: c.day, ascii: 'MFD', value: l.day },
      ...(l.expiryDate ? [{ caption: c.expiry, ascii: 'EXP', value: l.expiryDate }] : []),
    ],
  };
}
