import {
  type RuleMessageKey,
  ruleMessage,
  type ShipmentCreate,
  type ShipmentDetail,
  shipmentNoOf,
  translateMessage,
} from '@eqms/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { createdStamp, updatedStamp } from '../../platform/crud.ts';
import { todayIn } from '../../platform/dates.ts';
import { AppError, conflict, invalidField, notFound } from '../../platform/errors.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { assertPartnerOfType } from '../biz-partner/biz-partner.service.ts';
import { businesses } from '../business/business.table.ts';
import { outOfStock } from '../material-stock/material-stock.ledger.ts';
import { CUSTOMER } from '../material-stock/material-sales.service.ts';
import { orderProducts, orders } from '../order/order.table.ts';
import { products } from '../product/product.table.ts';
import { applyProductMovement } from '../product-stock/product-stock.ledger.ts';
import { fefoPick, lockAvailableRows, lockStockRows, type StockRow } from './shipment.stock.ts';
import { shipmentLots, shipments } from './shipment.table.ts';
import { shipmentsByIds } from './shipment.views.ts';

// Shipping and cancelling (README.md). Each is one transaction: the stock rows are locked in id order, every line is
// checked (all or none), then every quantity moves through product-stock's ledger (SHIP / SHIP_CANCEL) and the
// shipment keeps the ledger rows it wrote.

/** What the writes need: the database, the app's providers (may this lot ship?) and the factory's time zone. */
export type ShipmentDeps = { db: Db; providers: Providers; timeZone: string };

// ---- "May this lot ship?" (the quality seam) ----

/** A lot that may not ship, and why (shown to the user). */
export type LotHold = { lotRowId: number; reason?: string | null };
/**
 * The question a shipment asks before it takes stock, inside its transaction, with the lot rows (lots.id) it would
 * ship: which of them may NOT ship. The quality module (a later issue: a lot that failed inspection is held until
 * dispositioned) answers it in its entry of the module list; until then nobody does and every lot may ship.
 */
export type LotMayShipSource = (tx: Tx, lotRowIds: number[]) => Promise<LotHold[]>;
export const lotMayShipProvider = defineProvider<LotMayShipSource>('shipment.lot-may-ship', async () => []);

function refusal(status: number, code: 'OUT_OF_STOCK' | 'LOT_ON_HOLD', key: RuleMessageKey, data: object) {
  const params = Object.fromEntries(
    Object.entries(data).filter((e): e is [string, string | number] => ['string', 'number'].includes(typeof e[1])),
  );
  const messageKey = ruleMessage(key, params);
  return new AppError(status, code, translateMessage(messageKey, 'en'), { ...data, messageKey });
}

/** 409 OUT_OF_STOCK naming the lot: the row holds less than the line asks. */
const outOfStockLot = (row: StockRow, requested: number, unit: string) =>
  refusal(409, 'OUT_OF_STOCK', 'outOfStockLot', {
    lotId: row.lotId,
    productStockId: row.id,
    available: row.qty,
    requested,
    unit,
  });

async function assertMayShip(providers: Providers, tx: Tx, rows: StockRow[]) {
  const lotRowIds = [...new Set(rows.map((r) => r.lotRowId))];
  const holds = await providers.get(lotMayShipProvider)(tx, lotRowIds);
  const held = holds.find((h) => lotRowIds.includes(h.lotRowId));
  if (!held) return;
  const row = rows.find((r) => r.lotRowId === held.lotRowId)!;
  throw refusal(409, 'LOT_ON_HOLD', 'lotOnHold', {
    lotRowId: row.lotRowId,
    lotId: row.lotId,
    reason: held.reason ?? '',
  });
}

// ---- shipping ----

/** The order product must be of this product and of a business of this customer (400 on orderProductId). */
async function assertOrderProduct(tx: Tx, body: ShipmentCreate) {
  if (body.orderProductId == null) return;
  const [op] = await tx
    .select({ productId: orderProducts.productId, partnerId: businesses.bizPartnerId })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orderProducts.id, body.orderProductId));
  if (!op) throw invalidField('orderProductId', 'notExists');
  if (op.productId !== body.productId) throw invalidField('orderProductId', 'orderProductOtherProduct');
  if (op.partnerId !== body.bizPartnerId) throw invalidField('orderProductId', 'orderProductOtherCustomer');
}

