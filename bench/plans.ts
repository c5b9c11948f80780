// The production plan case of `npm run bench` (issue 13): two years of demo-scale plans — 5,000 plans of 100 products
// on 10 lines, each with two operation plans and ten daily plans per operation (100,000 daily plans), those of past
// days with results — and the plan list, a line's daily plans of a month (the calendar), a plan's operation plans and
// one plan, each under 50 ms at p99, one request at a time. Rows are made with generate_series in SQL.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';

export const BENCH_PLANS = 5_000;
const PRODUCTS = 100;
const LINES = 10;
const OPERATIONS_PER_PLAN = 2;
const DAYS_PER_OPERATION = 10;

export type PlanIds = { factoryId: number; lineId: number; planId: number; productId: number };

export async function seedPlans(database: Database): Promise<PlanIds> {
  return withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0];
    const site = await one<{ id: number }>(
      sql`insert into locations (name, type) values ('계획 벤치 사업장', 'SITE') returning id`,
    );
    const factory = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('계획 벤치 공장', 'FACTORY', ${site.id}) returning id`,
    );
    await tx.execute(sql`insert into locations (name, code, type, parent_id)
      select '라인 ' || i, 'BLN-' || i, 'LINE', ${factory.id} from generate_series(1, ${LINES}) i`);
    await tx.execute(sql`insert into operations (code, name) values ('BOP-1', '벤치 성형'), ('BOP-2', '벤치 조립')`);
    await tx.execute(sql`insert into products (code, name, type, unit)
      select 'BFG-' || lpad(i::text, 4, '0'), '계획 벤치 제품 ' || i, 'FINISHED', 'EA' from generate_series(1, ${PRODUCTS}) i`);
    // Plans of a week each, starting every day or so over two years up to a month ahead.
    await tx.execute(sql`insert into production_plans (product_id, qty, start_dt, end_dt, line_id, lot_seq, created_by, updated_by)
      select (select id from products where code = 'BFG-' || lpad((1 + i % ${PRODUCTS})::text, 4, '0')),
        100 + i % 900, current_date + 30 - (i * 760 / ${BENCH_PLANS}), current_date + 30 - (i * 760 / ${BENCH_PLANS}) + 13,
        (select id from locations where code = 'BLN-' || (1 + i % ${LINES})), 1 + i / ${PRODUCTS}, 'system', 'system'
      from generate_series(0, ${BENCH_PLANS - 1}) i`);
    await tx.execute(sql`insert into production_oper_plans (plan_id, seq, operation_id, target_qty, created_by, updated_by)
      select p.id, o.seq, (select id from operations where code = 'BOP-' || o.seq), p.qty, 'system', 'system'
      from production_plans p cross join generate_series(1, ${OPERATIONS_PER_PLAN}) o(seq)
      where p.line_id in (select id from locations where code like 'BLN-%')`);
    // Ten weekdays of each operation; the days before today completed with their results.
    await tx.execute(sql`insert into daily_plans (plan_id, oper_plan_id, day, target_qty, status, good_qty, bad_qty,
        created_by, updated_by)
      select o.plan_id, o.id, p.start_dt + d, o.target_qty / ${DAYS_PER_OPERATION},
        case when p.start_dt + d < current_date then 'WORK_COMPLETED' else 'PLAN_COMPLETED' end,
        case when p.start_dt + d < current_date then o.target_qty / ${DAYS_PER_OPERATION} - 1 else 0 end,
        case when p.start_dt + d < current_date then 1 else 0 end, 'system', 'system'
      from production_oper_plans o join production_plans p on p.id = o.plan_id
        cross join generate_series(0, ${DAYS_PER_OPERATION - 1}) d
      where o.operation_id in (select id from operations where code like 'BOP-%')`);
    await tx.execute(sql`analyze`);
    const plan = await one<{ id: number; product_id: number; line_id: number }>(
      sql`select id, product_id, line_id from production_plans where start_dt <= current_date and end_dt >= current_date
        and line_id in (select id from locations where code like 'BLN-%') order by id limit 1`,
    );
    return { factoryId: factory.id, lineId: plan.line_id, planId: plan.id, productId: plan.product_id };
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Label and path of each read measured. */
export function planLists(ids: PlanIds): [string, string][] {
  const month = `startDt=${day(-30)}&endDt=${day(0)}`;
  return [
    ['plans of a month, page of 50', `/api/productionplan/plans?${month}&page=1&size=50`],
    [
      'plans of a month, a factory, text search',
      `/api/productionplan/plans?${month}&locationId=${ids.factoryId}&q=${encodeURIComponent('제품 1')}`,
    ],
    ['plans of a month, working', `/api/productionplan/plans?${month}&status=WORKING`],
    [
      'daily plans of a line, a month (calendar)',
      `/api/productionplan/location/${ids.lineId}/daily-plans?startDt=${day(-14)}&endDt=${day(27)}`,
    ],
    [
      'daily plans of a factory, a week',
      `/api/productionplan/location/${ids.factoryId}/daily-plans?startDt=${day(0)}&endDt=${day(6)}`,
    ],
    ["a plan's operation plans", `/api/productionplan/plan/${ids.planId}/operplans`],
    ['one plan', `/api/productionplan/plan/${ids.planId}`],
  ];
}
