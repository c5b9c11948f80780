// The traceability case of `npm run bench` (issue 14: either direction under 1 s on PostgreSQL and under 2 s on PGlite
// with 1,000,000 ledger movements in the database). A generated three-level supply chain, every row made set-based
// with generate_series: 20,000 material packages of 5 materials (2,000 supplier lots of 10 packages) → 40,000
// semi-finished plans, each consuming from 5 packages (each package feeds 10 plans) → their lots → 20,000 finished
// plans, each consuming 4 semi-finished lots (each semi-finished lot goes into 2) → their lots → 2 shipments each to
// 50 customers (the second of one lot in five canceled); plus a sale of every package and a correction of most. The ledgers
// then hold exactly 1,000,000 rows (material 256,000, production material 400,000, product stock 184,000, production
// product 160,000), and every balance agrees with its ledger, so the recall's residuals are 0.
//
// Measured through HTTP, one request at a time, 10 times after one warm-up: backward from a shipment and from a
// finished lot, forward from a supplier lot and from a package, and the mock recall (mass balance) of a supplier lot,
// as JSON and as the PDF report.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';

export const BENCH_TRACE_LEDGER_ROWS = 1_000_000;
const MATERIALS = 5;
const PACKAGES = 20_000;
const PACKAGES_PER_LOT = 10;
const SEMI_PLANS = 40_000;
const FINISHED_PLANS = 20_000;
const CUSTOMERS = 50;
const PER_MATERIAL = PACKAGES / MATERIALS;
/** Each semi-finished plan's consumption of each of its packages (and what stays at its line). */
const RELEASED_KG = 60;
const CONSUMED_KG = 50;
/** Each finished plan's release and consumption of each of its semi-finished lots; each shipment line. */
const SEMI_EA = 30;
const SHIPPED_EA = 30;

export type TraceIds = {
  supplierId: number;
  supplierLot: string;
  stockId: number;
  finishedLotId: string;
  shipmentId: number;
};

/** Our own whole numbers written into the SQL: a parameter in a union's select list would be typed text. */
const n = (v: number) => sql.raw(String(Math.trunc(v)));
const pad = (x: ReturnType<typeof sql>) => sql`lpad((${x})::text, 6, '0')`;

