import type {
  MaterialTracking,
  MaterialTrackingItem,
  MaterialTrackingRow,
  ProductTracking,
  ProductTrackingItem,
  ProductTrackingRow,
  TrackingExportQuery,
  TrackingQuery,
} from '@eqms/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { daysBetween } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { type BomEdge, rollUp } from '../bom/bom.explode.ts';
import { edgesBelow } from '../bom/bom.service.ts';
import { coverMaterials, coverProducts, MATERIAL_QTY_KEYS, PRODUCT_QTY_KEYS, sumOf } from './tracking.cover.ts';
import { intArray } from '../../db/int-array.ts';

// GET /tracking/{kind}/{id} (README.md): one query for a product's (or every product's) order products with what
// covers them; a material's adds the BOM lines below those products (bom's own loader, exploded by bom's rollUp) and
// one query for the materials' stock, releases and order materials. No query per row.

/** An id, or every item with a requirement in the period. */
export type TrackingId = number | 'all';

type ProductSqlRow = {
  product_id: number;
  product_code: string;
  product_name: string;
  unit: string;
  stock: string;
  op_id: number | null;
  order_id: number | null;
  qty: string | null;
  due_dt: string | null;
  planned: string | null;
  produced: string | null;
  plan_count: string | null;
  shipped: string | null;
} & Partial<OrderNames>;
/** The order, business and partner an order product's row shows: only read when rows are shown. */
type OrderNames = {
  order_no: string | null;
  business_id: number | null;
  business_name: string | null;
  biz_partner_id: number | null;
  biz_partner_code: string | null;
  biz_partner_name: string | null;
};

/**
 * What a view needs of the order products: `plans`, what was planned and produced for them (the product view; the
 * material view needs only what is still to make, from ordered, shipped and stock); `names`, the order, business and
 * partner of each (only when rows are shown). Both off, `all` at demo scale × 50 took a third of the time: the plans
 * read each linked plan's last operation, and the three name joins made the planner search twice the join orders.
 */
type ProductNeeds = { plans: boolean; names: boolean };

/**
 * The products (one, or those with an order product due in the period) with their available stock, each with its
 * order products due in the period (none: one line with nulls) and, per order product, the plans made for it — their
 * quantity and the good quantity of each one's last operation (the order module's rule) — and its shipments not
 * canceled. Products by code, order products first due first.
 *
 * Set by set, not row by row: the order products, their plans, each plan's last operation plan, the shipments, each
 * step one join or aggregate over the rows of the step before; only a plan's daily plans are read by its key (a hash
 * join would scan them all). As lateral subqueries per order product the same answer took 15–25 % longer on
 * PostgreSQL and PGlite for `all` at demo scale × 50 (bench/RESULTS.md 2026-11-26), and no less for one product.
 * What `needs` leaves out is not read: planned, produced and the names are then null.
 */
async function productRows(
  db: Executor,
  q: TrackingExportQuery,
  id: TrackingId,
  needs: ProductNeeds,
): Promise<ProductSqlRow[]> {
  const due = sql`op.due_dt between ${q.startDt} and ${q.endDt}`;
  const which: SQL =
    id === 'all' ? sql`p.id in (select op.product_id from order_products op where ${due})` : sql`p.id = ${id}`;
  const plans = needs.plans
    ? {
        ctes: sql`links as (
      select l.order_product_id, l.plan_id, pp.qty
      from order_product_plans l join production_plans pp on pp.id = l.plan_id
      where l.order_product_id in (select id from ops)
    ),
    last_op as (
      select distinct on (po.plan_id) po.plan_id, po.id from production_oper_plans po
      where po.plan_id in (select plan_id from links)
      order by po.plan_id, po.seq desc, po.id desc
    ),
    made as (
      select lo.plan_id, (select sum(d.good_qty) from daily_plans d where d.oper_plan_id = lo.id) as good from last_op lo
    ),
    pl as (
      select k.order_product_id, sum(k.qty) as planned, count(*) as plan_count, sum(coalesce(m.good, 0)) as produced
      from links k left join made m on m.plan_id = k.plan_id
      group by k.order_product_id
    ),`,
        columns: sql`pl.planned, pl.produced, coalesce(pl.plan_count, 0) as plan_count`,
        join: sql`left join pl on pl.order_product_id = op.id`,
      }
    : { ctes: sql``, columns: sql`null as planned, null as produced, 0 as plan_count`, join: sql`` };
  const names = needs.names
    ? {
        columns: sql`, o.order_no, o.business_id, b.name as business_name, b.biz_partner_id,
        bp.code as biz_partner_code, bp.name as biz_partner_name`,
        joins: sql`join orders o on o.id = op.order_id
      join businesses b on b.id = o.business_id
      join biz_partners bp on bp.id = b.biz_partner_id`,
        select: sql`, r.order_no, r.business_id, r.business_name, r.biz_partner_id, r.biz_partner_code,
      r.biz_partner_name`,
      }
    : { columns: sql``, joins: sql``, select: sql`` };
  const res = await db.execute(sql`
    with p as (select p.id, p.code, p.name, p.unit from products p where ${which}),
    stock as (
      select l.product_id, sum(ps.qty) as qty
      from product_stocks ps join lots l on l.id = ps.lot_row_id
      where not ps.disposed and l.product_id in (select id from p)
      group by l.product_id
    ),
    ops as (
      select op.id, op.order_id, op.product_id, op.qty, op.due_dt from order_products op
      where ${due} and op.product_id in (select id from p)
    ),
    ${plans.ctes}
    sh as (
      select s.order_product_id, sum(sl.qty) as shipped
      from shipments s join shipment_lots sl on sl.shipment_id = s.id
      where s.order_product_id in (select id from ops) and not s.canceled
      group by s.order_product_id
    ),
    rows as (
      select op.id, op.order_id, op.product_id, op.qty, op.due_dt, ${plans.columns}, sh.shipped ${names.columns}
      from ops op
      ${names.joins}
      ${plans.join}
      left join sh on sh.order_product_id = op.id
    )
    select p.id as product_id, p.code as product_code, p.name as product_name, p.unit,
      coalesce(stock.qty, 0) as stock,
      r.id as op_id, r.order_id, r.qty, r.due_dt, r.planned, r.produced, r.plan_count, r.shipped ${names.select}
    from p
    left join stock on stock.product_id = p.id
    left join rows r on r.product_id = p.id
    order by p.code, p.id, r.due_dt, r.id`);
  return rowsOf<ProductSqlRow>(res);
}

