import type { BusinessOrderNode, Order, OrderDetail, OrderMaterial } from '@eqms/contract';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditView } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { businesses } from '../business/business.table.ts';
import { materials } from '../material/material.table.ts';
import { orderProductsOf } from './order-product.views.ts';
import { orderMaterials, orders } from './order.table.ts';

// What the order screens read: orders with their business, customer and line totals; an order with its lines; the
// orders of businesses (the business module's partner tree asks, `business.orders`). The subqueries name the outer
// row as `orders.id` in SQL text (see order-product.views.ts).

const PRODUCT_COUNT = sql<number>`(select count(*) from order_products x where x.order_id = orders.id)`;
const MATERIAL_COUNT = sql<number>`(select count(*) from order_materials x where x.order_id = orders.id)`;

const selectOrders = (db: Executor) =>
  db
    .select({
      o: orders,
      businessCode: businesses.code,
      businessName: businesses.name,
      bizPartnerId: businesses.bizPartnerId,
      bizPartnerCode: bizPartners.code,
      bizPartnerName: bizPartners.name,
      productCount: PRODUCT_COUNT.mapWith(Number),
      materialCount: MATERIAL_COUNT.mapWith(Number),
      totalQty:
        sql<number>`(select coalesce(sum(x.qty), 0) from order_products x where x.order_id = orders.id)`.mapWith(
          Number,
        ),
      amount:
        sql<number>`(select coalesce(sum(x.qty * x.unit_price), 0) from order_products x where x.order_id = orders.id)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(bizPartners, eq(bizPartners.id, businesses.bizPartnerId));
type OrderJoined = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

const orderView = ({ o, ...r }: OrderJoined): Order => ({
  id: o.id,
  businessId: o.businessId,
  businessCode: r.businessCode,
  businessName: r.businessName,
  bizPartnerId: r.bizPartnerId,
  bizPartnerCode: r.bizPartnerCode,
  bizPartnerName: r.bizPartnerName,
  orderNo: o.orderNo,
  orderDt: o.orderDt,
  dueDt: o.dueDt,
  description: o.description,
  productCount: r.productCount,
  materialCount: r.materialCount,
  totalQty: round5(r.totalQty),
  amount: round5(r.amount),
  ...auditView(o),
});

/** A business's orders by order date and number (404 for an unknown business). */
export async function ordersOfBusiness(db: Executor, businessId: number): Promise<Order[]> {
  const [b] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId));
  if (!b) throw notFound('Business');
  const rows = await selectOrders(db)
    .where(eq(orders.businessId, businessId))
    .orderBy(asc(orders.orderDt), asc(orders.orderNo), asc(orders.id));
  return rows.map(orderView);
}

const selectMaterials = (db: Executor) =>
  db
    .select({
      m: orderMaterials,
      orderNo: orders.orderNo,
      materialCode: materials.code,
      materialName: materials.name,
      unit: materials.unit,
    })
    .from(orderMaterials)
    .innerJoin(orders, eq(orders.id, orderMaterials.orderId))
    .innerJoin(materials, eq(materials.id, orderMaterials.materialId));
type MaterialJoined = Awaited<ReturnType<ReturnType<typeof selectMaterials>['execute']>>[number];

const materialView = ({ m, ...r }: MaterialJoined): OrderMaterial => ({
  id: m.id,
  orderId: m.orderId,
  orderNo: r.orderNo,
  materialId: m.materialId,
  materialCode: r.materialCode,
  materialName: r.materialName,
  unit: r.unit,
  qty: m.qty,
  startDt: m.startDt,
  endDt: m.endDt,
  supplied: m.supplied,
  description: m.description,
  ...auditView(m),
});

/** Order materials matching `where`, by order, start day and id. */
export async function orderMaterialsWhere(db: Executor, where: SQL): Promise<OrderMaterial[]> {
  const rows = await selectMaterials(db)
    .where(where)
    .orderBy(asc(orderMaterials.orderId), asc(orderMaterials.startDt), asc(orderMaterials.id));
  return rows.map(materialView);
}

/** An order's materials (404 for an unknown order). */
export async function orderMaterialsOfOrder(db: Executor, orderId: number): Promise<OrderMaterial[]> {
  const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!o) throw notFound('Order');
  return orderMaterialsWhere(db, eq(orderMaterials.orderId, orderId));
}

export async function getOrderMaterial(db: Executor, id: number): Promise<OrderMaterial> {
  const [m] = await orderMaterialsWhere(db, eq(orderMaterials.id, id));
  if (!m) throw notFound('Order material');
  return m;
}

export async function getOrder(db: Executor, id: number): Promise<OrderDetail> {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  if (!row) throw notFound('Order');
  const [productRows, materialRows] = await Promise.all([
    orderProductsOf(db, [id]),
    orderMaterialsWhere(db, eq(orderMaterials.orderId, id)),
  ]);
  return { ...orderView(row), products: productRows, materials: materialRows };
}

/** The `business.orders` answer: the orders of these businesses by order date and number, with their line counts. */
export async function businessOrderNodes(db: Executor, businessIds: number[]): Promise<BusinessOrderNode[]> {
  if (businessIds.length === 0) return [];
  return db
    .select({
      id: orders.id,
      businessId: orders.businessId,
      orderNo: orders.orderNo,
      orderDt: orders.orderDt,
      dueDt: orders.dueDt,
      description: orders.description,
      productCount: PRODUCT_COUNT.mapWith(Number),
      materialCount: MATERIAL_COUNT.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.businessId, businessIds))
    .orderBy(asc(orders.orderDt), asc(orders.orderNo), asc(orders.id));
}