export async function seedTrace(database: Database): Promise<TraceIds> {
  return withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0];
    // The change history of generated rows is not what is measured: triggers (audit) off for this transaction where
    // the role may (PGlite, a superuser); a server role that may not keeps them and only seeds slower.
    await tx.execute(sql`do $$ begin
        set local session_replication_role = replica;
      exception when insufficient_privilege then null; end $$`);
    const site = await one<{ id: number }>(
      sql`insert into locations (name, type) values ('추적 벤치 사업장', 'SITE') returning id`,
    );
    const factory = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('추적 벤치 공장', 'FACTORY', ${n(site.id)}) returning id`,
    );
    const warehouse = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('추적 벤치 창고', 'WAREHOUSE', ${n(factory.id)}) returning id`,
    );
    const shelf = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('추적 벤치 선반', 'SHELF', ${n(warehouse.id)}) returning id`,
    );
    const line = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('추적 벤치 라인', 'LINE', ${n(factory.id)}) returning id`,
    );
    const supplier = await one<{ id: number }>(
      sql`insert into biz_partners (code, name, types) values ('TSP-1', '추적 벤치 공급사', '{SUPPLIER}') returning id`,
    );
    await tx.execute(sql`insert into biz_partners (code, name, types)
      select 'TCU-' || i, '추적 벤치 고객 ' || i, '{CUSTOMER}' from generate_series(1, ${n(CUSTOMERS)}) i`);
    await tx.execute(sql`insert into materials (code, name, type, unit)
      select 'TRM-' || i, '추적 벤치 자재 ' || i, 'RAW', 'KG' from generate_series(1, ${n(MATERIALS)}) i`);
    await tx.execute(sql`insert into products (code, name, type, unit)
      select 'TSA-' || i, '추적 벤치 반제품 ' || i, 'SEMI', 'EA' from generate_series(1, 10) i
      union all select 'TFG-' || i, '추적 벤치 완제품 ' || i, 'FINISHED', 'EA' from generate_series(1, 10) i`);
    const op = await one<{ id: number }>(
      sql`insert into operations (code, name) values ('TOP-1', '추적 벤치 공정') returning id`,
    );

    // Packages: material m holds packages m·4000 … m·4000+3999; ten in a row share a supplier lot.
    const stockQty = sql`1000 - ${n(10 * RELEASED_KG)} - 20 - case when i < 16000 then 5 else 0 end`;
    await tx.execute(sql`insert into material_stocks (package_id, material_id, location_id, qty, received_qty,
        supplier_id, supplier_lot, received_date, created_by, updated_by)
      select 'TPK-' || ${pad(sql`i`)}, (select id from materials where code = 'TRM-' || (1 + i / ${n(PER_MATERIAL)})),
        ${n(shelf.id)}, ${stockQty}, 1000, ${n(supplier.id)}, 'TSL-' || (i / ${n(PACKAGES_PER_LOT)}),
        current_date - 730 + (i % ${n(PER_MATERIAL)}) * 730 / ${n(PER_MATERIAL)}, 'system', 'system'
      from generate_series(0, ${n(PACKAGES - 1)}) i`);

    // Plans (their index in the description), one operation plan, one daily plan with its result, one lot each.
    await tx.execute(sql`insert into production_plans (product_id, qty, start_dt, end_dt, line_id, lot_seq, description,
        created_by, updated_by)
      select (select id from products where code = 'TSA-' || (1 + j % 10)), 100, current_date - 730 + j * 730 / ${n(SEMI_PLANS)},
        current_date - 730 + j * 730 / ${n(SEMI_PLANS)}, ${n(line.id)}, 1 + j / 10, 'TS-' || j, 'system', 'system'
      from generate_series(0, ${n(SEMI_PLANS - 1)}) j
      union all
      select (select id from products where code = 'TFG-' || (1 + f % 10)), 100, current_date - 729 + f * 730 / ${n(FINISHED_PLANS)},
        current_date - 729 + f * 730 / ${n(FINISHED_PLANS)}, ${n(line.id)}, 1 + f / 10, 'TF-' || f, 'system', 'system'
      from generate_series(0, ${n(FINISHED_PLANS - 1)}) f`);
    await tx.execute(sql`insert into production_oper_plans (plan_id, seq, operation_id, target_qty, created_by, updated_by)
      select id, 1, ${n(op.id)}, qty, 'system', 'system' from production_plans where line_id = ${n(line.id)}`);
    await tx.execute(sql`insert into daily_plans (plan_id, oper_plan_id, day, target_qty, status, good_qty, created_by,
        updated_by)
      select o.plan_id, o.id, p.start_dt, 100, 'WORK_COMPLETED', 100, 'system', 'system'
      from production_oper_plans o join production_plans p on p.id = o.plan_id where p.line_id = ${n(line.id)}`);
    await tx.execute(sql`insert into lots (lot_id, product_id, plan_id, day, created_by, updated_by)
      select case when p.description like 'TS-%' then 'TLS-' else 'TLF-' end || ${pad(sql`substr(p.description, 4)::int`)},
        p.product_id, p.id, p.start_dt, 'system', 'system'
      from production_plans p where p.line_id = ${n(line.id)}`);
    // Semi-finished lots keep 100 − 2·30 released; finished lots 100 − 2·30 shipped, + 30 back where canceled.
    await tx.execute(sql`insert into product_stocks (lot_row_id, location_id, qty, created_by, updated_by)
      select l.id, ${n(shelf.id)}, case
          when l.lot_id like 'TLS-%' then 100 - 2 * ${n(SEMI_EA)}
          when substr(l.lot_id, 5)::int % 5 = 0 then 100 - ${n(SHIPPED_EA)}
          else 100 - 2 * ${n(SHIPPED_EA)} end, 'system', 'system'
      from lots l where l.lot_id like 'TLS-%' or l.lot_id like 'TLF-%'`);

    // Material ledger: receipts, releases (one per plan and package), sales, corrections.
    await tx.execute(sql`create temp table trace_use on commit drop as
      select j, i, s.id as stock_id, s.material_id, p.id as plan_id, d.id as daily_plan_id, p.start_dt as day
      from generate_series(0, ${n(SEMI_PLANS - 1)}) j cross join generate_series(0, ${n(MATERIALS - 1)}) i
      join material_stocks s on s.package_id = 'TPK-' || ${pad(sql`i * ${n(PER_MATERIAL)} + j / 10`)}
      join lots l on l.lot_id = 'TLS-' || ${pad(sql`j`)}
      join production_plans p on p.id = l.plan_id
      join daily_plans d on d.plan_id = p.id`);
    await tx.execute(sql`insert into material_histories (stock_id, material_id, type, qty, balance, location_id, day,
        created_by)
      select id, material_id, 'SHIP_IN', 1000, 1000, location_id, received_date, 'system' from material_stocks
        where package_id like 'TPK-%'
      union all
      select stock_id, material_id, 'SHIP_OUT', -${n(RELEASED_KG)}, 0, ${n(shelf.id)}, day, 'system' from trace_use
      union all
      select id, material_id, 'SALE', -20, qty, location_id, received_date + 30, 'system' from material_stocks
        where package_id like 'TPK-%'
      union all
      select id, material_id, 'CORRECT', -5, qty, location_id, received_date + 60, 'system' from material_stocks
        where package_id like 'TPK-%' and substr(package_id, 5)::int < 16000`);
    await tx.execute(sql`insert into material_sales (stock_id, material_id, customer_id, qty, sale_date, created_by,
        updated_by)
      select s.id, s.material_id, (select id from biz_partners where code = 'TCU-' || (1 + substr(s.package_id, 5)::int % ${n(CUSTOMERS)})),
        20, s.received_date + 30, 'system', 'system'
      from material_stocks s where s.package_id like 'TPK-%'`);

    // Production material: each (plan, package) released, most of it consumed by the plan's daily plan.
    await tx.execute(sql`insert into production_material_stocks (plan_id, stock_id, material_id, line_id, qty,
        released_qty, consumed_qty, created_by, updated_by)
      select plan_id, stock_id, material_id, ${n(line.id)}, ${n(RELEASED_KG - CONSUMED_KG)}, ${n(RELEASED_KG)}, ${n(CONSUMED_KG)},
        'system', 'system' from trace_use`);
    await tx.execute(sql`insert into production_material_histories (prod_stock_id, plan_id, type, qty, balance,
        daily_plan_id, day, created_by)
      select ps.id, u.plan_id, 'RELEASE', ${n(RELEASED_KG)}, ${n(RELEASED_KG)}, null, u.day, 'system'
      from trace_use u join production_material_stocks ps on ps.plan_id = u.plan_id and ps.stock_id = u.stock_id
      union all
      select ps.id, u.plan_id, 'CONSUME', -${n(CONSUMED_KG)}, ${n(RELEASED_KG - CONSUMED_KG)}, u.daily_plan_id, u.day, 'system'
      from trace_use u join production_material_stocks ps on ps.plan_id = u.plan_id and ps.stock_id = u.stock_id`);

    // Semi-finished lots into finished plans: finished plan f takes lots 4f … 4f+3 (mod the count), each lot goes
    // into two finished plans.
    await tx.execute(sql`create temp table trace_semi on commit drop as
      select f, i, ls.id as lot_row_id, ls.product_id, st.id as product_stock_id, p.id as plan_id,
        d.id as daily_plan_id, p.start_dt as day
      from generate_series(0, ${n(FINISHED_PLANS - 1)}) f cross join generate_series(0, 3) i
      join lots ls on ls.lot_id = 'TLS-' || ${pad(sql`(4 * f + i) % ${n(SEMI_PLANS)}`)}
      join product_stocks st on st.lot_row_id = ls.id
      join lots lf on lf.lot_id = 'TLF-' || ${pad(sql`f`)}
      join production_plans p on p.id = lf.plan_id
      join daily_plans d on d.plan_id = p.id`);
    await tx.execute(sql`insert into production_product_stocks (plan_id, product_stock_id, lot_row_id, product_id,
        line_id, qty, released_qty, consumed_qty, created_by, updated_by)
      select plan_id, product_stock_id, lot_row_id, product_id, ${n(line.id)}, 0, ${n(SEMI_EA)}, ${n(SEMI_EA)}, 'system', 'system'
      from trace_semi`);
    await tx.execute(sql`insert into production_product_histories (prod_product_stock_id, plan_id, type, qty, balance,
        daily_plan_id, day, created_by)
      select pp.id, u.plan_id, 'RELEASE', ${n(SEMI_EA)}, ${n(SEMI_EA)}, null, u.day, 'system'
      from trace_semi u join production_product_stocks pp on pp.plan_id = u.plan_id and pp.product_stock_id = u.product_stock_id
      union all
      select pp.id, u.plan_id, 'CONSUME', -${n(SEMI_EA)}, 0, u.daily_plan_id, u.day, 'system'
      from trace_semi u join production_product_stocks pp on pp.plan_id = u.plan_id and pp.product_stock_id = u.product_stock_id`);

    // Shipments: two per finished lot, the second of every fifth canceled.
    await tx.execute(sql`insert into shipments (shipment_no, biz_partner_id, product_id, shipment_dt, canceled,
        created_by, updated_by)
      select 'TSH-' || substr(l.lot_id, 5) || '-' || k,
        (select id from biz_partners where code = 'TCU-' || (1 + (substr(l.lot_id, 5)::int * 2 + k) % ${n(CUSTOMERS)})),
        l.product_id, l.day + 3, k = 1 and substr(l.lot_id, 5)::int % 5 = 0, 'system', 'system'
      from lots l cross join generate_series(0, 1) k where l.lot_id like 'TLF-%'`);
    await tx.execute(sql`insert into shipment_lots (shipment_id, product_stock_id, lot_row_id, qty, created_by, updated_by)
      select s.id, st.id, l.id, ${n(SHIPPED_EA)}, 'system', 'system'
      from shipments s join lots l on l.lot_id = 'TLF-' || substr(s.shipment_no, 5, 6)
      join product_stocks st on st.lot_row_id = l.id
      where s.shipment_no like 'TSH-%'`);

    // Product stock ledger: production of both levels, releases, shipments and their cancels.
    await tx.execute(sql`insert into product_stock_histories (product_stock_id, type, qty, balance, daily_plan_id, day,
        created_by)
      select st.id, 'PRODUCE', 100, 100, d.id, l.day, 'system'
      from lots l join product_stocks st on st.lot_row_id = l.id join daily_plans d on d.plan_id = l.plan_id
      where l.lot_id like 'TLS-%' or l.lot_id like 'TLF-%'
      union all
      select product_stock_id, 'RELEASE', -${n(SEMI_EA)}, 0, null, day, 'system' from trace_semi
      union all
      select sl.product_stock_id, 'SHIP', -sl.qty, 0, null, s.shipment_dt, 'system'
      from shipment_lots sl join shipments s on s.id = sl.shipment_id where s.shipment_no like 'TSH-%'
      union all
      select sl.product_stock_id, 'SHIP_CANCEL', sl.qty, 0, null, s.shipment_dt + 1, 'system'
      from shipment_lots sl join shipments s on s.id = sl.shipment_id where s.shipment_no like 'TSH-%' and s.canceled`);
    await tx.execute(sql`analyze`);

    const ledger = await one<{ n: number }>(sql`select
      (select count(*) from material_histories) + (select count(*) from production_material_histories)
      + (select count(*) from product_stock_histories) + (select count(*) from production_product_histories) as n`);
    if (Number(ledger.n) < BENCH_TRACE_LEDGER_ROWS)
      throw new Error(`trace bench: ${ledger.n} ledger rows, expected ${BENCH_TRACE_LEDGER_ROWS}`);
    const stock = await one<{ id: number }>(sql`select id from material_stocks where package_id = 'TPK-004000'`);
    const shipment = await one<{ id: number }>(sql`select id from shipments where shipment_no = 'TSH-012345-0'`);
    return {
      supplierId: supplier.id,
      // The lot of packages 4000–4009: 100 semi-finished lots, 50 finished lots, 100 shipments.
      supplierLot: 'TSL-400',
      stockId: stock.id,
      finishedLotId: 'TLF-012345',
      shipmentId: shipment.id,
    };
  });
}

