import type { BomReqComponent, BomReqInfo, BomReqInfoQuery } from '@eqms/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { orderProducts } from '../order/order.table.ts';
import { products } from '../product/product.table.ts';
import { shipmentLots, shipments } from './shipment.table.ts';

// GET /shipment/shipments/bom-req-info (README.md "BOM requirement"): what making a shipment's quantity of its product
// takes — the BOM exploded over every level in one recursive query, each component rolled up over the paths that reach
// it, against stock on hand.

/** A BOM deeper than this is a cycle the BOM module let through; the explosion stops there rather than loop. */
const MAX_LEVELS = 50;

/** The product and quantity of the query's subject: a product and qty, an order product, or a shipment. */
async function subjectOf(db: Executor, q: BomReqInfoQuery) {
  if (q.shipmentId !== undefined) {
    const [s] = await db
      .select({ productId: shipments.productId })
      .from(shipments)
      .where(eq(shipments.id, q.shipmentId));
    if (!s) throw notFound('Shipment');
    const [{ total }] = await db
      .select({ total: sql<number>`coalesce(sum(${shipmentLots.qty}), 0)`.mapWith(Number) })
      .from(shipmentLots)
      .where(eq(shipmentLots.shipmentId, q.shipmentId));
    return { productId: s.productId, qty: q.qty ?? round5(total), orderProductId: null, shipmentId: q.shipmentId };
  }
  if (q.orderProductId !== undefined) {
    const [op] = await db
      .select({ productId: orderProducts.productId, qty: orderProducts.qty })
      .from(orderProducts)
      .where(eq(orderProducts.id, q.orderProductId));
    if (!op) throw notFound('Order product');
    return { productId: op.productId, qty: q.qty ?? op.qty, orderProductId: q.orderProductId, shipmentId: null };
  }
  return { productId: q.productId!, qty: q.qty!, orderProductId: null, shipmentId: null };
}

type Row = {
  kind: 'PRODUCT' | 'MATERIAL';
  id: number;
  code: string;
  name: string;
  specification: string | null;
  unit: string;
  level: number;
  required: string;
  stock: string;
};

/**
 * Each path down the BOM carries qty × Π (line qty × (1 + lossRate / 100)); a child product is exploded further, a
 * product already on the path is not (a cycle). Rolled up per component with its shallowest level; stock on hand is a
 * material's stock rows, or a product's stock rows not discarded.
 */
async function explode(db: Executor, productId: number, qty: number): Promise<Row[]> {
  const res = await db.execute(sql`
    with recursive tree(level, child_product_id, material_id, qty, path) as (
      select 1, b.child_product_id, b.material_id,
        ${String(qty)}::numeric * b.qty * (1 + b.loss_rate / 100), array[b.parent_product_id]
      from boms b where b.parent_product_id = ${productId}
      union all
      select t.level + 1, b.child_product_id, b.material_id,
        t.qty * b.qty * (1 + b.loss_rate / 100), t.path || b.parent_product_id
      from tree t join boms b on b.parent_product_id = t.child_product_id
      where not (t.child_product_id = any(t.path)) and t.level < ${MAX_LEVELS}
    ), rolled as (
      select child_product_id, material_id, min(level) as level, sum(qty) as required
      from tree group by child_product_id, material_id
    )
    select
      case when r.material_id is null then 'PRODUCT' else 'MATERIAL' end as kind,
      coalesce(r.child_product_id, r.material_id) as id,
      coalesce(p.code, m.code) as code,
      coalesce(p.name, m.name) as name,
      coalesce(p.specification, m.specification) as specification,
      coalesce(p.unit, m.unit) as unit,
      r.level,
      r.required,
      case when r.material_id is null
        then (select coalesce(sum(ps.qty), 0) from product_stocks ps join lots l on l.id = ps.lot_row_id
              where l.product_id = r.child_product_id and not ps.disposed)
        else (select coalesce(sum(ms.qty), 0) from material_stocks ms where ms.material_id = r.material_id)
      end as stock
    from rolled r
    left join products p on p.id = r.child_product_id
    left join materials m on m.id = r.material_id
    order by r.level, kind desc, code`);
  return rowsOf<Row>(res);
}

/** 404 for a missing product, order product or shipment. */
export async function bomReqInfo(db: Executor, q: BomReqInfoQuery): Promise<BomReqInfo> {
  const subject = await subjectOf(db, q);
  const [product] = await db
    .select({ code: products.code, name: products.name, unit: products.unit })
    .from(products)
    .where(eq(products.id, subject.productId));
  if (!product) throw notFound('Product');
  const components: BomReqComponent[] = (await explode(db, subject.productId, subject.qty)).map((r) => {
    const requiredQty = round5(Number(r.required));
    const stockQty = round5(Number(r.stock));
    return {
      kind: r.kind,
      id: Number(r.id),
      code: r.code,
      name: r.name,
      specification: r.specification,
      unit: r.unit,
      level: Number(r.level),
      requiredQty,
      stockQty,
      shortageQty: round5(Math.max(0, requiredQty - stockQty)),
    };
  });
  return {
    productId: subject.productId,
    productCode: product.code,
    productName: product.name,
    unit: product.unit,
    qty: subject.qty,
    orderProductId: subject.orderProductId,
    shipmentId: subject.shipmentId,
    components,
    sufficient: components.every((c) => c.shortageQty === 0),
  };
}
