import type { BarcodeInfo, BarcodeLot, BarcodeType } from '@eqms/contract';
import { or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sameKey } from '../../platform/crud.ts';
import { AppError } from '../../platform/errors.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { materials } from '../material/material.table.ts';
import { products } from '../product/product.table.ts';
import { type StockDeps, stockByPackageId } from './material-stock.service.ts';

// GET /barcode/{code}: what a scanned code names (SPEC §3 "Barcode info"). Tried in the order a scan most often means:
// a stock package (its own label), a lot (the production issue's, through barcodeLotProvider), a material, a product
// (their barcode, else their code). Codes match without regard to case, as the unique keys do.

/** The lot a code names, or null: answered by the production module of a later issue; until then no code is a lot. */
export type BarcodeLotSource = (db: Executor, code: string) => Promise<BarcodeLot | null>;
export const barcodeLotProvider = defineProvider<BarcodeLotSource>('barcode.lot', async () => null);

/** SPEC §8 "Barcode not found": 404 with the code, which the scanner's warning appends in brackets. */
const barcodeNotFound = (code: string) =>
  new AppError(404, 'NOT_FOUND', `No corresponding barcode information found [${code}]`, { barcode: code });

async function materialByCode(db: Executor, code: string) {
  const [m] = await db
    .select({
      id: materials.id,
      code: materials.code,
      name: materials.name,
      specification: materials.specification,
      unit: materials.unit,
      barcode: materials.barcode,
      safetyStock: materials.safetyStock,
      // Spelled out: drizzle leaves a lone column unqualified in a one-table select, which the subquery would read as its own.
      stockQty: sql<string>`(select coalesce(sum(s.qty), 0) from material_stocks s where s.material_id = materials.id)`,
      stockCount:
        sql<number>`(select count(*) from material_stocks s where s.material_id = materials.id and s.qty > 0)`.mapWith(
          Number,
        ),
    })
    .from(materials)
    .where(or(sameKey(materials.barcode, code), sameKey(materials.code, code)))
    // A barcode match before a code match (another material's code may equal this barcode).
    .orderBy(sql`case when lower(${materials.barcode}) = lower(${code}) then 0 else 1 end`)
    .limit(1);
  return m ? { ...m, stockQty: Number(m.stockQty) } : null;
}

async function productByCode(db: Executor, code: string) {
  const [p] = await db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      specification: products.specification,
      unit: products.unit,
      barcode: products.barcode,
    })
    .from(products)
    .where(or(sameKey(products.barcode, code), sameKey(products.code, code)))
    .orderBy(sql`case when lower(${products.barcode}) = lower(${code}) then 0 else 1 end`)
    .limit(1);
  return p ?? null;
}

export async function resolveBarcode(
  deps: StockDeps,
  providers: Providers,
  code: string,
  type?: BarcodeType,
): Promise<BarcodeInfo> {
  const wants = (t: BarcodeType) => type === undefined || type === t;
  if (wants('MATERIAL_STOCK')) {
    const stock = await stockByPackageId(deps, code);
    if (stock) return { type: 'MATERIAL_STOCK', code, data: stock };
  }
  if (wants('LOT')) {
    const lot = await providers.get(barcodeLotProvider)(deps.db, code);
    if (lot) return { type: 'LOT', code, data: lot };
  }
  if (wants('MATERIAL')) {
    const material = await materialByCode(deps.db, code);
    if (material) return { type: 'MATERIAL', code, data: material };
  }
  if (wants('PRODUCT')) {
    const product = await productByCode(deps.db, code);
    if (product) return { type: 'PRODUCT', code, data: product };
  }
  throw barcodeNotFound(code);
}
