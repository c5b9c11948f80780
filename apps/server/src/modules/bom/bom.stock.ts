import { eq } from 'drizzle-orm';
import type { BomNode, BomRequirement, BomShortage, BomStock } from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { products } from '../product/product.table.ts';
import { round5 } from '../../platform/qty.ts';
import { explode, rollUp } from './bom.explode.ts';
import { linesBelow } from './bom.service.ts';

/**
 * The question BOM asks of stock (platform/providers.ts): material stock on hand per material id, or null when stock
 * is not tracked. The stock module (a later issue) provides it in its entry of the module list (modules/index.ts,
 * `provides: [provide(bomStockProvider, …)]`). Its answer when nobody does: null — requirements are computed, stock
 * is "not tracked" (null per material), and assertBomStock lets everything through. Both functions below ask the
 * app's registry they are given (`ctx.providers`).
 */
export type BomStockSource = (tx: Executor, materialIds: number[]) => Promise<Map<number, number> | null>;

export const bomStockProvider = defineProvider<BomStockSource>('bom.stock', async () => null);

type Requirements = { tree: BomNode[]; materials: Omit<BomRequirement, 'stockQty' | 'shortageQty' | 'sufficient'>[] };

/** The exploded tree (per 1 unit) and each material's requirement for `qty` of the product, by material code. */
export async function bomRequirements(db: Executor, productId: number, qty: number): Promise<Requirements> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product');
  const { lines, rows } = await linesBelow(db, [productId]);
  const required = rollUp(productId, lines, qty);
  const info = new Map<number, { code: string; name: string; specification: string | null; unit: string }>();
  for (const r of rows) {
    if (r.line.materialId == null) continue;
    info.set(r.line.materialId, {
      code: r.materialCode ?? '',
      name: r.materialName ?? '',
      specification: r.materialSpec ?? null,
      unit: r.materialUnit ?? r.line.unit,
    });
  }
  const materials = [...required]
    .map(([materialId, requiredQty]) => ({ materialId, ...info.get(materialId)!, requiredQty }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return { tree: explode(productId, lines), materials };
}

/**
 * GET /bom/tree/stock/{productId}/{qty}: requirements, and against stock when a module provides it (the app's
 * providers registry, `ctx.providers`).
 */
export async function bomStock(providers: Providers, db: Executor, productId: number, qty: number): Promise<BomStock> {
  const { tree, materials } = await bomRequirements(db, productId, qty);
  const stock = await providers.get(bomStockProvider)(
    db,
    materials.map((m) => m.materialId),
  );
  if (!stock) {
    return {
      productId,
      qty,
      tree,
      materials: materials.map((m) => ({ ...m, stockQty: null, shortageQty: null, sufficient: null })),
      sufficient: null,
    };
  }
  const withStock = materials.map((m) => {
    const stockQty = round5(stock.get(m.materialId) ?? 0);
    return {
      ...m,
      stockQty,
      shortageQty: round5(Math.max(0, m.requiredQty - stockQty)),
      sufficient: stockQty >= m.requiredQty,
    };
  });
  return { productId, qty, tree, materials: withStock, sufficient: withStock.every((m) => m.sufficient) };
}

/** 409 INSUFFICIENT_BOM_STOCK (SPEC §5 "BOM required stock must be sufficient") with each short material. */
export const insufficientBomStock = (shortages: BomShortage[]) =>
  new AppError(409, 'INSUFFICIENT_BOM_STOCK', 'insufficient BOM stock', { shortages });

/**
 * SPEC §5 "BOM required stock must be sufficient": throws 409 INSUFFICIENT_BOM_STOCK ('insufficient BOM stock',
 * extraData.shortages) when the stock provider holds less of a material than producing `qty` needs. Results at the line check the
 * line's released material instead (production-material.consume.ts); this checks the warehouse, inside the caller's transaction, with its `ctx.providers`; while stock is not tracked (the provider's fallback) there is
 * nothing to check against and it passes.
 */
export async function assertBomStock(
  providers: Providers,
  tx: Executor,
  productId: number,
  qty: number,
): Promise<void> {
  const { materials } = await bomStock(providers, tx, productId, qty);
  const shortages: BomShortage[] = materials
    .filter((m) => m.sufficient === false)
    .map((m) => ({
      materialId: m.materialId,
      code: m.code,
      name: m.name,
      requiredQty: m.requiredQty,
      stockQty: m.stockQty ?? 0,
      shortageQty: m.shortageQty ?? 0,
    }));
  if (shortages.length) throw insufficientBomStock(shortages);
}