const num = (v: string | number | null | undefined) => round5(Number(v ?? 0));
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
/** Days from `today` to a day, each day counted once: 2,950 rows of `all` fall on about 90 days. */
const daysLeftFrom = (today: string) => {
  const memo = new Map<string, number>();
  return (d: string) => {
    let n = memo.get(d);
    if (n === undefined) {
      n = daysBetween(today, d);
      memo.set(d, n);
    }
    return n;
  };
};
/** Code-point order, for ISO days (localeCompare, which collates, took a tenth of the material rows' sorting). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rows past their due day and still pending. */
const lateOf = <R extends { daysLeft: number }>(rows: R[], pending: (r: R) => boolean) =>
  rows.reduce((n, r) => (r.daysLeft < 0 && pending(r) ? n + 1 : n), 0);

/** A report's query: the workbook's (every row) or the screen's, which may leave the rows out. */
type ReportQuery = TrackingExportQuery & Partial<Pick<TrackingQuery, 'rows'>>;

/** The products of the SQL rows, each with its order products covered (tracking.cover.ts). */
function productItems(rows: ProductSqlRow[], today: string): ProductTrackingItem[] {
  const days = daysLeftFrom(today);
  const items = new Map<number, { head: ProductSqlRow; rows: ProductSqlRow[] }>();
  for (const r of rows) {
    const item = items.get(r.product_id) ?? { head: r, rows: [] };
    items.set(r.product_id, item);
    if (r.op_id != null) item.rows.push(r);
  }
  return [...items.values()].map(({ head, rows: ops }) => {
    const stockQty = num(head.stock);
    const covered = coverProducts(
      ops.map((r) => ({
        orderProductId: Number(r.op_id),
        orderId: Number(r.order_id),
        orderNo: r.order_no!,
        businessId: Number(r.business_id),
        businessName: r.business_name!,
        bizPartnerId: Number(r.biz_partner_id),
        bizPartnerCode: r.biz_partner_code!,
        bizPartnerName: r.biz_partner_name!,
        dueDt: day(r.due_dt),
        daysLeft: days(day(r.due_dt)),
        planCount: Number(r.plan_count ?? 0),
        orderedQty: num(r.qty),
        plannedQty: num(r.planned),
        producedQty: num(r.produced),
        shippedQty: num(r.shipped),
      })),
      stockQty,
    ) satisfies ProductTrackingRow[];
    return {
      productId: Number(head.product_id),
      productCode: head.product_code,
      productName: head.product_name,
      unit: head.unit,
      stockQty,
      ...sumOf(covered, PRODUCT_QTY_KEYS),
      rowCount: covered.length,
      lateCount: lateOf(covered, (r) => r.openQty > 0),
      rows: covered,
    };
  });
}

