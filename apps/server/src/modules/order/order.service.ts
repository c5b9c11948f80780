import type { OrderCreate, OrderDetail, OrderMaterialCreate, OrderProductCreate, OrderUpdate } from '@eqms/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { assertUnique, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { businesses } from '../business/business.table.ts';
import { materials } from '../material/material.table.ts';
import { products } from '../product/product.table.ts';
import { orderMaterials, orderProducts, orders } from './order.table.ts';
import { getOrder } from './order.views.ts';

// Writes of orders (README.md): an order number unique regardless of case, under an existing business, due not
// before it was ordered; its lines in the same transaction. The inserts of order lines live here, shared by the
// order's create and the /order-product calls.

/** Unique constraint → API field, for the race where two writes pass the check at once. */
export const ORDER_UNIQUE = { orders_order_no_unique: 'orderNo' };

/** 400 `<prefix><i>.<field>` notExists for the first id of the list no row of the table has. */
async function assertAllExist(
  tx: Executor,
  table: typeof products | typeof materials | typeof orders,
  ids: number[],
  field: (index: number) => string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await tx
        .select({ id: table.id })
        .from(table)
        .where(inArray(table.id, [...new Set(ids)]))
    ).map((r) => r.id),
  );
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw invalidField(field(missing), 'notExists');
}

/** Field names of a list's errors: `productId` for one line, `3.productId` in a bulk call, `products.3.productId` in an order. */
export type LineField = (index: number, field: string) => string;
export const singleLine: LineField = (_i, field) => field;
export const bulkLine: LineField = (i, field) => `${i}.${field}`;

/** Order products into existing orders (checked: orders and products exist); their ids in the given order. */
export async function insertOrderProducts(
  tx: Tx,
  actor: Actor,
  bodies: OrderProductCreate[],
  at: LineField,
): Promise<number[]> {
  if (bodies.length === 0) return [];
  await assertAllExist(
    tx,
    orders,
    bodies.map((b) => b.orderId),
    (i) => at(i, 'orderId'),
  );
  await assertAllExist(
    tx,
    products,
    bodies.map((b) => b.productId),
    (i) => at(i, 'productId'),
  );
  const rows = await tx
    .insert(orderProducts)
    .values(
      bodies.map((b) => ({
        orderId: b.orderId,
        productId: b.productId,
        qty: b.qty,
        dueDt: b.dueDt,
        unitPrice: b.unitPrice ?? null,
        description: b.description || null,
        ...createdStamp(actor),
      })),
    )
    .returning({ id: orderProducts.id });
  return rows.map((r) => r.id);
}

/** Order materials into existing orders (checked: orders and materials exist); their ids in the given order. */
export async function insertOrderMaterials(
  tx: Tx,
  actor: Actor,
  bodies: OrderMaterialCreate[],
  at: LineField,
): Promise<number[]> {
  if (bodies.length === 0) return [];
  await assertAllExist(
    tx,
    orders,
    bodies.map((b) => b.orderId),
    (i) => at(i, 'orderId'),
  );
  await assertAllExist(
    tx,
    materials,
    bodies.map((b) => b.materialId),
    (i) => at(i, 'materialId'),
  );
  const rows = await tx
    .insert(orderMaterials)
    .values(
      bodies.map((b) => ({
        orderId: b.orderId,
        materialId: b.materialId,
        qty: b.qty,
        startDt: b.startDt,
        endDt: b.endDt,
        supplied: b.supplied,
        description: b.description || null,
        ...createdStamp(actor),
      })),
    )
    .returning({ id: orderMaterials.id });
  return rows.map((r) => r.id);
}

async function assertBusiness(tx: Executor, businessId: number): Promise<void> {
  const [b] = await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId));
  if (!b) throw invalidField('businessId', 'notExists');
}

const orderValues = (body: OrderCreate | OrderUpdate) => ({
  businessId: body.businessId,
  orderNo: body.orderNo,
  orderDt: body.orderDt,
  dueDt: body.dueDt ?? null,
  description: body.description || null,
});

/** An order and its first lines, all or none; line errors name `products.<i>.<field>` / `materials.<i>.<field>`. */
export async function createOrder(deps: Deps, actor: Actor, body: OrderCreate): Promise<OrderDetail> {
  const id = await uniqueAs(ORDER_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      await assertBusiness(tx, body.businessId);
      await assertUnique(tx, orders, orders.id, { orderNo: orders.orderNo }, body);
      const [row] = await tx
        .insert(orders)
        .values({ ...orderValues(body), ...createdStamp(actor) })
        .returning({ id: orders.id });
      await insertOrderProducts(
        tx,
        actor,
        body.products.map((p) => ({ ...p, orderId: row.id })),
        (i, f) => `products.${i}.${f}`,
      );
      await insertOrderMaterials(
        tx,
        actor,
        body.materials.map((m) => ({ ...m, orderId: row.id })),
        (i, f) => `materials.${i}.${f}`,
      );
      return row.id;
    }),
  );
  return getOrder(deps.db, id);
}

export async function updateOrder(deps: Deps, actor: Actor, body: OrderUpdate): Promise<OrderDetail> {
  await uniqueAs(ORDER_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select({ id: orders.id }).from(orders).where(eq(orders.id, body.id)).for('update'),
        'Order',
      );
      await assertBusiness(tx, body.businessId);
      await assertUnique(tx, orders, orders.id, { orderNo: orders.orderNo }, body, current.id);
      await tx
        .update(orders)
        .set({ ...orderValues(body), ...updatedStamp(actor) })
        .where(eq(orders.id, current.id));
    }),
  );
  return getOrder(deps.db, body.id);
}

/**
 * Orders with their lines, all or none: a missing id is a 404; 409 ERROR_CONSTRAINT_VIOLATION with the rows when
 * anything refers to an order or to one of its lines (a production plan made for an order product, a shipment). The
 * lines go with their order (FK cascade).
 */
export async function deleteOrders({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids)).for('update');
    if (found.length !== new Set(ids).size) throw notFound('Order');
    const lines = async (table: typeof orderProducts | typeof orderMaterials) =>
      (await tx.select({ id: table.id }).from(table).where(inArray(table.orderId, ids))).map((r) => r.id);
    await assertNotReferenced(tx, references, orders, ids);
    await assertNotReferenced(tx, references, orderProducts, await lines(orderProducts));
    await assertNotReferenced(tx, references, orderMaterials, await lines(orderMaterials));
    await tx.delete(orders).where(inArray(orders.id, ids));
  });
}
