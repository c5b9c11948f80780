import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { AppError } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import type { Actor } from '../../platform/tx.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import type { ConsumedLotExpiry, ResultConsumption } from '../production-result/production-result.consume.ts';
import { productionProductHistories, productionProductStocks } from './production-product-stock.table.ts';
import { childProductsPerUnit, trackedProducts } from './production-product-stock.views.ts';

// Consumption of semi-finished lots by results (production-result's `result.consume-products` question): a daily
// plan's result consumes the BOM child products of its quantity from the plan's production product stock — first
// released, first consumed — in the caller's transaction, which holds the plan row's lock. A corrected result gives
// back what it no longer needs to the lots it took from, last taken first. The algorithm of production-material's
// consumeForResult on this module's tables (mirrored: sharing one function would mean parametrising it over two
// tables whose columns differ in name and kind). Only child products the plan tracks are consumed: those released to
// it and not all taken back (trackedProducts) — a sub-assembly nobody releases by lot does not hold results up.

/** What a daily plan has consumed so far, per production product stock row (net of give-backs). */
async function consumedBy(tx: Tx, dailyPlanId: number) {
  const rows = await tx
    .select({
      prodProductStockId: productionProductHistories.prodProductStockId,
      productId: productionProductStocks.productId,
      qty: sql<string>`-sum(${productionProductHistories.qty})`,
      lastId: sql<number>`max(${productionProductHistories.id})`,
    })
    .from(productionProductHistories)
    .innerJoin(productionProductStocks, eq(productionProductStocks.id, productionProductHistories.prodProductStockId))
    .where(and(eq(productionProductHistories.dailyPlanId, dailyPlanId), eq(productionProductHistories.type, 'CONSUME')))
    .groupBy(productionProductHistories.prodProductStockId, productionProductStocks.productId);
  return rows.map((r) => ({ ...r, qty: Number(r.qty), lastId: Number(r.lastId) })).filter((r) => r.qty > 0);
}

async function move(
  tx: Tx,
  actor: Actor,
  prodProductStockId: number,
  planId: number,
  change: number,
  dailyPlanId: number,
  day: string,
) {
  const q = String(change);
  const [row] = await tx
    .update(productionProductStocks)
    .set({
      qty: sql`${productionProductStocks.qty} + ${q}::numeric`,
      consumedQty: sql`${productionProductStocks.consumedQty} - ${q}::numeric`,
      ...updatedStamp(actor),
    })
    .where(eq(productionProductStocks.id, prodProductStockId))
    .returning({ qty: productionProductStocks.qty });
  await tx.insert(productionProductHistories).values({
    prodProductStockId,
    planId,
    type: 'CONSUME',
    qty: change,
    balance: row.qty,
    dailyPlanId,
    reason: change > 0 ? 'result corrected' : null,
    day,
    createdBy: actor.userId,
  });
}

/**
 * Brings a daily plan's consumption to what `totalQty` units of the plan's product take of each tracked child product
 * (BOM, loss included). Short at the line: 409 INSUFFICIENT_BOM_STOCK listing each product (productId, code, name,
 * requiredQty, stockQty at the line, shortageQty), nothing written. The caller holds the plan
 * row's lock. Answers whether the consumption changed.
 */
export const consumeProductsForResult: ResultConsumption = async (tx, actor, r) => {
  const perUnit = await childProductsPerUnit(tx, r.productId);
  const tracked = await trackedProducts(tx, r.planId);
  const taken = await consumedBy(tx, r.dailyPlanId);
  const productIds = new Set([
    ...[...perUnit.keys()].filter((id) => tracked.has(id)),
    ...taken.map((t) => t.productId),
  ]);
  const need = new Map<number, number>();
  for (const id of productIds) {
    const target = tracked.has(id) ? round5((perUnit.get(id) ?? 0) * r.totalQty) : 0;
    const had = round5(taken.filter((t) => t.productId === id).reduce((s, t) => s + t.qty, 0));
    const diff = round5(target - had);
    if (diff !== 0) need.set(id, diff);
  }
  if (need.size === 0) return false;

  // Give back first (last taken, first returned): what a smaller result no longer needs.
  for (const [productId, diff] of need) {
    if (diff > 0) continue;
    let rest = -diff;
    for (const t of taken.filter((x) => x.productId === productId).sort((a, b) => b.lastId - a.lastId)) {
      if (rest <= 0) break;
      const give = round5(Math.min(rest, t.qty));
      await move(tx, actor, t.prodProductStockId, r.planId, give, r.dailyPlanId, r.day);
      rest = round5(rest - give);
    }
  }

  const wanted = [...need].filter(([, diff]) => diff > 0);
  if (wanted.length === 0) return true;
  const available = await tx
    .select({
      id: productionProductStocks.id,
      productId: productionProductStocks.productId,
      qty: productionProductStocks.qty,
    })
    .from(productionProductStocks)
    .where(
      and(
        eq(productionProductStocks.planId, r.planId),
        inArray(
          productionProductStocks.productId,
          wanted.map(([id]) => id),
        ),
        gt(productionProductStocks.qty, 0),
      ),
    )
    .orderBy(asc(productionProductStocks.id))
    .for('update');
  const atLine = (id: number) => round5(available.filter((a) => a.productId === id).reduce((s, a) => s + a.qty, 0));
  const shortIds = wanted.filter(([id, diff]) => atLine(id) < diff);
  if (shortIds.length) {
    const info = await tx
      .select({ id: products.id, code: products.code, name: products.name })
      .from(products)
      .where(
        inArray(
          products.id,
          shortIds.map(([id]) => id),
        ),
      );
    // The materials' shape (bom.stock.ts insufficientBomStock), a product's id in place of the material's.
    const shortages = shortIds.map(([id, diff]) => {
      const c = info.find((x) => x.id === id);
      return {
        productId: id,
        code: c?.code ?? '',
        name: c?.name ?? '',
        requiredQty: diff,
        stockQty: atLine(id),
        shortageQty: round5(diff - atLine(id)),
      };
    });
    throw new AppError(409, 'INSUFFICIENT_BOM_STOCK', 'insufficient BOM stock', { shortages });
  }
  for (const [productId, diff] of wanted) {
    let rest = diff;
    for (const a of available.filter((x) => x.productId === productId)) {
      if (rest <= 0) break;
      const take = round5(Math.min(rest, a.qty));
      await move(tx, actor, a.id, r.planId, -take, r.dailyPlanId, r.day);
      rest = round5(rest - take);
    }
  }
  return true;
};

/** The earliest-expiring semi-finished lot the plan consumed some of (it caps the plan's own lot's expiry). */
export const consumedLotExpiry: ConsumedLotExpiry = async (db: Executor, planId) => {
  const [row] = await db
    .select({ expiryDate: lots.expiryDate, lotId: lots.lotId })
    .from(productionProductStocks)
    .innerJoin(lots, eq(lots.id, productionProductStocks.lotRowId))
    .where(
      and(
        eq(productionProductStocks.planId, planId),
        gt(productionProductStocks.consumedQty, 0),
        sql`${lots.expiryDate} is not null`,
      ),
    )
    .orderBy(asc(lots.expiryDate), asc(lots.id))
    .limit(1);
  return row?.expiryDate ? { expiryDate: row.expiryDate, lotId: row.lotId } : null;
};
