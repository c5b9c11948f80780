import { handLotIdOf, type ProductStock, type ProductStockAdd, type ProductStockAdjust } from '@eqms/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sameKey, uniqueConstraintOf, updatedStamp } from '../../platform/crud.ts';
import { addDays, todayIn } from '../../platform/dates.ts';
import { conflict, duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { assertStockPlace } from '../material-stock/material-stock.places.ts';
import { products } from '../product/product.table.ts';
import { applyProductMovement, putIntoStock } from './product-stock.ledger.ts';
import { lots, productStocks } from './product-stock.table.ts';
import { getProductStock, type ProductStockDeps } from './product-stock.views.ts';

// The product stock screen's writes (README.md): a row's note, a count adjustment, discarding a row, stock added by
// hand. Every quantity change goes through the ledger (product-stock.ledger.ts) in one transaction, the row locked
// first so concurrent writes queue on it and each reads the balance the one before left.

/** The row, locked for this transaction; 404 when it does not exist. */
async function lockRow(tx: Tx, id: number) {
  const [row] = await tx.select().from(productStocks).where(eq(productStocks.id, id)).for('update');
  if (!row) throw notFound('Product stock');
  return row;
}

async function unitOf(tx: Tx, lotRowId: number): Promise<string> {
  const [p] = await tx
    .select({ unit: products.unit })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(eq(lots.id, lotRowId));
  return p?.unit ?? '';
}

/** PUT /productstock/stock: the note only (a discarded row's too). */
export async function updateNote(
  deps: ProductStockDeps,
  actor: Actor,
  body: { id: number; description?: string | null },
): Promise<ProductStock> {
  await withTx(deps.db, actor, async (tx) => {
    await lockRow(tx, body.id);
    await tx
      .update(productStocks)
      .set({ description: body.description || null, ...updatedStamp(actor) })
      .where(eq(productStocks.id, body.id));
  });
  return getProductStock(deps, body.id);
}

/**
 * Sets a row to the counted quantity: the difference (zero included: the count is on record) is an ADJUST movement
 * with the description as its reason; the row keeps the quantity set and the description. A discarded row: 409
 * CONFLICT lotDisposedFixed.
 */
export async function adjustQty(
  deps: ProductStockDeps,
  actor: Actor,
  id: number,
  body: ProductStockAdjust,
): Promise<ProductStock> {
  await withTx(deps.db, actor, (tx) => adjustInTx(tx, actor, id, body, todayIn(deps.timeZone)));
  return getProductStock(deps, id);
}

/** adjustQty inside the caller's transaction (the demo seed's count corrections). */
export async function adjustInTx(tx: Tx, actor: Actor, id: number, body: ProductStockAdjust, day: string) {
  const row = await lockRow(tx, id);
  if (row.disposed) throw conflict('lotDisposedFixed', { productStockId: id });
  await applyProductMovement(
    tx,
    actor,
    id,
    { type: 'ADJUST', qty: round5(body.adjustedQty - row.qty), day, reason: body.description },
    await unitOf(tx, row.lotRowId),
  );
  await tx
    .update(productStocks)
    .set({ adjustedQty: body.adjustedQty, description: body.description, ...updatedStamp(actor) })
    .where(eq(productStocks.id, id));
}

/**
 * Discards a row: its whole quantity leaves stock by a DISPOSE movement (−qty, the reason on it) and it becomes a
 * discarded LOT (disposed, disposedAt), kept for the record and refusing any further stock or adjustment. Discarding
 * it again: 409 CONFLICT lotDisposedFixed.
 */
export async function disposeStock(
  deps: ProductStockDeps,
  actor: Actor,
  id: number,
  body: { reason?: string | null },
): Promise<ProductStock> {
  await withTx(deps.db, actor, (tx) => disposeInTx(tx, actor, id, body, todayIn(deps.timeZone)));
  return getProductStock(deps, id);
}

/** disposeStock inside the caller's transaction (the demo seed's discarded lots). */
export async function disposeInTx(tx: Tx, actor: Actor, id: number, body: { reason?: string | null }, day: string) {
  const row = await lockRow(tx, id);
  if (row.disposed) throw conflict('lotDisposedFixed', { productStockId: id });
  await applyProductMovement(tx, actor, id, { type: 'DISPOSE', qty: -row.qty, day, reason: body.reason || null });
  await tx
    .update(productStocks)
    .set({ disposed: true, disposedAt: new Date(), ...updatedStamp(actor) })
    .where(eq(productStocks.id, id));
}

/**
 * The next free `M<day>-<code>-<seq>` of a product and day (the highest sequence taken + 1). Concurrent adds of one
 * product and day queue on a transaction lock of the prefix, so each reads the sequence the one before took.
 */
async function nextHandLotId(tx: Tx, day: string, productCode: string): Promise<string> {
  const prefix = handLotIdOf(day, productCode, 0).slice(0, -3);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lots:${prefix.toLowerCase()}`}))`);
  const [{ seq }] = await tx
    .select({
      seq: sql<number>`coalesce(max(case when substr(${lots.lotId}, ${prefix.length + 1}) ~ '^[0-9]+$'
        then substr(${lots.lotId}, ${prefix.length + 1})::int end), 0)`.mapWith(Number),
    })
    .from(lots)
    .where(sql`lower(${lots.lotId}) like lower(${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`);
  return handLotIdOf(day, productCode, seq + 1);
}

