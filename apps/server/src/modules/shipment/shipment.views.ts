import type {
  ItemSale,
  ItemSaleQuery,
  Shipment,
  ShipmentDetail,
  ShipmentFilter,
  ShipmentLot,
  ShipmentPick,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditView, sameKey } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern, textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { locationRefs } from '../location/location.paths.ts';
import type { OperationOutput } from '../operation/operation.service.ts';
import { orderProducts, orders } from '../order/order.table.ts';
import { products } from '../product/product.table.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { productionOperPlans } from '../production-plan/production-plan.table.ts';
import { operationOutput } from '../production-plan/production-plan.views.ts';
import { availableRows, fefoPick, pickLineView } from './shipment.stock.ts';
import { shipmentLots, shipments } from './shipment.table.ts';

// What the shipment screens read (README.md): shipments with customer, order, product and their lines' totals; one
// shipment with its lines; a lot's shipments; today's; the first-expired-first-out pick; and the answers this module
// gives other modules' questions (sales.products, operation.output).

const SEPARATOR = ' / ';

// Per shipment, from its lines: the quantity, the lots (each once) and their LOT IDs in line order. The outer row is
// named `shipments.id` in the text: drizzle leaves a column unqualified in a query of one table, where the subquery's
// own `id` would be taken for it.
const totalQty = sql<number>`(select coalesce(sum(sl.qty), 0) from shipment_lots sl where sl.shipment_id = shipments.id)`;
const lotCount = sql<number>`(select count(distinct sl.lot_row_id) from shipment_lots sl where sl.shipment_id = shipments.id)`;
const lotIds = sql<string[]>`(select coalesce(array_agg(x.lot_id order by x.first), '{}') from (
  select l.lot_id, min(sl.id) as first from shipment_lots sl join lots l on l.id = sl.lot_row_id
  where sl.shipment_id = shipments.id group by l.lot_id) x)`;

const selectShipments = (db: Executor) =>
  db
    .select({
      s: shipments,
      bizPartnerCode: bizPartners.code,
      bizPartnerName: bizPartners.name,
      orderId: orders.id,
      orderNo: orders.orderNo,
      unitPrice: orderProducts.unitPrice,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      totalQty: totalQty.mapWith(Number),
      lotCount: lotCount.mapWith(Number),
      lotIds,
    })
    .from(shipments)
    .innerJoin(bizPartners, eq(bizPartners.id, shipments.bizPartnerId))
    .innerJoin(products, eq(products.id, shipments.productId))
    .leftJoin(orderProducts, eq(orderProducts.id, shipments.orderProductId))
    .leftJoin(orders, eq(orders.id, orderProducts.orderId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectShipments>['execute']>>[number];

function shipmentView(r: Joined): Shipment {
  const s = r.s;
  const qty = round5(r.totalQty);
  return {
    id: s.id,
    shipmentNo: s.shipmentNo,
    shipmentDt: s.shipmentDt,
    bizPartnerId: s.bizPartnerId,
    bizPartnerCode: r.bizPartnerCode,
    bizPartnerName: r.bizPartnerName,
    orderProductId: s.orderProductId,
    orderId: r.orderId,
    orderNo: r.orderNo,
    productId: s.productId,
    productCode: r.productCode,
    productName: r.productName,
    unit: r.unit,
    totalQty: qty,
    lotCount: r.lotCount,
    lotIds: r.lotIds ?? [],
    unitPrice: r.unitPrice,
    amount: r.unitPrice == null ? null : round5(qty * r.unitPrice),
    canceled: s.canceled,
    canceledAt: s.canceledAt ? s.canceledAt.toISOString() : null,
    canceledBy: s.canceledBy,
    cancelReason: s.cancelReason,
    description: s.description,
    ...auditView(s),
  };
}

/** The lines of the shipments, by shipment, in line order, each with its lot and shelf path. */
async function linesOf(db: Executor, shipmentIds: number[]): Promise<Map<number, ShipmentLot[]>> {
  const out = new Map<number, ShipmentLot[]>();
  if (shipmentIds.length === 0) return out;
  const rows = await db
    .select({
      l: shipmentLots,
      lotId: lots.lotId,
      planId: lots.planId,
      day: lots.day,
      expiryDate: lots.expiryDate,
      locationId: productStocks.locationId,
    })
    .from(shipmentLots)
    .innerJoin(lots, eq(lots.id, shipmentLots.lotRowId))
    .innerJoin(productStocks, eq(productStocks.id, shipmentLots.productStockId))
    .where(inArray(shipmentLots.shipmentId, shipmentIds))
    .orderBy(asc(shipmentLots.id));
  const refs = await locationRefs(
    db,
    rows.map((r) => r.locationId),
  );
  for (const r of rows) {
    const list = out.get(r.l.shipmentId) ?? [];
    list.push({
      id: r.l.id,
      productStockId: r.l.productStockId,
      lotRowId: r.l.lotRowId,
      lotId: r.lotId,
      planId: r.planId,
      locationId: r.locationId,
      placePath: (refs.get(r.locationId)?.path ?? []).join(SEPARATOR),
      day: r.day,
      expiryDate: r.expiryDate,
      qty: r.l.qty,
      shipHistoryId: r.l.shipHistoryId,
      cancelHistoryId: r.l.cancelHistoryId,
    });
    out.set(r.l.shipmentId, list);
  }
  return out;
}

async function withLines(db: Executor, rows: Joined[]): Promise<ShipmentDetail[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.s.id),
  );
  return rows.map((r) => ({ ...shipmentView(r), lots: lines.get(r.s.id) ?? [] }));
}