/** Label and path of each case measured. */
export function traceCases(ids: TraceIds): [string, string][] {
  const lot = `supplierId=${ids.supplierId}&supplierLot=${ids.supplierLot}`;
  return [
    ['backward from a shipment', `/api/trace/backward?shipmentId=${ids.shipmentId}`],
    ['backward from a finished lot', `/api/trace/backward?lotId=${ids.finishedLotId}`],
    ['forward from a supplier lot (10 packages → 150 lots → 100 shipments)', `/api/trace/forward?${lot}`],
    ['forward from a package', `/api/trace/forward?stockId=${ids.stockId}`],
    ['mock recall of a supplier lot (mass balance)', `/api/trace/recall?${lot}`],
    ['mock recall PDF', `/api/trace/recall/pdf?${lot}`],
  ];
}

export type TraceTiming = { name: string; p50: number; max: number; serverMs: number | null; nodes: number | null };

/** One request at a time: a warm-up, then `runs` timed ones; p50 and max of the wall time, the server's own median. */
export async function timeTrace(name: string, url: string, headers: Record<string, string>, runs = 10) {
  const once = async () => {
    const start = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const isJson = res.headers.get('content-type')?.includes('json');
    const json = isJson ? await res.json() : null;
    if (!isJson) await res.arrayBuffer();
    return {
      ms: performance.now() - start,
      data: json?.data as { elapsedMs?: number; nodes?: unknown[]; lots?: unknown[] },
    };
  };
  await once();
  const times: number[] = [];
  const server: number[] = [];
  let nodes: number | null = null;
  for (let i = 0; i < runs; i++) {
    const r = await once();
    times.push(r.ms);
    if (r.data?.elapsedMs != null) server.push(r.data.elapsedMs);
    nodes = r.data?.nodes?.length ?? r.data?.lots?.length ?? nodes;
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const mid = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
  return {
    name,
    p50: Math.round(mid(times)),
    max: Math.round(sorted(times).at(-1)!),
    serverMs: server.length ? Math.round(mid(server)) : null,
    nodes,
  } satisfies TraceTiming;
}
