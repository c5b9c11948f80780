import {
  type OrderMaterial,
  type OrderMaterialCreate,
  type OrderMaterialUpdate,
  type OrderProduct,
  type OrderProductCreate,
  type OrderProductDetail,
  type OrderProductPlanCreate,
  type OrderProductUpdate,
  PLAN_MAX_DAYS,
  type ProductionPlan,
  ruleMessage,
} from '@eqms/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { daysBetween } from '../../platform/dates.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { assertNotReferenced, findReferences } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { materials } from '../material/material.table.ts';
import { products } from '../product/product.table.ts';
import { insertPlan, PRODUCTION_PLAN_UNIQUE } from '../production-plan/production-plan.service.ts';
import { productionPlans } from '../production-plan/production-plan.table.ts';
import { getPlan } from '../production-plan/production-plan.views.ts';
import { bulkLine, insertOrderMaterials, insertOrderProducts, singleLine } from './order.service.ts';
import { orderMaterials, orderProductPlans, orderProducts } from './order.table.ts';
import { getOrderMaterial, orderMaterialsWhere } from './order.views.ts';
import { getOrderProduct, orderProductViews, selectOrderProducts } from './order-product.views.ts';

// Writes of order lines (README.md) and the planner's action: a production plan made from an order product through
// the production-plan module's own insert (operation plans copied, lot sequence reserved), linked in the same
// transaction.

async function orderProductsById(deps: Deps, ids: number[]): Promise<OrderProduct[]> {
  const rows = await selectOrderProducts(deps.db).where(inArray(orderProducts.id, ids));
  const byId = new Map((await orderProductViews(deps.db, rows)).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

export async function createOrderProduct(
  deps: Deps,
  actor: Actor,
  body: OrderProductCreate,
): Promise<OrderProductDetail> {
  const [id] = await withTx(deps.db, actor, (tx) => insertOrderProducts(tx, actor, [body], singleLine));
  return getOrderProduct(deps.db, id);
}

/** All or nothing: the first bad line (`<index>.<field>`) rolls back every one. */
export async function createOrderProducts(
  deps: Deps,
  actor: Actor,
  bodies: OrderProductCreate[],
): Promise<OrderProduct[]> {
  const ids = await withTx(deps.db, actor, (tx) => insertOrderProducts(tx, actor, bodies, bulkLine));
  return orderProductsById(deps, ids);
}

/**
 * Quantity, due date, price and note change freely (a quantity below what is planned leaves nothing remaining); the
 * product only while nothing refers to the line — plans are of their product, and so are shipments (409
 * orderProductPlanned).
 */
export async function updateOrderProduct(
  deps: Deps,
  actor: Actor,
  body: OrderProductUpdate,
): Promise<OrderProductDetail> {
  await withTx(deps.db, actor, async (tx) => {
    const current = await firstOr404(
      tx.select().from(orderProducts).where(eq(orderProducts.id, body.id)).for('update'),
      'Order product',
    );
    if (body.productId !== current.productId) {
      const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, body.productId));
      if (!p) throw invalidField('productId', 'notExists');
      const held = await findReferences(tx, deps.references, orderProducts, [current.id]);
      if (held.length > 0) throw conflict('orderProductPlanned', { datas: held });
    }
    await tx
      .update(orderProducts)
      .set({
        productId: body.productId,
        qty: body.qty,
        dueDt: body.dueDt,
        unitPrice: body.unitPrice ?? null,
        description: body.description || null,
        ...updatedStamp(actor),
      })
      .where(eq(orderProducts.id, current.id));
  });
  return getOrderProduct(deps.db, body.id);
}

/** Locks the rows of a delete; 404 unless every id exists. */
async function lockAll(tx: Tx, table: typeof orderProducts | typeof orderMaterials, ids: number[], what: string) {
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids)).for('update');
  if (found.length !== new Set(ids).size) throw notFound(what);
}

/** All or none; 409 ERROR_CONSTRAINT_VIOLATION with the plans or shipments that refer to a line. */
export async function deleteOrderProducts({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockAll(tx, orderProducts, ids, 'Order product');
    await assertNotReferenced(tx, references, orderProducts, ids);
    await tx.delete(orderProducts).where(inArray(orderProducts.id, ids));
  });
}

