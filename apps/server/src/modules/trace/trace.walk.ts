import { TRACE_MAX_DEPTH } from '@eqms/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

// The genealogy walks (README.md "How a walk runs"): each direction is ONE recursive query over the ledgers. A CONSUME
// row of the production material ledger links a plan (its daily plan's result) to the package it consumed; a CONSUME
// row of the production product ledger links a plan to the semi-finished lot it consumed; a plan has at most one lot
// (lots.plan_id). The recursion walks plans, one level of lots per step, with a depth cap and a path check (a lot
// cannot contain itself, but a cycle must never loop); the same statement then answers every edge of the plans it
// reached, net of result corrections (a consumption corrected to nothing is no edge).

/** A row of a walk: an edge between two ids, or a marker (seeds, a plan's lot, the deepest level). */
export type WalkRow = {
  /** PKG_PLAN: package a consumed by plan b. LOT_PLAN: lot a consumed by plan b. PLAN_LOT: plan a made lot b.
   * LOT_SHIP: lot a shipped in shipment b. PKG_SALE: package a sold to customer b. PLAN: plan a reached at `depth`.
   * SEED_PKG / SEED_LOT / SEED_SHIP: the subject's rows. DEPTH: the deepest level reached (a). */
  k:
    | 'PKG_PLAN'
    | 'LOT_PLAN'
    | 'PLAN_LOT'
    | 'LOT_SHIP'
    | 'PKG_SALE'
    | 'PLAN'
    | 'SEED_PKG'
    | 'SEED_LOT'
    | 'SEED_SHIP'
    | 'DEPTH';
  a: number | null;
  b: number | null;
  qty: number;
  dps: number[];
  depth: number | null;
};

export type ForwardSubject = { stockId: number } | { supplierId: number; supplierLot: string } | { lotId: string };
export type BackwardSubject = { lotId: string } | { shipmentId: number };

type RawRow = { k: WalkRow['k']; a: number | null; b: number | null; qty: unknown; dps: unknown; depth: number | null };

/** An int[] as either driver hands it over: an array (pg, PGlite) or its text form. */
function intList(v: unknown): number[] {
  if (v == null) return [];
  if (Array.isArray(v)) return v.map(Number);
  const text = String(v).replace(/[{}]/g, '');
  return text ? text.split(',').map(Number) : [];
}

const toRows = (res: unknown): WalkRow[] =>
  rowsOf<RawRow>(res).map((r) => ({
    k: r.k,
    a: r.a == null ? null : Number(r.a),
    b: r.b == null ? null : Number(r.b),
    qty: r.qty == null ? 0 : Number(r.qty),
    dps: intList(r.dps),
    depth: r.depth == null ? null : Number(r.depth),
  }));

/** The plans that consumed a lot, net of corrections (the lateral subquery of both the seed and each step). */
const consumersOf = (lotRowId: SQL) => sql`(
  select h.plan_id
  from production_product_stocks ps
  join production_product_histories h on h.prod_product_stock_id = ps.id and h.type = 'CONSUME'
  where ps.lot_row_id = ${lotRowId}
  group by h.plan_id having sum(h.qty) < 0)`;

/** The daily plans of a group of CONSUME rows (ids, never null). */
const dailyPlansOf = sql`coalesce(array_agg(distinct h.daily_plan_id) filter (where h.daily_plan_id is not null), '{}')`;

/**
 * Forward (recall): from material packages (one, or a supplier's lot) or from a lot, every plan that consumed it at
 * any depth through semi-finished lots; then, for what was reached: the packages' consumptions and sales, the lots'
 * consumptions by higher plans, each plan's lot, and every shipment line of the reached lots (canceled ones too).
 */
