// The shipments case of `npm run bench` (issue 14: "lists under 50 ms p99 at demo scale × 50"): the demo's businesses,
// orders, order lines, outsourcing, shipments and released semi-finished lots (demo-orders.ts, demo-shipments.ts,
// demo-results.ts) times 50, on the plan case's two years of plans (bench/plans.ts: 5,000 plans, 100,000 daily plans,
// those of past days worked) — then every list the order, outsourcing, shipment, product issue and tracking screens ask
// for with their default filters. Rows are made with generate_series in SQL, not through the API: a realistic spread,
// not ledgers that sum (the invariants are the tests' business).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { addDays, todayIn } from '../apps/server/src/platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';
import type { PlanIds } from './plans.ts';

/** The demo's counts (3 customers, 1 outsourcer, 5 businesses, 8 orders, 14 order products — 9 planned, 4 of them
 * fully —, 3 order materials, 2 outsourcings, 6 shipments of 8 lines, one canceled, 9 released semi-finished lots with
 * 42 movements) × 50. Lots: the demo's 24 × 50, 150 of them semi-finished ones added by hand. */
export const BENCH_SHIPMENT_COUNTS = {
  customers: 150,
  outsourcers: 50,
  businesses: 250,
  orders: 400,
  orderProducts: 700,
  orderMaterials: 150,
  plannedOrderProducts: 450,
  outSourcings: 100,
  shipments: 300,
  shipmentLots: 400,
  finishedLots: 1_050,
  semiLots: 150,
  releasedLots: 450,
};
const C = BENCH_SHIPMENT_COUNTS;
const SEMI_PRODUCTS = 20;
const MATERIALS = 40;
const SHELVES = 20;
/** The app's factory day (loadConfig's default TZ in bench/run.ts). */
const TIME_ZONE = 'Asia/Seoul';

export type ShipmentIds = {
  today: string;
  customerId: number;
  businessId: number;
  orderId: number;
  productId: number;
  materialId: number;
  lotId: string;
};