export async function createOrderMaterial(deps: Deps, actor: Actor, body: OrderMaterialCreate): Promise<OrderMaterial> {
  const [id] = await withTx(deps.db, actor, (tx) => insertOrderMaterials(tx, actor, [body], singleLine));
  return getOrderMaterial(deps.db, id);
}

export async function createOrderMaterials(
  deps: Deps,
  actor: Actor,
  bodies: OrderMaterialCreate[],
): Promise<OrderMaterial[]> {
  const ids = await withTx(deps.db, actor, (tx) => insertOrderMaterials(tx, actor, bodies, bulkLine));
  const byId = new Map((await orderMaterialsWhere(deps.db, inArray(orderMaterials.id, ids))).map((m) => [m.id, m]));
  return ids.map((id) => byId.get(id)!);
}

export async function updateOrderMaterial(deps: Deps, actor: Actor, body: OrderMaterialUpdate): Promise<OrderMaterial> {
  await withTx(deps.db, actor, async (tx) => {
    const current = await firstOr404(
      tx.select({ id: orderMaterials.id }).from(orderMaterials).where(eq(orderMaterials.id, body.id)).for('update'),
      'Order material',
    );
    const [m] = await tx.select({ id: materials.id }).from(materials).where(eq(materials.id, body.materialId));
    if (!m) throw invalidField('materialId', 'notExists');
    await tx
      .update(orderMaterials)
      .set({
        materialId: body.materialId,
        qty: body.qty,
        startDt: body.startDt,
        endDt: body.endDt,
        supplied: body.supplied,
        description: body.description || null,
        ...updatedStamp(actor),
      })
      .where(eq(orderMaterials.id, current.id));
  });
  return getOrderMaterial(deps.db, body.id);
}

export async function deleteOrderMaterials({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await lockAll(tx, orderMaterials, ids, 'Order material');
    await assertNotReferenced(tx, references, orderMaterials, ids);
    await tx.delete(orderMaterials).where(inArray(orderMaterials.id, ids));
  });
}

/**
 * Makes a production plan for an order product and links it, in one transaction. The order product is locked first,
 * so two planners never both plan its last remaining quantity. The plan is the production-plan module's own insert
 * (`insertPlan`: the product locked, the next lot sequence, the operation plan copied), as POST /productionplan/plan
 * does. qty: the remaining unless given, never more (400 on qty); nothing remaining is 409
 * orderProductFullyPlanned. endDt: the due date unless given; the period follows the plan's rules (400 on endDt).
 */
export async function planOrderProduct(
  deps: Deps,
  actor: Actor,
  id: number,
  body: OrderProductPlanCreate,
): Promise<{ plan: ProductionPlan; orderProduct: OrderProductDetail }> {
  const planId = await uniqueAs(PRODUCTION_PLAN_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      const op = await firstOr404(
        tx.select().from(orderProducts).where(eq(orderProducts.id, id)).for('update'),
        'Order product',
      );
      const [{ planned }] = await tx
        .select({ planned: sql<string>`coalesce(sum(${productionPlans.qty}), 0)` })
        .from(orderProductPlans)
        .innerJoin(productionPlans, eq(productionPlans.id, orderProductPlans.planId))
        .where(eq(orderProductPlans.orderProductId, op.id));
      const remaining = round5(op.qty - Number(planned));
      if (remaining <= 0) throw conflict('orderProductFullyPlanned', { orderProductId: op.id });
      const qty = body.qty ?? remaining;
      if (qty > remaining) throw invalidField('qty', ruleMessage('orderPlanOverRemaining', { remaining }));
      const endDt = body.endDt ?? op.dueDt;
      const days = daysBetween(body.startDt, endDt) + 1;
      if (days < 1) throw invalidField('endDt', ruleMessage('periodOrder'));
      if (days > PLAN_MAX_DAYS) throw invalidField('endDt', ruleMessage('periodMax', { days: PLAN_MAX_DAYS }));
      const planId = await insertPlan(tx, actor, {
        productId: op.productId,
        qty,
        startDt: body.startDt,
        endDt,
        lineId: body.lineId,
        description: body.description || null,
      });
      await tx.insert(orderProductPlans).values({ orderProductId: op.id, planId, ...createdStamp(actor) });
      return planId;
    }),
  );
  return { plan: await getPlan(deps.db, planId), orderProduct: await getOrderProduct(deps.db, id) };
}