/** The items as asked: without their rows for `rows=N` (the counts and sums stay). */
const withRows = <I extends { rows: unknown[] }>(items: I[], q: ReportQuery): I[] =>
  q.rows === 'N' ? items.map((i) => Object.assign(i, { rows: [] })) : items;

/** GET /tracking/product/{id|all}: 404 for an unknown product. */
export async function productTracking(
  db: Executor,
  q: ReportQuery,
  id: TrackingId,
  today: string,
): Promise<ProductTracking> {
  const rows = await productRows(db, q, id, { plans: true, names: q.rows !== 'N' });
  if (id !== 'all' && rows.length === 0) throw notFound('Product');
  return { kind: 'product', startDt: q.startDt, endDt: q.endDt, today, items: withRows(productItems(rows, today), q) };
}

type LineUse = { op: number; atLine: string | number; consumed: string | number };
type OrderMaterialUse = {
  id: number;
  orderId: number;
  qty: string | number;
  startDt: string;
  supplied: boolean;
};
type MaterialSqlRow = {
  id: number;
  code: string;
  name: string;
  unit: string;
  stock: string;
  line: LineUse[] | string;
  oms: OrderMaterialUse[] | string;
};
/** On one day, what the order products need comes before the orders' own materials. */
const SOURCE_RANK = { ORDER_PRODUCT: 0, ORDER_MATERIAL: 1 } as const;
const json = <T>(v: T[] | string): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : v);

/**
 * The materials (one, or those required, released to the order products' plans or on their orders) with their stock
 * on hand, what is at the line and consumed per order product (its plans' production material stock) and the order
 * materials of the orders.
 */
async function materialRows(
  db: Executor,
  id: TrackingId,
  required: number[],
  orderProductIds: number[],
  orderIds: number[],
): Promise<MaterialSqlRow[]> {
  const which =
    id === 'all'
      ? sql`m.id = any(${intArray(required)}) or m.id in (select material_id from line)
          or m.id in (select material_id from oms)`
      : sql`m.id = ${id}`;
  const res = await db.execute(sql`
    with line as (
      select l.order_product_id, pms.material_id, sum(pms.qty) as at_line, sum(pms.consumed_qty) as consumed
      from production_material_stocks pms join order_product_plans l on l.plan_id = pms.plan_id
      where l.order_product_id = any(${intArray(orderProductIds)})
      group by l.order_product_id, pms.material_id
    ),
    oms as (
      select om.id, om.order_id, om.material_id, om.qty, om.start_dt, om.supplied
      from order_materials om where om.order_id = any(${intArray(orderIds)})
    )
    select m.id, m.code, m.name, m.unit,
      coalesce((select sum(ms.qty) from material_stocks ms where ms.material_id = m.id), 0) as stock,
      coalesce((select json_agg(json_build_object('op', line.order_product_id, 'atLine', line.at_line,
        'consumed', line.consumed)) from line where line.material_id = m.id), '[]'::json) as line,
      coalesce((select json_agg(json_build_object('id', oms.id, 'orderId', oms.order_id, 'qty', oms.qty,
        'startDt', oms.start_dt, 'supplied', oms.supplied) order by oms.start_dt, oms.id)
        from oms where oms.material_id = m.id), '[]'::json) as oms
    from materials m
    where ${which}
    order by m.code, m.id`);
  return rowsOf<MaterialSqlRow>(res);
}

/**
 * The lines below each product, found once per product: rollUp groups every line it is given on each call, and with
 * all products' lines that was 700 groupings of the whole BOM for `all` at demo scale × 50. The subset is exactly what
 * rollUp would walk from the root, in the same order, so the sums are the same to the last bit.
 */
function linesOfEachRoot<L extends BomEdge>(lines: L[]): (rootId: number) => L[] {
  const byParent = new Map<number, L[]>();
  for (const l of lines) byParent.set(l.parentProductId, [...(byParent.get(l.parentProductId) ?? []), l]);
  const memo = new Map<number, L[]>();
  return (rootId) => {
    let out = memo.get(rootId);
    if (!out) {
      out = [];
      const seen = new Set([rootId]);
      const stack = [rootId];
      while (stack.length) {
        for (const l of byParent.get(stack.pop()!) ?? []) {
          out.push(l);
          if (l.childProductId != null && !seen.has(l.childProductId)) {
            seen.add(l.childProductId);
            stack.push(l.childProductId);
          }
        }
      }
      memo.set(rootId, out);
    }
    return out;
  };
}

