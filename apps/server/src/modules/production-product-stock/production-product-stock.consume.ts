import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { AppError } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import type { Actor } from '../../platform/tx.ts';
import { products } from '../product/product.table.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import type { ConsumedLotExpiry, ResultConsumption } from '../production-result/production-result.consume.ts';
import { type LotMayReleaseSource, lotMayReleaseProvider, lotOnHold } from './production-product-stock.service.ts';
import { productionProductHistories, productionProductStocks } from './production-product-stock.table.ts';
import { childProductsPerUnit, trackedProducts } from './production-product-stock.views.ts';

// Consumption of semi-finished lots by results (production-result's `result.consume-products` question): a daily
// plan's result consumes the BOM child products of its quantity from the plan's production product stock — first
// released, first consumed — in the caller's transaction, which holds the plan row's lock. A corrected result gives
// back what it no longer needs to the lots it took from, last taken first. The algorithm of production-material's
// consumeForResult on this module's tables (mirrored: sharing one function would mean parametrising it over two
// tables whose columns differ in name and kind). Only child products the plan tracks are consumed: those released to
// it and not all taken back (trackedProducts) — a sub-assembly nobody releases by lot does not hold results up.
// A lot held by quality (failed final inspection, asked through the question a release asks) is not consumed even
// when part of it reached the line before the hold: its rows are skipped, and a result that cannot be made without
// them is a 409 LOT_ON_HOLD naming the lot — production-material's rule for held packages.

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
 * The held ones among the lots of the product stock rows `productStockIds`, with their LOT IDs and why. Those
 * product stock rows are share-locked first, in id order — the order every writer of a held lot keeps (stock rows,
 * then hold): a disposition of one of them waits for this result's transaction, or this waits for it and sees it.
 */
async function heldLots(tx: Tx, productStockIds: number[], mayConsume: LotMayReleaseSource) {
  if (productStockIds.length === 0) return new Map<number, { lotRowId: number; lotId: string; reason: string }>();
  const stocks = await tx
    .select({ lotRowId: productStocks.lotRowId, lotId: lots.lotId })
    .from(productStocks)
    .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
    .where(inArray(productStocks.id, productStockIds))
    .orderBy(asc(productStocks.id))
    .for('share', { of: productStocks });
  const held = await mayConsume(tx, [...new Set(stocks.map((s) => s.lotRowId))]);
  return new Map(
    held.flatMap((h) => {
      const lot = stocks.find((x) => x.lotRowId === h.lotRowId);
      return lot ? [[lot.lotRowId, { ...lot, reason: h.reason ?? '' }] as const] : [];
    }),
  );
}

/**
 * Brings a daily plan's consumption to what `totalQty` units of the plan's product take of each tracked child product
 * (BOM, loss included), never from a held lot (production-product-stock's hold question, the quality module's
 * answer, from `providers`). Short at the line: 409 LOT_ON_HOLD when a held lot of a short product is at the line,
 * else 409 INSUFFICIENT_BOM_STOCK listing each product (productId, code, name, requiredQty, stockQty at the line,
 * shortageQty); nothing written either way. The caller holds the plan row's lock. Answers whether the consumption
 * changed.
 */
export const consumeProductsForResult: ResultConsumption = async (tx, actor, r, providers) => {
  const mayConsume = providers.get(lotMayReleaseProvider);
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
  const atLineRows = await tx
    .select({
      id: productionProductStocks.id,
      productId: productionProductStocks.productId,
      productStockId: productionProductStocks.productStockId,
      lotRowId: productionProductStocks.lotRowId,
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
  const held = await heldLots(tx, [...new Set(atLineRows.map((a) => a.productStockId))], mayConsume);
  const available = atLineRows.filter((a) => !held.has(a.lotRowId));
  const atLine = (id: number) => round5(available.filter((a) => a.productId === id).reduce((s, a) => s + a.qty, 0));
  const shortIds = wanted.filter(([id, diff]) => atLine(id) < diff);
  if (shortIds.length) {
    // Short only because a held lot sits at the line: the hold is the reason to give.
    for (const [id] of shortIds) {
      const blocked = atLineRows.find((a) => a.productId === id && held.has(a.lotRowId));
      if (blocked) {
        const lot = held.get(blocked.lotRowId)!;
        throw lotOnHold(lot, lot.reason);
      }
    }
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