/**
 * Stock added by hand (SPEC §7 stock-add) in the caller's transaction: the lot — the one a given LOT ID names when it
 * is a hand-added lot of the same product, else a new one (plan_id null; LOT ID given or the next `M…`; expiry given or
 * the production day + the product's shelf life) — then its row on the shelf grows by an ADD movement. A LOT ID held
 * by a plan's lot or another product's lot, in any case: 409 DUPLICATE on lotId.
 */
async function insertAdd(tx: Tx, actor: Actor, body: ProductStockAdd, today: string): Promise<number> {
  const [product] = await tx
    .select({ id: products.id, code: products.code, name: products.name, shelfLifeDays: products.shelfLifeDays })
    .from(products)
    .where(eq(products.id, body.productId));
  if (!product) throw invalidField('productId', 'notExists');
  await assertStockPlace(tx, { locationId: body.locationId, toolId: null });
  let lotRowId: number | null = null;
  if (body.lotId) {
    const [held] = await tx
      .select({ id: lots.id, lotId: lots.lotId, productId: lots.productId, planId: lots.planId })
      .from(lots)
      .where(sameKey(lots.lotId, body.lotId));
    if (held) {
      if (held.planId != null || held.productId !== product.id) {
        const [owner] = await tx.select({ name: products.name }).from(products).where(eq(products.id, held.productId));
        throw duplicate('lotId', {
          value: body.lotId,
          existing: { id: held.id, key: held.lotId, name: owner?.name ?? null },
        });
      }
      lotRowId = held.id;
    }
  }
  if (lotRowId == null) {
    const day = body.day ?? today;
    const shelfLife = product.shelfLifeDays != null ? addDays(day, product.shelfLifeDays) : null;
    const expiryDate = body.expiryDate ?? shelfLife;
    const [made] = await tx
      .insert(lots)
      .values({
        lotId: body.lotId ?? (await nextHandLotId(tx, day, product.code)),
        productId: product.id,
        planId: null,
        day,
        expiryDate,
        // A date entered by hand has no reason, unless it is the shelf life's.
        expiryReason: expiryDate != null && expiryDate === shelfLife ? 'SHELF_LIFE' : null,
        description: body.description || null,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: lots.id });
    lotRowId = made.id;
  }
  const row = await putIntoStock(tx, actor, lotRowId, body.locationId, {
    type: 'ADD',
    qty: body.qty,
    day: today,
    reason: body.description || null,
  });
  return row.id;
}

/**
 * POST /productstock/stock-add. Two adds making the same new LOT ID at once: the second one's insert breaks the unique
 * key and it runs again, now finding the lot (more of it, or 409 DUPLICATE) or, for a made ID, the next sequence.
 */
export async function addStock(deps: ProductStockDeps, actor: Actor, body: ProductStockAdd): Promise<ProductStock> {
  const today = todayIn(deps.timeZone);
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await withTx(deps.db, actor, (tx) => insertAdd(tx, actor, body, today));
      return getProductStock(deps, id);
    } catch (e) {
      if (uniqueConstraintOf(e) !== 'lots_lot_id_unique') throw e;
      if (attempt >= 4) throw duplicate('lotId');
    }
  }
}