type Line = { row: StockRow; qty: number };

/** The lines given: each a row of a lot of the product, not discarded, holding the quantity (rows locked). */
async function givenLines(tx: Tx, body: ShipmentCreate, unit: string): Promise<Line[]> {
  const given = body.lots ?? [];
  const rows = new Map(
    (
      await lockStockRows(
        tx,
        given.map((l) => l.productStockId),
      )
    ).map((r) => [r.id, r]),
  );
  given.forEach((line, i) => {
    const row = rows.get(line.productStockId);
    if (!row) throw invalidField(`lots.${i}.productStockId`, 'notExists');
    if (row.productId !== body.productId) throw invalidField(`lots.${i}.productStockId`, 'shipmentLotOtherProduct');
  });
  return given.map((line) => {
    const row = rows.get(line.productStockId)!;
    if (row.disposed) {
      throw conflict('lotDisposedShip', { productStockId: row.id, lotId: row.lotId }, { lotId: row.lotId });
    }
    if (line.qty > row.qty) throw outOfStockLot(row, line.qty, unit);
    return { row, qty: line.qty };
  });
}

/** A quantity only: picked first expired first out from the product's rows (all locked); short → OUT_OF_STOCK. */
async function pickedLines(tx: Tx, productId: number, qty: number, unit: string): Promise<Line[]> {
  const rows = await lockAvailableRows(tx, productId);
  const { lines, picked } = fefoPick(rows, qty);
  if (picked < qty) throw outOfStock(picked, qty, unit);
  return lines;
}

/**
 * The next free `S<yyyymmdd>-<seq>` of the shipment date. Concurrent shipments of one day queue on a transaction lock
 * of the day, so each reads the number the one before took: no DUPLICATE ever reaches a user. Taken after the stock
 * rows' locks (one order for every shipment).
 */
async function nextShipmentNo(tx: Tx, day: string): Promise<string> {
  const prefix = shipmentNoOf(day, 0).slice(0, -3);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shipments:${prefix}`}))`);
  const [{ seq }] = await tx
    .select({
      seq: sql<number>`coalesce(max(case when substr(${shipments.shipmentNo}, ${prefix.length + 1}) ~ '^[0-9]{1,9}$'
        then substr(${shipments.shipmentNo}, ${prefix.length + 1})::int end), 0)`.mapWith(Number),
    })
    .from(shipments)
    .where(and(eq(shipments.shipmentDt, day), sql`${shipments.shipmentNo} like ${`${prefix}%`}`));
  return shipmentNoOf(day, seq + 1);
}

/**
 * POST /shipment: 400 for a partner that is not a customer, a missing product, an order product of another product or
 * customer, a stock row missing or of another product; 409 for a discarded row, a line beyond its row's stock
 * (OUT_OF_STOCK naming the LOT ID), a quantity beyond the product's stock, a lot on hold (LOT_ON_HOLD). All or none.
 */
export async function createShipment(deps: ShipmentDeps, actor: Actor, body: ShipmentCreate): Promise<ShipmentDetail> {
  const id = await withTx(deps.db, actor, (tx) => shipInTx(tx, deps.providers, actor, body));
  return (await shipmentsByIds(deps.db, [id]))[0];
}

