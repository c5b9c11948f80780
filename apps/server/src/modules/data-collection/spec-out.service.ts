import { sql, type SQL } from 'drizzle-orm';
import type { SpecOut, SpecOutQuery } from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { pageOf } from '../../platform/crud.ts';
import { defineProvider } from '../../platform/providers.ts';

// Spec-out (issue 15, DOMAIN "Spec-out"): values outside their limits, from two sources in one list — PARAMETER rows
// (collected values, written by the ingest into trace_spec_outs) and INSPECTION rows (quality results' samples that
// failed their item). Quality sits above this module (ARCHITECTURE §3: imports point down only), so its rows come
// through a seam: quality answers `spec-out.inspections` with a SELECT of the columns below for the
// query's period and filters, and the union is ordered and paged here in one statement.

const idList = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * The INSPECTION rows of a query as one SELECT with exactly SPEC_OUT_COLUMNS (in that order), or null when there are
 * none to add. Nobody answering: no inspection rows.
 */
export type SpecOutInspectionsSource = (q: SpecOutQuery) => SQL | null;
export const specOutInspectionsProvider = defineProvider<SpecOutInspectionsSource>('spec-out.inspections', () => null);

/** The columns every source's SELECT yields, in this order (a UNION ALL matches them by position). */
export const SPEC_OUT_COLUMNS = [
  'source',
  'ts',
  'tool_id',
  'tool_code',
  'tool_name',
  'parameter_id',
  'parameter_code',
  'parameter_name',
  'result_id',
  'stage',
  'standard_id',
  'item_name',
  'sample_no',
  'material_id',
  'product_id',
  'subject_code',
  'subject_name',
  'subject_no',
  'unit',
  'value',
  'lower_limit',
  'upper_limit',
  'limit_broken',
] as const;

function parameterSelect(q: SpecOutQuery): SQL {
  const parts: SQL[] = [
    sql`s.ts >= ${q.startDt.toISOString()}::timestamptz and s.ts < ${q.endDt.toISOString()}::timestamptz`,
  ];
  if (q.toolIds?.length) parts.push(sql`p.tool_id = any(${idList(q.toolIds)}::int[])`);
  if (q.parameterIds?.length) parts.push(sql`s.parameter_id = any(${idList(q.parameterIds)}::int[])`);
  return sql`select 'PARAMETER'::text, s.ts, t.id, t.code, t.name, p.id, p.code, p.name,
      null::int, null::text, null::int, null::text, null::int, null::int, null::int, null::text, null::text, null::text,
      p.unit, s.value::float8, s.lower_limit::float8, s.upper_limit::float8, s.limit_broken
    from trace_spec_outs s join parameters p on p.id = s.parameter_id join tools t on t.id = p.tool_id
    where ${sql.join(parts, sql` and `)}`;
}

/** GET /spec-out/datas: both sources (or the one asked), newest first; one page (20 by default) with the total. */
export async function specOutDatas(
  db: Executor,
  q: SpecOutQuery,
  inspections: SpecOutInspectionsSource = specOutInspectionsProvider.fallback,
): Promise<{ data: SpecOut[]; total: number }> {
  const page = pageOf(q) ?? { limit: 20, offset: 0 };
  const selects: SQL[] = [];
  if (q.source !== 'INSPECTION') selects.push(parameterSelect(q));
  if (q.source !== 'PARAMETER') {
    const inspected = inspections(q);
    if (inspected) selects.push(inspected);
  }
  if (selects.length === 0) return { data: [], total: 0 };
  const columns = sql.raw(SPEC_OUT_COLUMNS.join(', '));
  const union = sql`select * from (${sql.join(selects, sql` union all `)}) as u (${columns})`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select * from (${union}) x
       order by x.ts desc, x.source, x.parameter_code, x.result_id, x.item_name, x.sample_no
       limit ${page.limit} offset ${page.offset}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${union}) x`));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    data: rows.map((r) => ({
      source: r.source as SpecOut['source'],
      ts: new Date(r.ts as string).toISOString(),
      toolId: num(r.tool_id),
      toolCode: str(r.tool_code),
      toolName: str(r.tool_name),
      parameterId: num(r.parameter_id),
      parameterCode: str(r.parameter_code),
      parameterName: str(r.parameter_name),
      resultId: num(r.result_id),
      stage: str(r.stage) as SpecOut['stage'],
      standardId: num(r.standard_id),
      itemName: str(r.item_name),
      sampleNo: num(r.sample_no),
      materialId: num(r.material_id),
      productId: num(r.product_id),
      subjectCode: str(r.subject_code),
      subjectName: str(r.subject_name),
      subjectNo: str(r.subject_no),
      unit: str(r.unit),
      value: num(r.value),
      lowerLimit: num(r.lower_limit),
      upperLimit: num(r.upper_limit),
      limitBroken: r.limit_broken as SpecOut['limitBroken'],
    })),
    total: Number(count.n),
  };
}