export async function seedShipments(database: Database, plans: PlanIds): Promise<ShipmentIds> {
  const today = todayIn(TIME_ZONE);
  const t = sql`${today}::date`;
  const ids = await withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const run = (q: ReturnType<typeof sql>) => tx.execute(q);
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0];
    const audit = sql`'system', 'system'`;

    // Where product stock is: a warehouse of the plan case's factory with its shelves.
    const wh = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('출하 벤치 창고', 'WAREHOUSE', ${plans.factoryId}) returning id`,
    );
    await run(sql`insert into locations (name, code, type, parent_id)
      select '출하 선반 ' || i, 'BXS-' || i, 'SHELF', ${wh.id} from generate_series(1, ${SHELVES}) i`);

    await run(sql`insert into biz_partners (code, name, types)
      select 'BXC-' || lpad(i::text, 3, '0'), '출하 벤치 고객사 ' || i, '{CUSTOMER}' from generate_series(1, ${C.customers}) i`);
    await run(sql`insert into biz_partners (code, name, types)
      select 'BXO-' || lpad(i::text, 3, '0'), '출하 벤치 외주사 ' || i, '{OUTSOURCER}' from generate_series(1, ${C.outsourcers}) i`);

    // BOMs: each plan-case product (BFG-*) takes one semi-finished product and two materials; a semi-finished one a
    // material. Each material has five packages in stock.
    await run(sql`insert into products (code, name, type, unit)
      select 'BXF-' || lpad(i::text, 2, '0'), '출하 벤치 반제품 ' || i, 'SEMI', 'EA' from generate_series(1, ${SEMI_PRODUCTS}) i`);
    await run(sql`insert into materials (code, name, type, unit)
      select 'BXM-' || lpad(i::text, 2, '0'), '출하 벤치 자재 ' || i, 'RAW', 'KG' from generate_series(1, ${MATERIALS}) i`);
    await run(sql`insert into boms (parent_product_id, child_product_id, qty, unit)
      select p.id, (select id from products where code = 'BXF-' || lpad((1 + substr(p.code, 5)::int % ${SEMI_PRODUCTS})::text, 2, '0')), 1, 'EA'
      from products p where p.code like 'BFG-%'`);
    await run(sql`insert into boms (parent_product_id, material_id, qty, unit, seq)
      select p.id, (select id from materials where code = 'BXM-' || lpad((1 + (substr(p.code, 5)::int + k * 7) % ${MATERIALS})::text, 2, '0')),
        0.5 + k, 'KG', k
      from products p cross join generate_series(0, 1) k where p.code like 'BFG-%'`);
    await run(sql`insert into boms (parent_product_id, material_id, qty, unit)
      select p.id, (select id from materials where code = 'BXM-' || lpad((1 + substr(p.code, 5)::int * 3 % ${MATERIALS})::text, 2, '0')), 2, 'KG'
      from products p where p.code like 'BXF-%'`);
    await run(sql`insert into material_stocks (package_id, material_id, location_id, qty, received_qty, received_date, created_by, updated_by)
      select 'BXP-' || m.code || '-' || k, m.id, (select id from locations where code = 'BXS-1'), 200 * k, 1000, ${t} - k * 10, ${audit}
      from materials m cross join generate_series(1, 5) k where m.code like 'BXM-%'`);

    // Businesses under customers (some customers have two), orders from five weeks back, their lines due from a
    // week back to a month on (the demo's spread), one line in 14 … 9 of 14 planned.
    await run(sql`insert into businesses (biz_partner_id, code, name, start_dt, end_dt, manager, created_by, updated_by)
      select (select id from biz_partners where code = 'BXC-' || lpad((1 + (i - 1) % ${C.customers})::text, 3, '0')),
        'BXB-' || lpad(i::text, 3, '0'), '출하 벤치 사업 ' || i, ${t} - 60 + i % 50, ${t} + 150 + i % 170,
        '담당자 ' || (i % 7), ${audit}
      from generate_series(1, ${C.businesses}) i`);
    await run(sql`insert into orders (business_id, order_no, order_dt, due_dt, description, created_by, updated_by)
      select (select id from businesses where code = 'BXB-' || lpad((1 + (i - 1) % ${C.businesses})::text, 3, '0')),
        'BSO-' || lpad(i::text, 4, '0'), ${t} - 1 - i % 35, ${t} - 1 - i % 35 + 20 + i % 21,
        case when i % 3 = 0 then '정기 발주' end, ${audit}
      from generate_series(1, ${C.orders}) i`);
    await run(sql`insert into order_products (order_id, product_id, qty, due_dt, unit_price, created_by, updated_by)
      select (select id from orders where order_no = 'BSO-' || lpad((1 + (i - 1) % ${C.orders})::text, 4, '0')),
        (select id from products where code = 'BFG-' || lpad((1 + i * 37 % 100)::text, 4, '0')),
        200 + i * 53 % 2800, ${t} - 7 + i % 40, 19000 + i % 30 * 1000, ${audit}
      from generate_series(1, ${C.orderProducts}) i`);
    await run(sql`insert into order_materials (order_id, material_id, qty, start_dt, end_dt, supplied, created_by, updated_by)
      select (select id from orders where order_no = 'BSO-' || lpad((1 + i * 3 % ${C.orders})::text, 4, '0')),
        (select id from materials where code = 'BXM-' || lpad((1 + i % ${MATERIALS})::text, 2, '0')),
        500 + i * 17 % 2500, ${t} - 17 + i % 20, ${t} - 3 + i % 20, i % 3 <> 0, ${audit}
      from generate_series(1, ${C.orderMaterials}) i`);
    // Nine lines in 14 are planned: each takes one of its product's latest plans (up to two weeks on), one plan each.
    await run(sql`insert into order_product_plans (order_product_id, plan_id, created_by, updated_by)
      with ops as (
        select op.id, op.product_id, row_number() over (partition by op.product_id order by op.id) as rn
        from order_products op join orders o on o.id = op.order_id
        where o.order_no like 'BSO-%' and op.id % 14 < 9
      ),
      pls as (
        select p.id, p.product_id, row_number() over (partition by p.product_id order by p.start_dt desc, p.id) as rn
        from production_plans p join products pr on pr.id = p.product_id
        where pr.code like 'BFG-%' and p.start_dt <= ${t} + 14
      )
      select ops.id, pls.id, ${audit} from ops join pls on pls.product_id = ops.product_id and pls.rn = ops.rn`);
    // As in the demo, four planned lines in nine are fully planned (the rest partly): 500 of 700 are "no-production".
    await run(sql`update order_products op set qty = p.qty from order_product_plans l join production_plans p on p.id = l.plan_id
      where l.order_product_id = op.id and op.id % 14 < 4`);

    // Lots: the latest plans started before today made one each (a week's production, a year's shelf life), and
    // semi-finished lots added by hand; each on one shelf.
    await run(sql`insert into lots (lot_id, product_id, plan_id, day, expiry_date, expiry_reason, created_by, updated_by)
      select 'BXL-' || to_char(least(p.start_dt + 4, ${t} - 1), 'YYMMDD') || '-' || pr.code || '-' || p.id, p.product_id, p.id,
        least(p.start_dt + 4, ${t} - 1), least(p.start_dt + 4, ${t} - 1) + 365, 'SHELF_LIFE', ${audit}
      from production_plans p join products pr on pr.id = p.product_id
      where pr.code like 'BFG-%' and p.start_dt < ${t}
      order by p.start_dt desc, p.id limit ${C.finishedLots}`);
    await run(sql`insert into lots (lot_id, product_id, day, expiry_date, expiry_reason, created_by, updated_by)
      select 'BXL-' || to_char(${t} - i % 90, 'YYMMDD') || '-' || pr.code || '-' || i, pr.id, ${t} - i % 90,
        ${t} - i % 90 + 180, 'SHELF_LIFE', ${audit}
      from generate_series(1, ${C.semiLots}) i
      join products pr on pr.code = 'BXF-' || lpad((1 + i % ${SEMI_PRODUCTS})::text, 2, '0')`);
    await run(sql`insert into product_stocks (lot_row_id, location_id, qty, created_by, updated_by)
      select l.id, (select id from locations where code = 'BXS-' || (1 + l.id % ${SHELVES})),
        case when l.plan_id is null then 500 else 100 + l.id % 400 end, ${audit}
      from lots l where l.lot_id like 'BXL-%'`);
    // A finished lot received five days' results (PRODUCE), a semi-finished one was added at once (ADD).
    await run(sql`insert into product_stock_histories (product_stock_id, type, qty, balance, day, created_by)
      select ps.id, 'PRODUCE', ps.qty / 5, ps.qty / 5 * k, least(l.day + k - 1, ${t}), 'system'
      from product_stocks ps join lots l on l.id = ps.lot_row_id cross join generate_series(1, 5) k
      where l.lot_id like 'BXL-%' and l.plan_id is not null`);
    await run(sql`insert into product_stock_histories (product_stock_id, type, qty, balance, day, created_by)
      select ps.id, 'ADD', ps.qty, ps.qty, l.day, 'system'
      from product_stocks ps join lots l on l.id = ps.lot_row_id where l.lot_id like 'BXL-%' and l.plan_id is null`);

    // Shipments of order products over the last two months, a tenth of them today, one in six canceled; a third
    // with a second lot. Each line a lot of the shipment's product, with its SHIP (and SHIP_CANCEL) movement.
    await run(sql`insert into shipments (shipment_no, biz_partner_id, order_product_id, product_id, shipment_dt,
        canceled, canceled_at, canceled_by, cancel_reason, description, created_by, updated_by)
      with ops as (
        select op.id, op.product_id, b.biz_partner_id, row_number() over (order by op.id) as rn
        from order_products op join orders o on o.id = op.order_id join businesses b on b.id = o.business_id
        where o.order_no like 'BSO-%'
      ),
      s as (
        select i, case when i % 10 = 0 then ${t} else ${t} - 1 - i % 59 end as day
        from generate_series(1, ${C.shipments}) i
      )
      select 'S' || to_char(s.day, 'YYYYMMDD') || '-' || lpad((row_number() over (partition by s.day order by s.i))::text, 3, '0'),
        ops.biz_partner_id, ops.id, ops.product_id, s.day, s.i % 6 = 2,
        case when s.i % 6 = 2 then now() end, case when s.i % 6 = 2 then 'system' end,
        case when s.i % 6 = 2 then '고객 요청: 납기 연기' end, '정기 납품', ${audit}
      from s join ops on ops.rn = 1 + s.i * 3 % ${C.orderProducts}
      order by s.day, s.i`);
    await run(sql`insert into shipment_lots (shipment_id, product_stock_id, lot_row_id, qty, created_by, updated_by)
      with sh as (
        select s.id, s.product_id, row_number() over (order by s.id) as n from shipments s where s.description = '정기 납품'
          and s.shipment_no like 'S%' and s.biz_partner_id in (select id from biz_partners where code like 'BXC-%')
      ),
      st as (
        select ps.id, ps.lot_row_id, l.product_id, row_number() over (partition by l.product_id order by l.day desc, l.id) - 1 as k,
          count(*) over (partition by l.product_id) as of
        from product_stocks ps join lots l on l.id = ps.lot_row_id where l.lot_id like 'BXL-%' and l.plan_id is not null
      )
      select sh.id, st.id, st.lot_row_id, 10 + (sh.n * 7 + line) % 50, ${audit}
      from sh cross join generate_series(0, 1) line
      join st on st.product_id = sh.product_id and st.k = (sh.n + line) % st.of
      where line = 0 or sh.n % 3 = 0
      order by sh.id, line`);
    await run(sql`insert into product_stock_histories (product_stock_id, type, qty, balance, reason, day, created_by)
      select sl.product_stock_id, 'SHIP', -sl.qty, ps.qty, s.shipment_no, s.shipment_dt, 'system'
      from shipment_lots sl join shipments s on s.id = sl.shipment_id join product_stocks ps on ps.id = sl.product_stock_id
      where sl.ship_history_id is null order by sl.id`);
    await run(sql`update shipment_lots sl set ship_history_id = h.id
      from product_stock_histories h join shipments s on s.shipment_no = h.reason
      where h.type = 'SHIP' and s.id = sl.shipment_id and h.product_stock_id = sl.product_stock_id
        and sl.ship_history_id is null`);
    await run(sql`insert into product_stock_histories (product_stock_id, type, qty, balance, reason, day, created_by)
      select sl.product_stock_id, 'SHIP_CANCEL', sl.qty, ps.qty, s.shipment_no, s.shipment_dt, 'system'
      from shipment_lots sl join shipments s on s.id = sl.shipment_id join product_stocks ps on ps.id = sl.product_stock_id
      where s.canceled and sl.cancel_history_id is null order by sl.id`);
    await run(sql`update shipment_lots sl set cancel_history_id = h.id
      from product_stock_histories h join shipments s on s.shipment_no = h.reason
      where h.type = 'SHIP_CANCEL' and s.id = sl.shipment_id and h.product_stock_id = sl.product_stock_id
        and sl.cancel_history_id is null`);

    // Outsourcing: the last operation of plans started in the last two months, sent to an outsourcer; back two days
    // later (2 bad) unless sent in the last three days.
    await run(sql`insert into out_sourcings (plan_id, oper_plan_id, biz_partner_id, sent_qty, sent_dt, received_good_qty,
        received_bad_qty, received_dt, unit_cost, daily_plan_id, description, created_by, updated_by)
      with pl as (
        select p.id, p.qty, p.start_dt, row_number() over (order by p.start_dt desc, p.id) as n
        from production_plans p join products pr on pr.id = p.product_id
        where pr.code like 'BFG-%' and p.start_dt <= ${t} and p.start_dt > ${t} - 60
      )
      select pl.id, o.id, (select id from biz_partners where code = 'BXO-' || lpad((1 + pl.n % ${C.outsourcers})::text, 3, '0')),
        round(pl.qty / 10), g.sent,
        case when g.sent <= ${t} - 3 then round(pl.qty / 10) - 2 else 0 end,
        case when g.sent <= ${t} - 3 then 2 else 0 end,
        case when g.sent <= ${t} - 3 then g.sent + 2 end, 350,
        case when g.sent <= ${t} - 3 then (select d.id from daily_plans d where d.oper_plan_id = o.id and d.day = g.sent + 2 limit 1) end,
        '포장 외주', ${audit}
      from pl
      cross join lateral (select greatest(pl.start_dt + 1, ${t} - (pl.n % 60)::int) as sent) g
      join production_oper_plans o on o.plan_id = pl.id and o.seq = 2
      where pl.n <= ${C.outSourcings} and g.sent <= ${t}`);

    // Released semi-finished lots: plans from three months back to two weeks on each got a lot of their child
    // product; those begun consumed some (four results) and gave some back.
    await run(sql`insert into production_product_stocks (plan_id, product_stock_id, lot_row_id, product_id, line_id, qty,
        released_qty, restocked_qty, consumed_qty, created_by, updated_by)
      with pl as (
        select p.id, p.line_id, p.start_dt, b.child_product_id, row_number() over (order by p.start_dt desc, p.id) as n
        from production_plans p join products pr on pr.id = p.product_id
        join boms b on b.parent_product_id = p.product_id and b.child_product_id is not null
        where pr.code like 'BFG-%' and p.start_dt <= ${t} + 14
      ),
      st as (
        select ps.id, ps.lot_row_id, l.product_id, row_number() over (partition by l.product_id order by l.day, l.id) - 1 as k,
          count(*) over (partition by l.product_id) as of
        from product_stocks ps join lots l on l.id = ps.lot_row_id where l.lot_id like 'BXL-%' and l.plan_id is null
      )
      select pl.id, st.id, st.lot_row_id, st.product_id, pl.line_id,
        case when pl.start_dt < ${t} then 30 else 100 end, 100,
        case when pl.start_dt < ${t} then 10 else 0 end, case when pl.start_dt < ${t} then 60 else 0 end, ${audit}
      from pl join st on st.product_id = pl.child_product_id and st.k = pl.n % st.of
      where pl.n <= ${C.releasedLots}`);
    await run(sql`insert into production_product_histories (prod_product_stock_id, plan_id, type, qty, balance, day, created_by)
      select s.id, s.plan_id, 'RELEASE', 100, 100, p.start_dt - 1, 'system'
      from production_product_stocks s join production_plans p on p.id = s.plan_id`);
    await run(sql`insert into production_product_histories (prod_product_stock_id, plan_id, type, qty, balance, daily_plan_id,
        day, created_by)
      with d as (
        select d.id, d.day, d.plan_id, row_number() over (partition by d.plan_id order by d.day, d.id) as k
        from daily_plans d join production_oper_plans o on o.id = d.oper_plan_id
        where o.seq = 1 and d.plan_id in (select plan_id from production_product_stocks where consumed_qty > 0)
      )
      select s.id, s.plan_id, 'CONSUME', -15, 100 - 15 * d.k, d.id, d.day, 'system'
      from production_product_stocks s join d on d.plan_id = s.plan_id and d.k <= 4
      where s.consumed_qty > 0`);
    await run(sql`insert into production_product_histories (prod_product_stock_id, plan_id, type, qty, balance, reason, day,
        created_by)
      select s.id, s.plan_id, 'RESTOCK', -10, 30, '잔량 반납', p.end_dt, 'system'
      from production_product_stocks s join production_plans p on p.id = s.plan_id where s.restocked_qty > 0`);
    await run(sql`insert into product_stock_histories (product_stock_id, type, qty, balance, day, created_by)
      select s.product_stock_id, 'RELEASE', -s.released_qty, ps.qty, p.start_dt - 1, 'system'
      from production_product_stocks s join production_plans p on p.id = s.plan_id join product_stocks ps on ps.id = s.product_stock_id`);
    await run(sql`analyze`);

    // The subjects of the one-item lists: the order with the most lines, its business and customer, the product with
    // the most order products, and a lot shipped the most times.
    const order = await one<{ id: number; business_id: number; biz_partner_id: number }>(sql`select o.id, o.business_id,
        b.biz_partner_id from orders o join businesses b on b.id = o.business_id where o.order_no like 'BSO-%'
      order by (select count(*) from order_products x where x.order_id = o.id)
        + (select count(*) from order_materials x where x.order_id = o.id) desc, o.id limit 1`);
    const product = await one<{ product_id: number }>(sql`select op.product_id from order_products op
      join orders o on o.id = op.order_id where o.order_no like 'BSO-%' group by op.product_id
      order by count(*) desc, op.product_id limit 1`);
    const material = await one<{ id: number }>(sql`select id from materials where code = 'BXM-01'`);
    const lot = await one<{
      lot_id: string;
    }>(sql`select l.lot_id from lots l join shipment_lots sl on sl.lot_row_id = l.id
      group by l.id order by count(*) desc, l.id limit 1`);
    return {
      today,
      customerId: order.biz_partner_id,
      businessId: order.business_id,
      orderId: order.id,
      productId: product.product_id,
      materialId: material.id,
      lotId: lot.lot_id,
    };
  });
  // Outside the transaction (VACUUM cannot run in one): the visibility map autovacuum gives a factory's tables within
  // minutes, which the daily plans' covering index (migration 0044) reads by; without it the lists were measured
  // while autovacuum worked through the freshly seeded tables on the same two cores.
  await database.db.execute(sql`vacuum analyze`);
  return ids;
}

/** How many rows each table got (the counts RESULTS.md states). */
export async function shipmentRowCounts(database: Database): Promise<Record<string, number>> {
  const res = await database.db.execute(sql`select
    (select count(*) from biz_partners where code like 'BX%') as partners,
    (select count(*) from businesses where code like 'BXB-%') as businesses,
    (select count(*) from orders where order_no like 'BSO-%') as orders,
    (select count(*) from order_products op join orders o on o.id = op.order_id where o.order_no like 'BSO-%') as order_products,
    (select count(*) from order_materials om join orders o on o.id = om.order_id where o.order_no like 'BSO-%') as order_materials,
    (select count(*) from order_product_plans) as order_product_plans,
    (select count(*) from out_sourcings) as out_sourcings,
    (select count(*) from shipments) as shipments,
    (select count(*) from shipments where canceled) as canceled,
    (select count(*) from shipment_lots) as shipment_lots,
    (select count(*) from lots where lot_id like 'BXL-%') as lots,
    (select count(*) from product_stocks) as product_stocks,
    (select count(*) from product_stock_histories) as product_stock_histories,
    (select count(*) from production_product_stocks) as production_product_stocks,
    (select count(*) from production_product_histories) as production_product_histories,
    (select count(*) from production_plans) as plans,
    (select count(*) from daily_plans) as daily_plans`);
  const row = rowsOf<Record<string, string | number>>(res)[0];
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

/** Label and path of each list, with the filters its screen sends by default. */
export function shipmentLists(ids: ShipmentIds): [string, string][] {
  const day = (n: number) => addDays(ids.today, n);
  // The order screen's due period (a month back … two months on), the outsourcing and shipment screens' last 30 days,
  // the product issue screen's today … a week on, the tracking screen's 30 days back … 60 on.
  const due = `startDt=${day(-30)}&endDt=${day(61)}`;
  const last30 = `startDt=${day(-29)}&endDt=${ids.today}`;
  const week = `startDt=${ids.today}&endDt=${day(7)}`;
  const tracking = `startDt=${day(-30)}&endDt=${day(60)}`;
  return [
    ['businesses, page of 50', '/api/business/businesses?page=1&size=50'],
    ["a customer's businesses and orders (tree)", `/api/business/partner-tree/${ids.customerId}`],
    ["a business's orders", `/api/order/orders/${ids.businessId}`],
    ["an order's products", `/api/order-product/order/${ids.orderId}`],
    ["an order's materials", `/api/order-product/order-material/${ids.orderId}`],
    ['no-production order products, page of 50', '/api/order-product/no-production?page=1&size=50'],
    ['order products due in 3 months, page of 50', `/api/order-product/order-products?${due}&page=1&size=50`],
    ['order tree of 3 months (partners → order products)', `/api/order-product/tree?${due}`],
    ['outsourcing of 30 days, page of 50', `/api/out-sourcing/out-sourcings?${last30}&page=1&size=50`],
    ['shipments of 30 days, page of 50', `/api/shipment/shipments?${last30}&page=1&size=50`],
    ["today's shipments (phone)", '/api/shipment/shipments/today'],
    ['shipments of a lot', `/api/shipment/shipments/lot/${encodeURIComponent(ids.lotId)}`],
    [
      'released semi-finished lots, a week, page of 50',
      `/api/production-product-stock/production-product-stocks?${week}&page=1&size=50`,
    ],
    ['tracking of a product, 3 months', `/api/tracking/product/${ids.productId}?${tracking}`],
    ['tracking of all products, 3 months (sums)', `/api/tracking/product/all?${tracking}&rows=N`],
    ['tracking of all materials, 3 months (sums)', `/api/tracking/material/all?${tracking}&rows=N`],
    ['tracking of a material, 3 months', `/api/tracking/material/${ids.materialId}?${tracking}`],
  ];
}