/** createShipment inside the caller's transaction (the demo seed ships this way); answers the shipment's id. */
export async function shipInTx(tx: Tx, providers: Providers, actor: Actor, body: ShipmentCreate): Promise<number> {
  await assertPartnerOfType(tx, body.bizPartnerId, CUSTOMER, 'bizPartnerId');
  const [product] = await tx
    .select({ id: products.id, unit: products.unit })
    .from(products)
    .where(eq(products.id, body.productId));
  if (!product) throw invalidField('productId', 'notExists');
  await assertOrderProduct(tx, body);
  const lines = body.lots?.length
    ? await givenLines(tx, body, product.unit)
    : await pickedLines(tx, product.id, body.qty!, product.unit);
  await assertMayShip(
    providers,
    tx,
    lines.map((l) => l.row),
  );
  const shipmentNo = await nextShipmentNo(tx, body.shipmentDt);
  const [shipment] = await tx
    .insert(shipments)
    .values({
      shipmentNo,
      bizPartnerId: body.bizPartnerId,
      orderProductId: body.orderProductId,
      productId: product.id,
      shipmentDt: body.shipmentDt,
      description: body.description || null,
      ...createdStamp(actor),
    })
    .returning({ id: shipments.id });
  for (const line of lines) {
    const moved = await applyProductMovement(
      tx,
      actor,
      line.row.id,
      { type: 'SHIP', qty: -line.qty, day: body.shipmentDt, reason: shipmentNo },
      product.unit,
    );
    await tx.insert(shipmentLots).values({
      shipmentId: shipment.id,
      productStockId: line.row.id,
      lotRowId: line.row.lotRowId,
      qty: line.qty,
      shipHistoryId: moved.historyId,
      ...createdStamp(actor),
    });
  }
  return shipment.id;
}

// ---- cancelling ----

/**
 * PUT /shipment/cancel(s), all or none: 404 when one is missing, 409 CONFLICT shipmentCanceled when one is canceled
 * already, 409 CONFLICT shipmentCancelDisposed when a line's stock row was discarded since (a discarded LOT takes no
 * stock back). Each line's quantity returns to its row (SHIP_CANCEL, today); the shipments stay, marked canceled.
 */
export async function cancelShipments(
  deps: ShipmentDeps,
  actor: Actor,
  ids: number[],
  reason: string | null | undefined,
): Promise<ShipmentDetail[]> {
  const unique = [...new Set(ids)];
  const today = todayIn(deps.timeZone);
  await withTx(deps.db, actor, (tx) => cancelInTx(tx, actor, unique, reason, today));
  return shipmentsByIds(deps.db, unique);
}

/** cancelShipments inside the caller's transaction, dated `today` (the demo seed cancels this way). */
export async function cancelInTx(
  tx: Tx,
  actor: Actor,
  unique: number[],
  reason: string | null | undefined,
  today: string,
): Promise<void> {
  const rows = await tx
    .select({ id: shipments.id, shipmentNo: shipments.shipmentNo, canceled: shipments.canceled })
    .from(shipments)
    .where(inArray(shipments.id, unique))
    .orderBy(asc(shipments.id))
    .for('update');
  if (rows.length !== unique.length) throw notFound('Shipment');
  const done = rows.find((r) => r.canceled);
  if (done) {
    throw conflict(
      'shipmentCanceled',
      { shipmentId: done.id, shipmentNo: done.shipmentNo },
      { shipmentNo: done.shipmentNo },
    );
  }
  const lines = await tx
    .select({
      id: shipmentLots.id,
      shipmentId: shipmentLots.shipmentId,
      productStockId: shipmentLots.productStockId,
      qty: shipmentLots.qty,
    })
    .from(shipmentLots)
    .where(inArray(shipmentLots.shipmentId, unique))
    .orderBy(asc(shipmentLots.id));
  const stock = await lockStockRows(tx, [...new Set(lines.map((l) => l.productStockId))]);
  const disposed = stock.find((r) => r.disposed);
  if (disposed) {
    throw conflict(
      'shipmentCancelDisposed',
      { productStockId: disposed.id, lotId: disposed.lotId },
      { lotId: disposed.lotId },
    );
  }
  const numbers = new Map(rows.map((r) => [r.id, r.shipmentNo]));
  for (const line of lines) {
    const no = numbers.get(line.shipmentId)!;
    const moved = await applyProductMovement(tx, actor, line.productStockId, {
      type: 'SHIP_CANCEL',
      qty: line.qty,
      day: today,
      reason: reason ? `${no} ${reason}` : no,
    });
    await tx
      .update(shipmentLots)
      .set({ cancelHistoryId: moved.historyId, ...updatedStamp(actor) })
      .where(eq(shipmentLots.id, line.id));
  }
  await tx
    .update(shipments)
    .set({
      canceled: true,
      canceledAt: new Date(),
      canceledBy: actor.userId,
      cancelReason: reason || null,
      ...updatedStamp(actor),
    })
    .where(inArray(shipments.id, unique));
}
