import type { DefectReport, DefectReportGroup, DefectReportRow } from '@eqms/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { notFound } from '../../platform/errors.ts';
import { round5 } from '../../platform/qty.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';

// The defect report (README.md): the bad quantities of the daily plans of a period — each daily plan's defects by
// type, and what its bad quantity holds beyond them as "unclassified" — summed by product, operation or defect type,
// largest first, with shares and cumulative shares.

const DEFECT_CATEGORY = 'DEFECT_TYPE';

export type DefectReportInput = {
  groupBy: DefectReportGroup;
  startDt: string;
  endDt: string;
  productId?: number;
  operationId?: number;
  defectCode?: string;
};

/** A percentage of a total, 2 places. */
export const percentOf = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;

/** The filters must name something: 404 for a product, operation or defect type that does not exist. */
async function assertFilters(db: Executor, q: DefectReportInput): Promise<void> {
  if (q.productId) {
    const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, q.productId));
    if (!p) throw notFound('Product');
  }
  if (q.operationId) {
    const [o] = await db.select({ id: operations.id }).from(operations).where(eq(operations.id, q.operationId));
    if (!o) throw notFound('Operation');
  }
  if (q.defectCode) {
    const [c] = await db
      .select({ id: codes.id })
      .from(codes)
      .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
      .where(and(eq(codeCategories.category, DEFECT_CATEGORY), eq(codes.code, q.defectCode)));
    if (!c) throw notFound('Defect type');
  }
}

type Summed = { key: string | null; code: string | null; name: string | null; name_en: string | null; qty: string };

/**
 * The sums by group in one pass over the period's daily plans. By product or operation: Σ bad quantities (or, with a
 * defect type, Σ of that type). By defect type: Σ per code, and Σ bad of the same daily plans as the row with no key —
 * what the codes leave of it is the unclassified rest (the kiosk's rule keeps each result's types ≤ its bad quantity).
 */
async function sums(db: Executor, q: DefectReportInput): Promise<Summed[]> {
  const filters: SQL[] = [sql`d.day between ${q.startDt} and ${q.endDt}`, sql`d.bad_qty > 0`];
  if (q.productId) filters.push(sql`p.product_id = ${q.productId}`);
  if (q.operationId) filters.push(sql`o.operation_id = ${q.operationId}`);
  // Only the joins a filter or the grouping needs: the period's daily plans are the bulk of the work.
  const byPlan = q.productId || q.groupBy === 'product' ? sql`join production_plans p on p.id = d.plan_id` : sql``;
  const byOper =
    q.operationId || q.groupBy === 'operation' ? sql`join production_oper_plans o on o.id = d.oper_plan_id` : sql``;
  const from = sql`from daily_plans d ${byPlan} ${byOper}
      ${q.defectCode || q.groupBy === 'defect-type' ? sql`join daily_plan_defects x on x.daily_plan_id = d.id` : sql``}
      where ${sql.join(filters, sql` and `)} ${q.defectCode ? sql`and x.defect_code = ${q.defectCode}` : sql``}`;
  const qty = q.defectCode || q.groupBy === 'defect-type' ? sql`x.qty` : sql`d.bad_qty`;
  let query: SQL;
  if (q.groupBy === 'product')
    query = sql`select g.key::text as key, pr.code, pr.name, null as name_en, g.qty::text as qty
      from (select p.product_id as key, sum(${qty}) as qty ${from} group by p.product_id) g
      join products pr on pr.id = g.key`;
  else if (q.groupBy === 'operation')
    query = sql`select g.key::text as key, op.code, op.name, null as name_en, g.qty::text as qty
      from (select o.operation_id as key, sum(${qty}) as qty ${from} group by o.operation_id) g
      join operations op on op.id = g.key`;
  else {
    const bad = sql`select null as key, null as code, null as name, null as name_en, sum(d.bad_qty)::text as qty
      from daily_plans d ${byPlan} ${byOper}
      where ${sql.join(filters, sql` and `)}`;
    query = sql`select g.key, g.key as code, c.code_name as name, c.code_name_en as name_en, g.qty::text as qty
      from (select x.defect_code as key, sum(x.qty) as qty ${from} group by x.defect_code) g
      left join code_categories cc on cc.category = ${DEFECT_CATEGORY}
      left join codes c on c.category_id = cc.id and c.code = g.key
      ${q.defectCode ? sql`` : sql`union all ${bad}`}`;
  }
  return rowsOf<Summed>(await db.execute(query));
}

export async function defectReport(db: Executor, q: DefectReportInput): Promise<DefectReport> {
  await assertFilters(db, q);
  const found = await sums(db, q);
  const typed = found.filter((r) => r.key != null);
  const bad = found.find((r) => r.key == null);
  const rest = bad ? round5(Number(bad.qty ?? 0) - typed.reduce((s, r) => s + Number(r.qty), 0)) : 0;
  const res = rest > 0 ? [...typed, { ...bad!, qty: String(rest) }] : typed;
  const summed = res.map((r) => ({ ...r, qty: round5(Number(r.qty)) })).filter((r) => r.qty > 0);
  summed.sort((a, b) => {
    if ((a.key == null) !== (b.key == null)) return a.key == null ? 1 : -1;
    return b.qty - a.qty || (a.code ?? '').localeCompare(b.code ?? '');
  });
  const totalQty = round5(summed.reduce((s, r) => s + r.qty, 0));
  let running = 0;
  const rows: DefectReportRow[] = summed.map((r) => {
    running = round5(running + r.qty);
    return {
      key: r.key ?? '',
      code: r.key == null ? null : r.code,
      name: r.key == null ? null : r.name,
      nameEn: r.name_en,
      unclassified: r.key == null,
      qty: r.qty,
      share: percentOf(r.qty, totalQty),
      cumulativeShare: percentOf(running, totalQty),
    };
  });
  return { groupBy: q.groupBy, startDt: q.startDt, endDt: q.endDt, rows, totalQty };
}
