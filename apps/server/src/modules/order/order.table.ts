import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { businesses } from '../business/business.table.ts';
import { materials } from '../material/material.table.ts';
import { products } from '../product/product.table.ts';
import { productionPlans } from '../production-plan/production-plan.table.ts';

/** A customer's order under a business; the customer is the business's partner. */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    orderNo: text('order_no').notNull(),
    orderDt: date('order_dt', { mode: 'string' }).notNull(),
    dueDt: date('due_dt', { mode: 'string' }),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('orders_order_no_unique', t.orderNo),
    index('orders_business_idx').on(t.businessId),
    index('orders_order_dt_idx').on(t.orderDt),
  ],
);

/** What an order asks us to deliver: a product, how many, by when, at what price. The order owns its lines. */
export const orderProducts = pgTable(
  'order_products',
  {
    id: idColumn(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qty: qtyColumn('qty').notNull(),
    dueDt: date('due_dt', { mode: 'string' }).notNull(),
    unitPrice: qtyColumn('unit_price'),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    index('order_products_order_idx').on(t.orderId),
    index('order_products_product_idx').on(t.productId),
    index('order_products_due_idx').on(t.dueDt),
    check('order_products_qty_check', sql`${t.qty} > 0`),
    check('order_products_price_check', sql`${t.unitPrice} is null or ${t.unitPrice} >= 0`),
  ],
);

/** A material an order needs or the customer supplies, over a period. */
export const orderMaterials = pgTable(
  'order_materials',
  {
    id: idColumn(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    qty: qtyColumn('qty').notNull(),
    startDt: date('start_dt', { mode: 'string' }).notNull(),
    endDt: date('end_dt', { mode: 'string' }).notNull(),
    /** The customer supplies it (consigned material) rather than us buying it. */
    supplied: boolean('supplied').notNull().default(false),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    index('order_materials_order_idx').on(t.orderId),
    index('order_materials_material_idx').on(t.materialId),
    check('order_materials_qty_check', sql`${t.qty} > 0`),
    check('order_materials_period_check', sql`${t.startDt} <= ${t.endDt}`),
  ],
);

/**
 * The production plan made for an order product (DOMAIN "Demand and plans": a plan is optionally for one). Held here,
 * by the module that depends on production, so production-plan knows nothing of orders; a plan is for at most one
 * order product and goes with its plan.
 */
export const orderProductPlans = pgTable(
  'order_product_plans',
  {
    id: idColumn(),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => productionPlans.id, { onDelete: 'cascade' }),
    ...auditColumns,
  },
  (t) => [
    unique('order_product_plans_plan_uq').on(t.planId),
    index('order_product_plans_order_product_idx').on(t.orderProductId),
  ],
);