export async function walkForward(db: Executor, subject: ForwardSubject): Promise<WalkRow[]> {
  const packages =
    'stockId' in subject
      ? sql`s.id = ${subject.stockId}`
      : 'supplierId' in subject
        ? sql`s.supplier_id = ${subject.supplierId} and lower(s.supplier_lot) = lower(${subject.supplierLot})`
        : sql`false`;
  const lot = 'lotId' in subject ? sql`lower(l.lot_id) = lower(${subject.lotId})` : sql`false`;
  const res = await db.execute(sql`
    with recursive
    seed_pkg as (select s.id from material_stocks s where ${packages}),
    seed_lot as (select l.id, l.plan_id from lots l where ${lot}),
    pkg_use as (
      select ps.stock_id as a, h.plan_id as b, -sum(h.qty) as qty, ${dailyPlansOf} as dps
      from production_material_stocks ps
      join production_material_histories h on h.prod_stock_id = ps.id and h.type = 'CONSUME'
      where ps.stock_id in (select id from seed_pkg)
      group by ps.stock_id, h.plan_id having sum(h.qty) < 0
    ),
    walk(plan_id, depth, path) as (
      select u.b, 1, array[u.b] from (select distinct b from pkg_use) u
      union all
      select c.plan_id, 1, array_remove(array[sl.plan_id, c.plan_id], null)
      from seed_lot sl cross join lateral ${consumersOf(sql`sl.id`)} c
      where c.plan_id is distinct from sl.plan_id
      union all
      select c.plan_id, w.depth + 1, w.path || c.plan_id
      from walk w
      join lots l on l.plan_id = w.plan_id
      cross join lateral ${consumersOf(sql`l.id`)} c
      where w.depth < ${TRACE_MAX_DEPTH} and c.plan_id <> all(w.path)
    ),
    reached as (select plan_id, min(depth) as depth from walk group by plan_id),
    reached_lots as (
      select l.id from lots l join reached r on r.plan_id = l.plan_id
      union
      select id from seed_lot
    )
    select 'PKG_PLAN' as k, a, b, qty, dps, null::int as depth from pkg_use
    union all
    select 'LOT_PLAN', ps.lot_row_id, h.plan_id, -sum(h.qty), ${dailyPlansOf}, null
    from production_product_stocks ps
    join production_product_histories h on h.prod_product_stock_id = ps.id and h.type = 'CONSUME'
    where ps.lot_row_id in (select id from reached_lots) and h.plan_id in (select plan_id from reached)
    group by ps.lot_row_id, h.plan_id having sum(h.qty) < 0
    union all
    select 'PLAN_LOT', l.plan_id, l.id, null, null, r.depth from lots l join reached r on r.plan_id = l.plan_id
    union all
    select 'PLAN', plan_id, null, null, null, depth from reached
    union all
    select 'LOT_SHIP', sl.lot_row_id, sl.shipment_id, sum(sl.qty), null, null
    from shipment_lots sl where sl.lot_row_id in (select id from reached_lots)
    group by sl.lot_row_id, sl.shipment_id
    union all
    select 'PKG_SALE', ms.stock_id, ms.customer_id, sum(ms.qty), null, null
    from material_sales ms where ms.stock_id in (select id from seed_pkg)
    group by ms.stock_id, ms.customer_id
    union all
    select 'SEED_PKG', id, null, null, null, null from seed_pkg
    union all
    select 'SEED_LOT', id, plan_id, null, null, null from seed_lot
    union all
    select 'DEPTH', max(depth), null, null, null, null from walk
  `);
  return toRows(res);
}

/**
 * Backward: from a lot or a shipment's lots, every plan whose lot went into them at any depth through semi-finished
 * lots; then, for the reached plans: the semi-finished lots and packages they consumed, each plan's lot, and (a
 * shipment) the shipment's lines.
 */
export async function walkBackward(db: Executor, subject: BackwardSubject): Promise<WalkRow[]> {
  const seed =
    'lotId' in subject
      ? sql`lower(l.lot_id) = lower(${subject.lotId})`
      : sql`l.id in (select lot_row_id from shipment_lots where shipment_id = ${subject.shipmentId})`;
  const shipmentId = 'shipmentId' in subject ? subject.shipmentId : null;
  const res = await db.execute(sql`
    with recursive
    seed_lot as (select l.id, l.plan_id from lots l where ${seed}),
    walk(plan_id, depth, path) as (
      select plan_id, 0, array[plan_id] from seed_lot where plan_id is not null
      union all
      select l.plan_id, w.depth + 1, w.path || l.plan_id
      from walk w
      cross join lateral (
        select ps.lot_row_id
        from production_product_histories h
        join production_product_stocks ps on ps.id = h.prod_product_stock_id
        where h.plan_id = w.plan_id and h.type = 'CONSUME'
        group by ps.lot_row_id having sum(h.qty) < 0) c
      join lots l on l.id = c.lot_row_id
      where l.plan_id is not null and w.depth < ${TRACE_MAX_DEPTH} and l.plan_id <> all(w.path)
    ),
    reached as (select plan_id, min(depth) as depth from walk group by plan_id)
    select 'LOT_PLAN' as k, ps.lot_row_id as a, h.plan_id as b, -sum(h.qty) as qty, ${dailyPlansOf} as dps,
      null::int as depth
    from production_product_histories h
    join production_product_stocks ps on ps.id = h.prod_product_stock_id
    where h.plan_id in (select plan_id from reached) and h.type = 'CONSUME'
    group by ps.lot_row_id, h.plan_id having sum(h.qty) < 0
    union all
    select 'PKG_PLAN', ps.stock_id, h.plan_id, -sum(h.qty), ${dailyPlansOf}, null
    from production_material_histories h
    join production_material_stocks ps on ps.id = h.prod_stock_id
    where h.plan_id in (select plan_id from reached) and h.type = 'CONSUME'
    group by ps.stock_id, h.plan_id having sum(h.qty) < 0
    union all
    select 'PLAN_LOT', l.plan_id, l.id, null, null, r.depth from lots l join reached r on r.plan_id = l.plan_id
    union all
    select 'LOT_SHIP', sl.lot_row_id, sl.shipment_id, sum(sl.qty), null, null
    from shipment_lots sl where sl.shipment_id = ${shipmentId}::int
    group by sl.lot_row_id, sl.shipment_id
    union all
    select 'SEED_SHIP', s.id, null, null, null, null from shipments s where s.id = ${shipmentId}::int
    union all
    select 'SEED_LOT', id, plan_id, null, null, null from seed_lot
    union all
    select 'DEPTH', max(depth), null, null, null, null from walk
  `);
  return toRows(res);
}
