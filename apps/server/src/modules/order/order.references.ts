import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { orderMaterials, orderProductPlans, orderProducts, orders } from './order.table.ts';

// What orders refer to (platform/references.ts): a business with orders, a product or material on an order, and an
// order product with a plan cannot be deleted; the dialog lists the orders on the business and orders screen.
// (Drizzle writes a one-table select's columns unqualified: the subqueries name no column their tables have.)
const orderNoOf = (orderId: AnyPgColumn) => sql<string>`(select o.order_no from orders o where o.id = ${orderId})`;

export const orderReferences: Reference[] = [
  {
    table: orders,
    column: orders.businessId,
    refers: 'businesses',
    screen: 'orderInfo',
    id: orders.orderNo,
    name: sql<string>`(select b.name from businesses b where b.id = ${orders.businessId})`,
    createdBy: orders.createdBy,
    createdAt: orders.createdAt,
  },
  {
    table: orderProducts,
    column: orderProducts.productId,
    refers: 'products',
    screen: 'orderInfo',
    id: orderNoOf(orderProducts.orderId),
    name: sql<string>`(select p.name from products p where p.id = ${orderProducts.productId})`,
    createdBy: orderProducts.createdBy,
    createdAt: orderProducts.createdAt,
  },
  {
    table: orderMaterials,
    column: orderMaterials.materialId,
    refers: 'materials',
    screen: 'orderInfo',
    id: orderNoOf(orderMaterials.orderId),
    name: sql<string>`(select m.name from materials m where m.id = ${orderMaterials.materialId})`,
    createdBy: orderMaterials.createdBy,
    createdAt: orderMaterials.createdAt,
  },
  {
    table: orderProductPlans,
    column: orderProductPlans.orderProductId,
    refers: 'order_products',
    screen: 'productionPlan',
    id: sql<string>`(select l.lot_seq::text from production_plans l where l.id = ${orderProductPlans.planId})`,
    name: sql<string>`(select p.name from production_plans l join products p on p.id = l.product_id where l.id = ${orderProductPlans.planId})`,
    createdBy: orderProductPlans.createdBy,
    createdAt: orderProductPlans.createdAt,
  },
];
