// The results case of `npm run bench` (issue 13): on top of the plan case's two years (100,000 daily plans, those of
// past days with results), a defect row per worked daily plan and a consumption per worked first-operation daily plan
// (about 200,000 result rows in all), then the kiosk's works of a line, a factory's results of a week and a result
// save — each under 50 ms at p99, one request at a time. The save alternates two totals on a one-operation plan, so
// every request consumes or gives back BOM material and adds to or takes from its lot (the whole write path).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';
import type { PlanIds } from './plans.ts';

export type ResultIds = PlanIds & { dailyPlanId: number; shelfId: number };

export async function seedResults(database: Database, ids: PlanIds): Promise<ResultIds> {
  return withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0];
    await tx.execute(
      sql`insert into code_categories (category, name) values ('DEFECT_TYPE', '불량 유형') on conflict do nothing`,
    );
    await tx.execute(sql`insert into codes (category_id, code, code_name, code_name_en, sort)
      select id, 'APPEARANCE', '외관 불량', 'Appearance defect', 1 from code_categories where category = 'DEFECT_TYPE'
      on conflict do nothing`);
    await tx.execute(sql`insert into daily_plan_defects (daily_plan_id, defect_code, qty, created_by, updated_by)
      select d.id, 'APPEARANCE', d.bad_qty, 'system', 'system' from daily_plans d where d.bad_qty > 0`);
    const wh = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('결과 벤치 창고', 'WAREHOUSE', ${ids.factoryId}) returning id`,
    );
    const shelf = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('결과 벤치 선반', 'SHELF', ${wh.id}) returning id`,
    );
    const material = await one<{ id: number }>(
      sql`insert into materials (code, name, type, unit) values ('BRM-R', '결과 벤치 자재', 'RAW', 'KG') returning id`,
    );
    const stock = await one<{ id: number }>(
      sql`insert into material_stocks (package_id, material_id, location_id, qty, received_qty, received_date)
        values ('BPK-R', ${material.id}, ${shelf.id}, 0, 100000000, current_date) returning id`,
    );
    // Every bench plan took a package; every worked first-operation daily plan consumed from it.
    await tx.execute(sql`insert into production_material_stocks (plan_id, stock_id, material_id, line_id, qty,
        released_qty, consumed_qty, created_by, updated_by)
      select p.id, ${stock.id}, ${material.id}, p.line_id, 1000, 1000 + coalesce(c.n, 0), coalesce(c.n, 0), 'system', 'system'
      from production_plans p left join (
        select d.plan_id, count(*) as n from daily_plans d join production_oper_plans o on o.id = d.oper_plan_id
        where o.seq = 1 and d.status = 'WORK_COMPLETED' group by d.plan_id) c on c.plan_id = p.id
      where p.line_id in (select id from locations where code like 'BLN-%')`);
    await tx.execute(sql`insert into production_material_histories (prod_stock_id, plan_id, type, qty, balance,
        daily_plan_id, day, created_by)
      select s.id, d.plan_id, 'CONSUME', -1, 1000, d.id, d.day, 'system'
      from daily_plans d join production_oper_plans o on o.id = d.oper_plan_id
        join production_material_stocks s on s.plan_id = d.plan_id
      where o.seq = 1 and d.status = 'WORK_COMPLETED'`);
    // The plan a save works on: one operation, a BOM of 2 KG per unit, 100 tonnes at its line.
    const product = await one<{ id: number; code: string }>(
      sql`insert into products (code, name, type, unit) values ('BFG-R', '결과 벤치 제품', 'FINISHED', 'EA') returning id, code`,
    );
    await tx.execute(
      sql`insert into boms (parent_product_id, material_id, qty, unit) values (${product.id}, ${material.id}, 2, 'KG')`,
    );
    const plan = await one<{ id: number }>(sql`insert into production_plans (product_id, qty, start_dt, end_dt, line_id,
        lot_seq, created_by, updated_by)
      values (${product.id}, 1000, current_date, current_date + 6, ${ids.lineId}, 1, 'system', 'system') returning id`);
    const oper = await one<{
      id: number;
    }>(sql`insert into production_oper_plans (plan_id, seq, operation_id, target_qty,
        created_by, updated_by)
      values (${plan.id}, 1, (select id from operations where code = 'BOP-1'), 1000, 'system', 'system') returning id`);
    const daily = await one<{ id: number }>(sql`insert into daily_plans (plan_id, oper_plan_id, day, target_qty,
        created_by, updated_by)
      values (${plan.id}, ${oper.id}, current_date, 1000, 'system', 'system') returning id`);
    await tx.execute(sql`insert into production_material_stocks (plan_id, stock_id, material_id, line_id, qty,
        released_qty, created_by, updated_by)
      values (${plan.id}, ${stock.id}, ${material.id}, ${ids.lineId}, 100000, 100000, 'system', 'system')`);
    await tx.execute(sql`analyze`);
    return { ...ids, dailyPlanId: daily.id, shelfId: shelf.id };
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Label and path of each read measured. */
export function resultLists(ids: ResultIds): [string, string][] {
  return [
    ["kiosk: a line's works of today", `/api/kiosk/works?fabId=${ids.factoryId}&lineId=${ids.lineId}`],
    [
      'results of a factory, a week, page of 100',
      `/api/productionprofit/dailyplans?startDt=${day(-7)}&endDt=${day(-1)}&locationId=${ids.factoryId}`,
    ],
    ['one result with its consumption', `/api/productionprofit/${ids.dailyPlanId - 1}`],
  ];
}

/** The save: two bodies alternated, so each request changes consumption and lot stock. */
export function resultSaves(ids: ResultIds) {
  const body = (goodQty: number) =>
    JSON.stringify({ id: ids.dailyPlanId, goodQty, badQty: 0, status: 'WORKING', locationId: ids.shelfId });
  return [
    { method: 'PUT' as const, path: '/api/productionprofit', body: body(1) },
    { method: 'PUT' as const, path: '/api/productionprofit', body: body(2) },
  ];
}
