import {
  NO_PRODUCTION_PAGE_SIZE,
  type NoProductionQuery,
  type OrderProduct,
  type OrderProductDetail,
  type OrderProductFilter,
  type OrderProductPlan,
} from '@eqms/contract';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditView } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { round5 } from '../../platform/qty.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { businesses } from '../business/business.table.ts';
import { locations } from '../location/location.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { productionPlans } from '../production-plan/production-plan.table.ts';
import { orderProductPlans, orderProducts, orders } from './order.table.ts';

// What the order-product calls read: order products with their order, business, customer and product, and what the
// production plans made for them cover (planned) and made (produced). The subqueries name the outer row as
// `order_products.id` in SQL text: a one-table select would otherwise write `id` unqualified, which inside them is
// the inner table's.

/** The quantities of the plans linked to the order product, summed, and how many there are. */
const PLANNED_QTY = sql<number>`coalesce((select sum(pp.qty) from order_product_plans l join production_plans pp on pp.id = l.plan_id where l.order_product_id = order_products.id), 0)`;
const PLAN_COUNT = sql<number>`(select count(*) from order_product_plans l where l.order_product_id = order_products.id)`;
/**
 * The same two as one lateral subquery per row, for a filter on them ("no-production"): as correlated subqueries the
 * filter and the select computed the sums up to three times a row. A page of a longer list keeps the correlated
 * ones: PostgreSQL reads them for the rows of the page only, a lateral join for every row before the sort.
 */
const linked = (db: Executor) =>
  db
    .select({
      plannedQty: sql<number>`coalesce(sum(${productionPlans.qty}), 0)`.mapWith(Number).as('planned_qty'),
      planCount: sql<number>`count(*)`.mapWith(Number).as('plan_count'),
    })
    .from(orderProductPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, orderProductPlans.planId))
    .where(eq(orderProductPlans.orderProductId, orderProducts.id))
    .as('linked');
/** Still to plan: the order product's quantity is not covered by its plans (with `selectOrderProducts(db, true)`). */
const NOT_COVERED = sql`${orderProducts.qty} > "linked"."planned_qty"`;

export const selectOrderProducts = (db: Executor, filterByPlanned = false) => {
  const pl = linked(db);
  const query = db
    .select({
      op: orderProducts,
      orderNo: orders.orderNo,
      businessId: orders.businessId,
      businessCode: businesses.code,
      businessName: businesses.name,
      bizPartnerId: businesses.bizPartnerId,
      bizPartnerCode: bizPartners.code,
      bizPartnerName: bizPartners.name,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      plannedQty: filterByPlanned ? pl.plannedQty : PLANNED_QTY.mapWith(Number),
      planCount: filterByPlanned ? pl.planCount : PLAN_COUNT.mapWith(Number),
    })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(bizPartners, eq(bizPartners.id, businesses.bizPartnerId))
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .$dynamic();
  return filterByPlanned ? query.innerJoinLateral(pl, sql`true`) : query;
};
type OrderProductJoined = Awaited<ReturnType<ReturnType<typeof selectOrderProducts>['execute']>>[number];

type PlanOutput = { orderProductId: number; planId: number; goodQty: number };
/**
 * Per plan linked to the order products: the good quantity of its last operation (the highest sequence), which is
 * what its lot received — the rule of the plan list and the lot report. The daily plans are read by their operation
 * plan alone: adding `d.plan_id = l.plan_id` (implied) made PostgreSQL AND two bitmap index scans per plan, a third
 * slower on PGlite (bench/RESULTS.md 2026-11-26).
 */
