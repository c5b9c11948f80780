import type { BizPartnerOrderNode, OrderProductTreeQuery } from '@eqms/contract';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { businesses } from '../business/business.table.ts';
import { materials } from '../material/material.table.ts';
import { products } from '../product/product.table.ts';
import { orderMaterials, orderProducts, orders } from './order.table.ts';

// The order trees, in the node shape of the partner screen (contract BizPartnerOrderNode): keys P<partner>,
// B<business>, O<order>, OP<order product>, OM<order material>. A business shows its code, name and period; an order
// its number, note and order–due dates; an order product its product, quantity and due date; an order material its
// material, quantity and period.

type Node = BizPartnerOrderNode;
const node = (
  key: string,
  id: number,
  kind: string,
  code: string | null,
  name: string,
  extra: Partial<Pick<Node, 'qty' | 'unit' | 'startDt' | 'endDt'>> = {},
): Node => ({
  key,
  id,
  kind,
  code,
  name,
  qty: extra.qty ?? null,
  unit: extra.unit ?? null,
  startDt: extra.startDt ?? null,
  endDt: extra.endDt ?? null,
  children: [],
});

type BusinessRow = typeof businesses.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
const businessNode = (b: Pick<BusinessRow, 'id' | 'code' | 'name' | 'startDt' | 'endDt'>) =>
  node(`B${b.id}`, b.id, 'BUSINESS', b.code, b.name, { startDt: b.startDt, endDt: b.endDt });
const orderNode = (o: Pick<OrderRow, 'id' | 'orderNo' | 'description' | 'orderDt' | 'dueDt'>) =>
  node(`O${o.id}`, o.id, 'ORDER', o.orderNo, o.description ?? '', { startDt: o.orderDt, endDt: o.dueDt });

const productLines = (db: Executor, orderIds: number[]) =>
  db
    .select({
      id: orderProducts.id,
      orderId: orderProducts.orderId,
      code: products.code,
      name: products.name,
      unit: products.unit,
      qty: orderProducts.qty,
      dueDt: orderProducts.dueDt,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(inArray(orderProducts.orderId, orderIds))
    .orderBy(asc(orderProducts.dueDt), asc(orderProducts.id));
const materialLines = (db: Executor, orderIds: number[]) =>
  db
    .select({
      id: orderMaterials.id,
      orderId: orderMaterials.orderId,
      code: materials.code,
      name: materials.name,
      unit: materials.unit,
      qty: orderMaterials.qty,
      startDt: orderMaterials.startDt,
      endDt: orderMaterials.endDt,
    })
    .from(orderMaterials)
    .innerJoin(materials, eq(materials.id, orderMaterials.materialId))
    .where(inArray(orderMaterials.orderId, orderIds))
    .orderBy(asc(orderMaterials.startDt), asc(orderMaterials.id));

/**
 * The `bizPartner.orders` answer (biz-partner's order trees; the partner exists, biz-partner checked): the partner's
 * businesses by code → their orders by order date → `orders`: the order products then materials of each order;
 * `products` / `materials`: only those lines, and only the orders and businesses that have some.
 */
export async function partnerOrderTree(
  db: Executor,
  bizPartnerId: number,
  kind: 'orders' | 'materials' | 'products',
): Promise<Node[]> {
  const bizRows = await db
    .select()
    .from(businesses)
    .where(eq(businesses.bizPartnerId, bizPartnerId))
    .orderBy(asc(businesses.code), asc(businesses.id));
  if (bizRows.length === 0) return [];
  const orderRows = await db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.businessId,
        bizRows.map((b) => b.id),
      ),
    )
    .orderBy(asc(orders.orderDt), asc(orders.orderNo), asc(orders.id));
  const orderIds = orderRows.map((o) => o.id);
  const [productRows, materialRows] = orderIds.length
    ? await Promise.all([
        kind === 'materials' ? Promise.resolve([]) : productLines(db, orderIds),
        kind === 'products' ? Promise.resolve([]) : materialLines(db, orderIds),
      ])
    : [[], []];
  const orderNodes = new Map(orderRows.map((o) => [o.id, orderNode(o)]));
  for (const p of productRows) {
    orderNodes
      .get(p.orderId)!
      .children.push(
        node(`OP${p.id}`, p.id, 'ORDER_PRODUCT', p.code, p.name, { qty: p.qty, unit: p.unit, endDt: p.dueDt }),
      );
  }
  for (const m of materialRows) {
    orderNodes.get(m.orderId)!.children.push(
      node(`OM${m.id}`, m.id, 'ORDER_MATERIAL', m.code, m.name, {
        qty: m.qty,
        unit: m.unit,
        startDt: m.startDt,
        endDt: m.endDt,
      }),
    );
  }
  const keep = (n: Node) => kind === 'orders' || n.children.length > 0;
  const bizNodes = new Map(bizRows.map((b) => [b.id, businessNode(b)]));
  for (const o of orderRows) {
    const n = orderNodes.get(o.id)!;
    if (keep(n)) bizNodes.get(o.businessId)!.children.push(n);
  }
  return [...bizNodes.values()].filter(keep);
}

/**
 * Partners by name → their businesses by code → orders by order date → the order products due in the period (all
 * without one), first due first. Only branches holding an order product.
 */
export async function orderProductTree(db: Executor, q: OrderProductTreeQuery): Promise<Node[]> {
  const rows = await db
    .select({
      id: orderProducts.id,
      qty: orderProducts.qty,
      dueDt: orderProducts.dueDt,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      order: {
        id: orders.id,
        orderNo: orders.orderNo,
        description: orders.description,
        orderDt: orders.orderDt,
        dueDt: orders.dueDt,
      },
      business: {
        id: businesses.id,
        code: businesses.code,
        name: businesses.name,
        startDt: businesses.startDt,
        endDt: businesses.endDt,
      },
      partner: { id: bizPartners.id, code: bizPartners.code, name: bizPartners.name },
    })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(bizPartners, eq(bizPartners.id, businesses.bizPartnerId))
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(
      and(
        q.startDt ? gte(orderProducts.dueDt, q.startDt) : undefined,
        q.endDt ? lte(orderProducts.dueDt, q.endDt) : undefined,
        q.bizPartnerId ? eq(bizPartners.id, q.bizPartnerId) : undefined,
      ),
    )
    .orderBy(
      asc(bizPartners.name),
      asc(bizPartners.id),
      asc(businesses.code),
      asc(businesses.id),
      asc(orders.orderDt),
      asc(orders.orderNo),
      asc(orders.id),
      asc(orderProducts.dueDt),
      asc(orderProducts.id),
    );
  const partners = new Map<number, Node>();
  const bizs = new Map<number, Node>();
  const ords = new Map<number, Node>();
  for (const r of rows) {
    let p = partners.get(r.partner.id);
    if (!p) {
      p = node(`P${r.partner.id}`, r.partner.id, 'PARTNER', r.partner.code, r.partner.name);
      partners.set(r.partner.id, p);
    }
    let b = bizs.get(r.business.id);
    if (!b) {
      b = businessNode(r.business);
      bizs.set(r.business.id, b);
      p.children.push(b);
    }
    let o = ords.get(r.order.id);
    if (!o) {
      o = orderNode(r.order);
      ords.set(r.order.id, o);
      b.children.push(o);
    }
    o.children.push(
      node(`OP${r.id}`, r.id, 'ORDER_PRODUCT', r.productCode, r.productName, {
        qty: r.qty,
        unit: r.unit,
        endDt: r.dueDt,
      }),
    );
  }
  return [...partners.values()];
}
