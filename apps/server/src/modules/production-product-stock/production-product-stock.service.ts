import {
  type ProductionProductStock,
  type ProductShipOut,
  type ProductShipRestock,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { updatedStamp } from '../../platform/crud.ts';
import { todayIn } from '../../platform/dates.ts';
import { AppError, conflict, invalidField } from '../../platform/errors.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { products } from '../product/product.table.ts';
import { outOfStock } from '../material-stock/material-stock.ledger.ts';
import { applyProductMovement } from '../product-stock/product-stock.ledger.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { productionPlans } from '../production-plan/production-plan.table.ts';
import { productionProductHistories, productionProductStocks } from './production-product-stock.table.ts';
import { childProductsPerUnit, getProdProductStock, type ProdProductDeps } from './production-product-stock.views.ts';

// Release (ship-out) and restock (ship-restock): a product stock row (one lot on a shelf) and a plan's production
// product stock change together, each with its ledger row, in one transaction. Locks are taken in one order — the
// plan row, then the product stock row, then the production product stock row — the order of production-material and
// of results, so a release, a restock and a result of the same plan never wait on each other in a circle. See
// README.md.

// ---- "May this lot be released?" (the quality seam) ----

/** A lot that may not be released to production nor consumed there, and why (shown to the user). */
export type LotHold = { lotRowId: number; reason?: string | null };
/**
 * The question a release (and a result's consumption) asks inside its transaction, after locking the product stock
 * rows, with their lots (lots.id): which of them may NOT go to production. The quality module answers it (a lot that
 * failed final inspection is held until dispositioned) with the answer it gives shipment; when nobody does, every lot
 * may be released.
 */
export type LotMayReleaseSource = (tx: Tx, lotRowIds: number[]) => Promise<LotHold[]>;
export const lotMayReleaseProvider = defineProvider<LotMayReleaseSource>(
  'production-product-stock.lot-may-release',
  async () => [],
);

/** 409 LOT_ON_HOLD naming the LOT ID and why (the hold's number): shipment's error, a message that says production. */
export function lotOnHold(lot: { lotRowId: number; lotId: string }, reason: string | null | undefined) {
  const data = { lotRowId: lot.lotRowId, lotId: lot.lotId, reason: reason ?? '' };
  const messageKey = ruleMessage('lotOnHoldProduction', { lotId: data.lotId, reason: data.reason });
  return new AppError(409, 'LOT_ON_HOLD', translateMessage(messageKey, 'en'), { ...data, messageKey });
}

/** The plan row, locked (400 on the field when missing: the plan is named by the body). */
async function lockPlanRow(tx: Tx, planId: number, field = 'planId') {
  const [plan] = await tx
    .select({ id: productionPlans.id, productId: productionPlans.productId, lineId: productionPlans.lineId })
    .from(productionPlans)
    .where(eq(productionPlans.id, planId))
    .for('update');
  if (!plan) throw invalidField(field, 'notExists');
  return plan;
}

type ProdRow = typeof productionProductStocks.$inferSelect;

async function writeProdLedger(
  tx: Tx,
  actor: Actor,
  row: ProdRow,
  entry: {
    type: 'RELEASE' | 'RESTOCK';
    qty: number;
    day: string;
    productStockHistoryId: number;
    reason?: string | null;
  },
) {
  await tx.insert(productionProductHistories).values({
    prodProductStockId: row.id,
    planId: row.planId,
    type: entry.type,
    qty: entry.qty,
    balance: row.qty,
    productStockHistoryId: entry.productStockHistoryId,
    reason: entry.reason ?? null,
    day: entry.day,
    createdBy: actor.userId,
  });
}

/**
 * Releases `qty` of a product stock row to a plan's line: the lot's product must be a child product in the BOM of
 * the plan's product (400 lotNotPlanChild), the row not discarded (409 lotDisposed); its RELEASE movement (409
 * OUT_OF_STOCK beyond its stock) and the plan's production product stock of that row grows by it (RELEASE).
 */
export async function shipOutProduct(
  deps: ProdProductDeps & { providers: Providers },
  actor: Actor,
  body: ProductShipOut,
): Promise<ProductionProductStock> {
  const today = todayIn(deps.timeZone);
  const mayRelease = deps.providers.get(lotMayReleaseProvider);
  const id = await withTx(deps.db, actor, (tx) => releaseProductInTx(tx, actor, today, body, mayRelease));
  return getProdProductStock(deps.db, id);
}

/**
 * shipOutProduct inside the caller's transaction (a seed may release this way); answers the production row's id.
 * The product stock row is locked before the hold question (as a disposition locks it before the hold row), so a
 * disposition of the lot waits for the release or the release for it — never both on what each read before the other.
 */
export async function releaseProductInTx(
  tx: Tx,
  actor: Actor,
  today: string,
  body: ProductShipOut,
  mayRelease: LotMayReleaseSource = lotMayReleaseProvider.fallback,
): Promise<number> {
  const plan = await lockPlanRow(tx, body.planId);
  // Locked before the disposed check, as putIntoStock does: a dispose committing in between is then seen.
  const [stock] = await tx
    .select({
      id: productStocks.id,
      lotRowId: productStocks.lotRowId,
      disposed: productStocks.disposed,
      lotId: lots.lotId,
      productId: lots.productId,
      unit: products.unit,
    })
    .from(productStocks)
    .innerJoin(lots, eq(lots.id, productStocks.lotRowId))
    .innerJoin(products, eq(products.id, lots.productId))
    .where(eq(productStocks.id, body.productStockId))
    .for('update', { of: productStocks });
  if (!stock) throw invalidField('productStockId', 'notExists');
  if (!(await childProductsPerUnit(tx, plan.productId)).has(stock.productId))
    throw invalidField('productStockId', 'lotNotPlanChild');
  if (stock.disposed) throw conflict('lotDisposed', { productStockId: stock.id });
  const held = (await mayRelease(tx, [stock.lotRowId])).find((h) => h.lotRowId === stock.lotRowId);
  if (held) throw lotOnHold(stock, held.reason);
  const moved = await applyProductMovement(
    tx,
    actor,
    stock.id,
    { type: 'RELEASE', qty: -body.qty, day: today, reason: null },
    stock.unit,
  );
  const q = String(body.qty);
  const [row] = await tx
    .insert(productionProductStocks)
    .values({
      planId: plan.id,
      productStockId: stock.id,
      lotRowId: stock.lotRowId,
      productId: stock.productId,
      lineId: plan.lineId,
      qty: body.qty,
      releasedQty: body.qty,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .onConflictDoUpdate({
      target: [productionProductStocks.planId, productionProductStocks.productStockId],
      set: {
        qty: sql`${productionProductStocks.qty} + ${q}::numeric`,
        releasedQty: sql`${productionProductStocks.releasedQty} + ${q}::numeric`,
        ...updatedStamp(actor),
      },
    })
    .returning();
  await writeProdLedger(tx, actor, row, {
    type: 'RELEASE',
    qty: body.qty,
    day: today,
    productStockHistoryId: moved.historyId,
  });
  return row.id;
}

/**
 * Returns `qty` of what a plan holds of a lot at its line to the product stock row it came from (RESTOCK on both
 * ledgers): not to a discarded row (409 lotDisposed), at most what is at the line (SPEC §5: restock ≤ released; 409
 * OUT_OF_STOCK with what there is).
 */
export async function shipRestockProduct(
  deps: ProdProductDeps,
  actor: Actor,
  body: ProductShipRestock,
): Promise<ProductionProductStock> {
  const today = todayIn(deps.timeZone);
  await withTx(deps.db, actor, async (tx) => {
    const [found] = await tx
      .select({
        planId: productionProductStocks.planId,
        productStockId: productionProductStocks.productStockId,
      })
      .from(productionProductStocks)
      .where(eq(productionProductStocks.id, body.prodProductStockId));
    if (!found) throw invalidField('prodProductStockId', 'notExists');
    await lockPlanRow(tx, found.planId, 'prodProductStockId');
    // Locked before the disposed check (as product-stock's putIntoStock): a discarded row takes nothing back.
    const [stock] = await tx
      .select({ disposed: productStocks.disposed })
      .from(productStocks)
      .where(eq(productStocks.id, found.productStockId))
      .for('update');
    if (stock.disposed) throw conflict('lotDisposed', { productStockId: found.productStockId });
    const moved = await applyProductMovement(tx, actor, found.productStockId, {
      type: 'RESTOCK',
      qty: body.qty,
      day: today,
      reason: body.reason ?? null,
    });
    const q = String(body.qty);
    const [row] = await tx
      .update(productionProductStocks)
      .set({
        qty: sql`${productionProductStocks.qty} - ${q}::numeric`,
        restockedQty: sql`${productionProductStocks.restockedQty} + ${q}::numeric`,
        ...updatedStamp(actor),
      })
      .where(and(eq(productionProductStocks.id, body.prodProductStockId), gte(productionProductStocks.qty, body.qty)))
      .returning();
    if (!row) {
      // Rolls the product stock movement back with the transaction.
      const [current] = await tx
        .select({ qty: productionProductStocks.qty, unit: products.unit })
        .from(productionProductStocks)
        .innerJoin(products, eq(products.id, productionProductStocks.productId))
        .where(eq(productionProductStocks.id, body.prodProductStockId));
      throw outOfStock(current.qty, body.qty, current.unit);
    }
    await writeProdLedger(tx, actor, row, {
      type: 'RESTOCK',
      qty: -body.qty,
      day: today,
      productStockHistoryId: moved.historyId,
      reason: body.reason,
    });
  });
  return getProdProductStock(deps.db, body.prodProductStockId);
}
