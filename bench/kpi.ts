// The KPI case of `npm run bench` (issue 17: each KPI query under 300 ms on PostgreSQL with two years of demo-scale
// data): on the plan case's two years (5,000 plans, 100,000 daily plans with results), a lot per plan (made on its
// first day), a final inspection for two lots in three (timed, 5 pieces), and a claim every day or so over the two years; then every
// KPI and atelier KPI path over its widest period — the report's 4 months, 93 days, 24 months — one request at a time.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';
import type { PlanIds } from './plans.ts';

export async function seedKpi(database: Database, ids: PlanIds): Promise<void> {
  await withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    await tx.execute(sql`insert into lots (lot_id, product_id, plan_id, day, created_by, updated_by)
      select 'BKPI-' || p.id, p.product_id, p.id, p.start_dt, 'system', 'system'
      from production_plans p
      where p.line_id in (select id from locations where code like 'BLN-%') and p.start_dt < current_date`);
    await tx.execute(sql`insert into quality_results (stage, product_id, lot_row_id, inspected_at, inspector_id,
        inspection_minutes, computed_judgement, judgement, created_by, updated_by)
      select 'FINAL', l.product_id, l.id, l.day + time '15:00', (select min(id) from users),
        10 + l.id % 20, 'PASS', 'PASS', 'system', 'system'
      from lots l where l.lot_id like 'BKPI-%' and l.id % 3 <> 0`);
    // One item of 5 samples per inspection: the minutes-per-product path reads each one's largest sample size.
    await tx.execute(sql`insert into quality_standards (product_id, name, kind, lsl, sample_size, stage, created_by, updated_by)
      values (${ids.productId}, '벤치 중량', 'NUMBER', 1, 5, 'FINAL', 'system', 'system')`);
    await tx.execute(sql`insert into quality_result_items (result_id, standard_id, name, kind, sample_size, judgement, sort)
      select r.id, (select max(id) from quality_standards where name = '벤치 중량'), '벤치 중량', 'NUMBER', 5, 'PASS', 0
      from quality_results r join lots l on l.id = r.lot_row_id where l.lot_id like 'BKPI-%'`);
    await tx.execute(sql`insert into biz_partners (code, name, types, created_by, updated_by)
      values ('BKPI-C', 'KPI 벤치 고객', array['CUSTOMER'], 'system', 'system')`);
    await tx.execute(sql`insert into claims (received_dt, biz_partner_id, product_id, claim_qty, content, created_by, updated_by)
      select current_date - i, (select id from biz_partners where name = 'KPI 벤치 고객'), ${ids.productId}, 1,
        '벤치 클레임', 'system', 'system'
      from generate_series(1, 730) i`);
    await tx.execute(sql`analyze`);
  });
}

const month = (offset: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Label and path of each KPI read measured. */
export function kpiCases(): [string, string][] {
  const days = `startDt=${day(-92)}&endDt=${day(0)}`;
  const months = `startMonth=${month(-23)}&endMonth=${month(0)}`;
  return [
    ['KPI report, 4 months, per product', `/api/kpireport/report?date=${month(-1)}&workingTime=8`],
    ['KPI achievement rate', `/api/kpireport/achieve-rate/${month(-1)}`],
    ['KPI production per hour', `/api/kpireport/production-per-hour/${month(-1)}?workingTime=8`],
    ['KPI defect rate', `/api/kpireport/product-defect-rate/${month(-1)}`],
    ['atelier production per day, 93 days', `/api/atelier-kpi/production/daily?${days}`],
    ['atelier production by hour, 93 days', `/api/atelier-kpi/production/hourly?${days}`],
    ['atelier defect rate per operation, 24 months', `/api/atelier-kpi/defect-rate/operation?${months}`],
    ['atelier defect rate per product, 24 months', `/api/atelier-kpi/defect-rate/product?${months}`],
    ['atelier inspection rate, 24 months', `/api/atelier-kpi/inspection/rate?${months}`],
    ['atelier claims per month, 24 months', `/api/atelier-kpi/claim/count?${months}`],
    ['atelier inspection minutes per product, 93 days', `/api/atelier-kpi/inspection/minutes-per-product?${days}`],
  ];
}