async function linkedOutput(db: Executor, orderProductIds: number[]): Promise<PlanOutput[]> {
  if (orderProductIds.length === 0) return [];
  const res = await db.execute(sql`
    select l.order_product_id, l.plan_id, coalesce((
      select sum(d.good_qty) from daily_plans d
      where d.oper_plan_id = (
        select o.id from production_oper_plans o where o.plan_id = l.plan_id order by o.seq desc, o.id desc limit 1)
    ), 0) as good
    from order_product_plans l
    where l.order_product_id in (${sql.join(
      orderProductIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return rowsOf<{ order_product_id: number; plan_id: number; good: string }>(res).map((r) => ({
    orderProductId: Number(r.order_product_id),
    planId: Number(r.plan_id),
    goodQty: round5(Number(r.good)),
  }));
}

function orderProductView(r: OrderProductJoined, producedQty: number): OrderProduct {
  const { op } = r;
  const plannedQty = round5(r.plannedQty);
  return {
    id: op.id,
    orderId: op.orderId,
    orderNo: r.orderNo,
    businessId: r.businessId,
    businessCode: r.businessCode,
    businessName: r.businessName,
    bizPartnerId: r.bizPartnerId,
    bizPartnerCode: r.bizPartnerCode,
    bizPartnerName: r.bizPartnerName,
    productId: op.productId,
    productCode: r.productCode,
    productName: r.productName,
    unit: r.unit,
    qty: op.qty,
    dueDt: op.dueDt,
    unitPrice: op.unitPrice,
    amount: op.unitPrice == null ? null : round5(op.qty * op.unitPrice),
    plannedQty,
    producedQty,
    remainingQty: Math.max(0, round5(op.qty - plannedQty)),
    planCount: r.planCount,
    description: op.description,
    ...auditView(op),
  };
}

/** The rows as the API shows them, with what their plans made (one more query, whatever the count). */
export async function orderProductViews(db: Executor, rows: OrderProductJoined[]): Promise<OrderProduct[]> {
  const produced = new Map<number, number>();
  for (const o of await linkedOutput(
    db,
    rows.filter((r) => r.planCount > 0).map((r) => r.op.id),
  )) {
    produced.set(o.orderProductId, round5((produced.get(o.orderProductId) ?? 0) + o.goodQty));
  }
  return rows.map((r) => orderProductView(r, produced.get(r.op.id) ?? 0));
}

/** The order products of some orders, by order, due date and id. */
export async function orderProductsOf(db: Executor, orderIds: number[]): Promise<OrderProduct[]> {
  if (orderIds.length === 0) return [];
  const rows = await selectOrderProducts(db)
    .where(inArray(orderProducts.orderId, orderIds))
    .orderBy(asc(orderProducts.orderId), asc(orderProducts.dueDt), asc(orderProducts.id));
  return orderProductViews(db, rows);
}

/** An order's products (404 for an unknown order). */
export async function orderProductsOfOrder(db: Executor, orderId: number): Promise<OrderProduct[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  return orderProductsOf(db, [orderId]);
}

/** The plans made for an order product, by start day, with their lot and what their last operation made. */
async function plansOf(db: Executor, orderProductId: number): Promise<OrderProductPlan[]> {
  const rows = await db
    .select({
      planId: productionPlans.id,
      lotSeq: productionPlans.lotSeq,
      lotId: lots.lotId,
      qty: productionPlans.qty,
      startDt: productionPlans.startDt,
      endDt: productionPlans.endDt,
      lineId: productionPlans.lineId,
      lineName: locations.name,
    })
    .from(orderProductPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, orderProductPlans.planId))
    .innerJoin(locations, eq(locations.id, productionPlans.lineId))
    .leftJoin(lots, eq(lots.planId, productionPlans.id))
    .where(eq(orderProductPlans.orderProductId, orderProductId))
    .orderBy(asc(productionPlans.startDt), asc(productionPlans.id));
  const good = new Map((await linkedOutput(db, [orderProductId])).map((o) => [o.planId, o.goodQty]));
  return rows.map((r) => ({ ...r, lotId: r.lotId ?? null, goodQty: good.get(r.planId) ?? 0 }));
}

export async function getOrderProduct(db: Executor, id: number): Promise<OrderProductDetail> {
  const rows = await selectOrderProducts(db).where(eq(orderProducts.id, id));
  if (rows.length === 0) throw notFound('Order product');
  const [view] = await orderProductViews(db, rows);
  return { ...view, plans: await plansOf(db, id) };
}

/** Due dates within an optional period (open-ended on a missing side). */
const dueWithin = (q: { startDt?: string; endDt?: string }): SQL | undefined =>
  and(
    q.startDt ? gte(orderProducts.dueDt, q.startDt) : undefined,
    q.endDt ? lte(orderProducts.dueDt, q.endDt) : undefined,
  );

/**
 * Order products their plans do not cover yet (remaining > 0), first due first: every one, or with `page`/`size` one
 * page and the total (the order screen's list; all 471 of demo scale × 50 were 257 KB an answer).
 */
export async function noProduction(
  db: Executor,
  q: NoProductionQuery,
): Promise<{ data: OrderProduct[]; total?: number }> {
  const where = and(
    NOT_COVERED,
    dueWithin(q),
    q.bizPartnerId ? eq(businesses.bizPartnerId, q.bizPartnerId) : undefined,
    q.productId ? eq(orderProducts.productId, q.productId) : undefined,
  );
  const ordered = selectOrderProducts(db, true).where(where).orderBy(asc(orderProducts.dueDt), asc(orderProducts.id));
  if (q.page == null && q.size == null) return { data: await orderProductViews(db, await ordered) };
  const size = q.size ?? NO_PRODUCTION_PAGE_SIZE;
  const rows = await ordered.limit(size).offset(((q.page ?? 1) - 1) * size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoinLateral(linked(db), sql`true`)
    .where(where);
  return { data: await orderProductViews(db, rows), total: n };
}

/** Order products due in the period, first due first, one page (all of them: `page` null, the export), with the total. */
export async function listOrderProducts(
  db: Executor,
  q: OrderProductFilter,
  page: { page: number; size: number } | null,
): Promise<{ data: OrderProduct[]; total: number }> {
  const where = and(
    dueWithin(q),
    q.bizPartnerId ? eq(businesses.bizPartnerId, q.bizPartnerId) : undefined,
    q.productId ? eq(orderProducts.productId, q.productId) : undefined,
    textFilter(
      [bizPartners.name, bizPartners.code, businesses.name, orders.orderNo, products.code, products.name],
      q.q,
    ),
  );
  const ordered = selectOrderProducts(db)
    .where(where)
    .orderBy(asc(orderProducts.dueDt), asc(orders.orderNo), asc(orderProducts.id));
  const rows = page ? await ordered.limit(page.size).offset((page.page - 1) * page.size) : await ordered;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(bizPartners, eq(bizPartners.id, businesses.bizPartnerId))
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(where);
  return { data: await orderProductViews(db, rows), total: n };
}