/** The shipments with their lines, in the order of `ids` (missing ones left out). */
export async function shipmentsByIds(db: Executor, ids: number[]): Promise<ShipmentDetail[]> {
  if (ids.length === 0) return [];
  const rows = await selectShipments(db).where(inArray(shipments.id, ids));
  const byId = new Map((await withLines(db, rows)).map((d) => [d.id, d]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** GET /shipment/{id}: 404 when it does not exist. */
export async function getShipment(db: Executor, id: number): Promise<ShipmentDetail> {
  const [found] = await shipmentsByIds(db, [id]);
  if (!found) throw notFound('Shipment');
  return found;
}

/** Shipment no, customer code or name, product code or name, or a LOT ID of its lines contains the text. */
function textCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  return or(
    textFilter([shipments.shipmentNo, bizPartners.code, bizPartners.name, products.code, products.name], text),
    sql`exists (select 1 from shipment_lots sl join lots l on l.id = sl.lot_row_id
      where sl.shipment_id = shipments.id and lower(l.lot_id) like lower(${likePattern(text)}))`,
  );
}

function listCondition(q: ShipmentFilter): SQL | undefined {
  return and(
    gte(shipments.shipmentDt, q.startDt),
    lte(shipments.shipmentDt, q.endDt),
    q.bizPartnerId ? eq(shipments.bizPartnerId, q.bizPartnerId) : undefined,
    q.productId ? eq(shipments.productId, q.productId) : undefined,
    q.orderProductId ? eq(shipments.orderProductId, q.orderProductId) : undefined,
    q.canceled === undefined ? undefined : eq(shipments.canceled, q.canceled),
    textCondition(q.q),
  );
}

/** Shipments of the filter, newest first (shipment date, then id); one page with the total, or all (`page` null). */
export async function listShipments(
  db: Executor,
  q: ShipmentFilter,
  page: { page: number; size: number } | null,
): Promise<{ data: Shipment[]; total: number }> {
  const query = selectShipments(db).where(listCondition(q)).orderBy(desc(shipments.shipmentDt), desc(shipments.id));
  const rows = page ? await query.limit(page.size).offset((page.page - 1) * page.size) : await query;
  const total = page
    ? (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(shipments)
          .innerJoin(bizPartners, eq(bizPartners.id, shipments.bizPartnerId))
          .innerJoin(products, eq(products.id, shipments.productId))
          .where(listCondition(q))
      )[0].n
    : rows.length;
  return { data: rows.map(shipmentView), total };
}

/** GET /shipment/shipments/lot/{lotId}: the shipments holding a line of the lot (any case), newest first; 404 no lot. */
export async function shipmentsOfLot(db: Executor, lotId: string): Promise<ShipmentDetail[]> {
  const [lot] = await db.select({ id: lots.id }).from(lots).where(sameKey(lots.lotId, lotId));
  if (!lot) throw notFound('Lot');
  const rows = await selectShipments(db)
    .where(
      inArray(
        shipments.id,
        db.selectDistinct({ id: shipmentLots.shipmentId }).from(shipmentLots).where(eq(shipmentLots.lotRowId, lot.id)),
      ),
    )
    .orderBy(desc(shipments.shipmentDt), desc(shipments.id));
  return withLines(db, rows);
}

/** GET /shipment/shipments/today: the day's shipments (canceled ones too, flagged) with their lines, newest first. */
export async function shipmentsOfDay(db: Executor, day: string): Promise<ShipmentDetail[]> {
  const rows = await selectShipments(db).where(eq(shipments.shipmentDt, day)).orderBy(desc(shipments.id));
  return withLines(db, rows);
}

/** GET /shipment/shipments/pick: what a shipment of `qty` would take now (404 for a missing product). */
export async function pickPreview(db: Executor, productId: number, qty: number): Promise<ShipmentPick> {
  const [product] = await db.select({ unit: products.unit }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product');
  const { lines, picked } = fefoPick(await availableRows(db, productId), qty);
  const refs = await locationRefs(
    db,
    lines.map((l) => l.row.locationId),
  );
  return {
    productId,
    unit: product.unit,
    qty,
    pickedQty: picked,
    shortQty: round5(qty - picked),
    lines: lines.map((l) => pickLineView(l, (refs.get(l.row.locationId)?.path ?? []).join(SEPARATOR))),
  };
}

/** What the shipment note prints beyond the shipment: the customer's address and business registration number. */
export async function customerOf(db: Executor, bizPartnerId: number) {
  const [partner] = await db
    .select({ name: bizPartners.name, address: bizPartners.address, bizRegNo: bizPartners.bizRegNo })
    .from(bizPartners)
    .where(eq(bizPartners.id, bizPartnerId));
  return partner;
}

// ---- answers to other modules' questions ----

/**
 * sales.products (material-stock's combined sales view): the non-canceled shipments of the period as product sales —
 * the customer, product, total quantity, the order product's unit price and qty × price (null without one), the LOT
 * IDs as the reference.
 */
export async function productSales(db: Executor, q: ItemSaleQuery): Promise<ItemSale[]> {
  const rows = await selectShipments(db)
    .where(
      and(
        eq(shipments.canceled, false),
        gte(shipments.shipmentDt, q.from),
        lte(shipments.shipmentDt, q.to),
        q.customerId ? eq(shipments.bizPartnerId, q.customerId) : undefined,
        textCondition(q.q),
      ),
    )
    .orderBy(desc(shipments.shipmentDt), desc(shipments.id));
  return rows.map(shipmentView).map((s) => ({
    kind: 'PRODUCT' as const,
    id: s.id,
    saleDate: s.shipmentDt,
    customerId: s.bizPartnerId,
    customerName: s.bizPartnerName,
    itemId: s.productId,
    itemCode: s.productCode,
    itemName: s.productName,
    unit: s.unit,
    qty: s.totalQty,
    unitPrice: s.unitPrice,
    amount: s.amount,
    reference: s.lotIds.join(', ') || null,
    createdBy: s.createdBy,
  }));
}

/**
 * operation.output (SPEC §5: an operation whose completed quantity exceeds its shipped quantity cannot be deleted):
 * production-plan's completed quantity per operation, and as shipped the non-canceled shipped quantity of the lots
 * whose plan has that operation.
 */
export async function shipmentOperationOutput(tx: Executor, operationIds: number[]): Promise<OperationOutput[]> {
  if (operationIds.length === 0) return [];
  const completed = await operationOutput(tx, operationIds);
  const planOps = tx
    .selectDistinct({ planId: productionOperPlans.planId, operationId: productionOperPlans.operationId })
    .from(productionOperPlans)
    .where(inArray(productionOperPlans.operationId, operationIds))
    .as('plan_ops');
  const shipped = await tx
    .select({ operationId: planOps.operationId, qty: sql<string>`coalesce(sum(${shipmentLots.qty}), 0)` })
    .from(planOps)
    .innerJoin(lots, eq(lots.planId, planOps.planId))
    .innerJoin(shipmentLots, eq(shipmentLots.lotRowId, lots.id))
    .innerJoin(shipments, and(eq(shipments.id, shipmentLots.shipmentId), eq(shipments.canceled, false)))
    .groupBy(planOps.operationId);
  const out = new Map<number, OperationOutput>();
  for (const c of completed) out.set(c.operationId, { ...c, shippedQty: 0 });
  for (const s of shipped) {
    const row = out.get(s.operationId) ?? { operationId: s.operationId, completedQty: 0, shippedQty: 0 };
    out.set(s.operationId, { ...row, shippedQty: round5(Number(s.qty)) });
  }
  return [...out.values()];
}