/** GET /tracking/material/{id|all}: 404 for an unknown material. */
export async function materialTracking(
  db: Executor,
  q: ReportQuery,
  id: TrackingId,
  today: string,
): Promise<MaterialTracking> {
  const products = productItems(await productRows(db, q, 'all', { plans: false, names: q.rows !== 'N' }), today);
  // Each order product with its product, side by side (a copy of each row with its product was 2.7 ms a call).
  const ops = products.flatMap((product) => product.rows.map((row) => ({ row, product })));
  const lines = await edgesBelow(db, [
    ...new Set(ops.filter((o) => o.row.toProduceQty > 0).map((o) => o.product.productId)),
  ]);
  // What each order product still to make needs of each material, over every BOM level.
  const below = linesOfEachRoot(lines);
  const need = new Map<number, Map<number, number>>();
  for (const { row, product } of ops) {
    if (row.toProduceQty > 0)
      need.set(row.orderProductId, rollUp(product.productId, below(product.productId), row.toProduceQty));
  }
  const required = [...new Set([...need.values()].flatMap((m) => [...m.keys()]))];
  const orders = new Map(ops.map((o) => [o.row.orderId, o.row]));
  const materials = await materialRows(
    db,
    id,
    required,
    ops.map((o) => o.row.orderProductId),
    [...orders.keys()],
  );
  if (id !== 'all' && materials.length === 0) throw notFound('Material');

  // The order products that need each material (the rows sort below, so the order here does not matter).
  const needing = new Map<number, typeof ops>();
  for (const o of ops)
    for (const materialId of need.get(o.row.orderProductId)?.keys() ?? [])
      needing.get(materialId)?.push(o) ?? needing.set(materialId, [o]);
  const byId = new Map(ops.map((o) => [o.row.orderProductId, o]));
  const days = daysLeftFrom(today);

  const items: MaterialTrackingItem[] = materials.map((m) => {
    const materialId = Number(m.id);
    const atLine = new Map(json<LineUse>(m.line).map((u) => [Number(u.op), u]));
    const users = new Set(needing.get(materialId));
    for (const op of atLine.keys()) {
      const o = byId.get(op);
      if (o) users.add(o);
    }
    const fromProducts = [...users].map(({ row: o, product }): MaterialTrackingRow => {
      const use = atLine.get(o.orderProductId);
      return {
        source: 'ORDER_PRODUCT',
        orderProductId: o.orderProductId,
        productId: product.productId,
        productCode: product.productCode,
        productName: product.productName,
        productUnit: product.unit,
        toProduceQty: o.toProduceQty,
        orderMaterialId: null,
        supplied: false,
        ...orderOf(o),
        dueDt: o.dueDt,
        daysLeft: o.daysLeft,
        requiredQty: need.get(o.orderProductId)?.get(materialId) ?? 0,
        suppliedQty: 0,
        atLineQty: num(use?.atLine),
        consumedQty: num(use?.consumed),
        allocatedQty: 0,
        shortfallQty: 0,
      };
    });
    const fromOrders = json<OrderMaterialUse>(m.oms).map((om): MaterialTrackingRow => {
      const order = orders.get(Number(om.orderId))!;
      const qty = num(om.qty);
      const dueDt = day(om.startDt);
      return {
        source: 'ORDER_MATERIAL',
        orderProductId: null,
        productId: null,
        productCode: null,
        productName: null,
        productUnit: null,
        toProduceQty: null,
        orderMaterialId: Number(om.id),
        supplied: om.supplied,
        ...orderOf(order),
        dueDt,
        daysLeft: days(dueDt),
        requiredQty: om.supplied ? 0 : qty,
        suppliedQty: om.supplied ? qty : 0,
        atLineQty: 0,
        consumedQty: 0,
        allocatedQty: 0,
        shortfallQty: 0,
      };
    });
    const rows = [...fromProducts, ...fromOrders].sort(
      (a, b) =>
        compareText(a.dueDt, b.dueDt) ||
        SOURCE_RANK[a.source] - SOURCE_RANK[b.source] ||
        (a.orderProductId ?? a.orderMaterialId ?? 0) - (b.orderProductId ?? b.orderMaterialId ?? 0),
    );
    const stockQty = num(m.stock);
    const covered = coverMaterials(rows, stockQty);
    return {
      materialId,
      materialCode: m.code,
      materialName: m.name,
      unit: m.unit,
      stockQty,
      ...sumOf(covered, MATERIAL_QTY_KEYS),
      rowCount: covered.length,
      lateCount: lateOf(covered, (r) => r.shortfallQty > 0),
      rows: covered,
    };
  });
  return { kind: 'material', startDt: q.startDt, endDt: q.endDt, today, items: withRows(items, q) };
}

const orderOf = (o: ProductTrackingRow) => ({
  orderId: o.orderId,
  orderNo: o.orderNo,
  businessId: o.businessId,
  businessName: o.businessName,
  bizPartnerId: o.bizPartnerId,
  bizPartnerCode: o.bizPartnerCode,
  bizPartnerName: o.bizPartnerName,
});
