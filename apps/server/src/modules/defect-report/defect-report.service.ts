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

export async function defectReport(db: Executor, q: DefectReportInput): Promise<DefectReport> {
  await assertFilters(db, q);
  const filters: SQL[] = [sql`d.day between ${q.startDt} and ${q.endDt}`, sql`d.bad_qty > 0`];
  if (q.productId) filters.push(sql`p.product_id = ${q.productId}`);
  if (q.operationId) filters.push(sql`o.operation_id = ${q.operationId}`);
  const where = sql.join(filters, sql` and `);
  // Each daily plan's bad quantity as lines: one per defect type, and the rest (bad − Σ types) with no type.
  const lines = sql`
    select d.id, p.product_id, o.operation_id, x.defect_code, x.qty
      from daily_plans d
      join production_plans p on p.id = d.plan_id
      join production_oper_plans o on o.id = d.oper_plan_id
      join daily_plan_defects x on x.daily_plan_id = d.id
      where ${where} ${q.defectCode ? sql`and x.defect_code = ${q.defectCode}` : sql``}
    ${
      q.defectCode
        ? sql``
        : sql`union all
    select d.id, p.product_id, o.operation_id, null, d.bad_qty - coalesce(
        (select sum(x.qty) from daily_plan_defects x where x.daily_plan_id = d.id), 0)
      from daily_plans d
      join production_plans p on p.id = d.plan_id
      join production_oper_plans o on o.id = d.oper_plan_id
      where ${where}`
    }`;
  const grouped =
    q.groupBy === 'product'
      ? sql`select l.product_id::text as key, pr.code, pr.name, null as name_en, sum(l.qty)::text as qty
          from lines l join products pr on pr.id = l.product_id
          group by l.product_id, pr.code, pr.name`
      : q.groupBy === 'operation'
        ? sql`select l.operation_id::text as key, op.code, op.name, null as name_en, sum(l.qty)::text as qty
          from lines l join operations op on op.id = l.operation_id
          group by l.operation_id, op.code, op.name`
        : sql`select l.defect_code as key, l.defect_code as code, c.code_name as name, c.code_name_en as name_en,
            sum(l.qty)::text as qty
          from lines l
          left join code_categories cc on cc.category = ${DEFECT_CATEGORY}
          left join codes c on c.category_id = cc.id and c.code = l.defect_code
          group by l.defect_code, c.code_name, c.code_name_en`;
  const res = await db.execute(sql`with lines as (${lines}) select * from (${grouped}) g where g.qty::numeric > 0`);
  const summed = rowsOf<Summed>(res).map((r) => ({ ...r, qty: round5(Number(r.qty)) }));
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
