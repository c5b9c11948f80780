import type { SpecOutQuery } from '@eqms/contract';
import { type SQL, sql } from 'drizzle-orm';

// Quality's answer to data-collection's `spec-out.inspections` (data-collection/spec-out.service.ts): every sample
// of a result in the period that failed its item — a NUMBER value outside LSL/USL (the sample's stored `ok`, judged
// with the limits copied onto the result's item) or a PASS_FAIL sample judged NG — as rows of the spec-out list, in
// its SPEC_OUT_COLUMNS order. The result's judgement (overridden or not) does not hide a sample: the value was out
// of spec either way. Tools and parameters do not narrow these rows (an inspection has neither).

const idList = (ids: number[]) => `{${ids.join(',')}}`;

export function inspectionSpecOuts(q: SpecOutQuery): SQL | null {
  const parts: SQL[] = [
    sql`not smp.ok`,
    sql`r.inspected_at >= ${q.startDt.toISOString()}::timestamptz and r.inspected_at < ${q.endDt.toISOString()}::timestamptz`,
  ];
  if (q.productIds?.length && q.materialIds?.length)
    parts.push(
      sql`(r.product_id = any(${idList(q.productIds)}::int[]) or r.material_id = any(${idList(q.materialIds)}::int[]))`,
    );
  else if (q.productIds?.length) parts.push(sql`r.product_id = any(${idList(q.productIds)}::int[])`);
  else if (q.materialIds?.length) parts.push(sql`r.material_id = any(${idList(q.materialIds)}::int[])`);
  if (q.standardIds?.length) parts.push(sql`i.standard_id = any(${idList(q.standardIds)}::int[])`);
  return sql`select 'INSPECTION'::text, r.inspected_at, null::int, null::text, null::text, null::int, null::text,
      null::text, r.id, r.stage, i.standard_id, i.name, smp.sample_no, r.material_id, r.product_id,
      coalesce(m.code, p.code), coalesce(m.name, p.name), coalesce(ms.package_id, l.lot_id), i.unit,
      smp.value::float8, i.lsl::float8, i.usl::float8,
      case when i.kind = 'PASS_FAIL' then 'NG' when i.lsl is not null and smp.value < i.lsl then 'LOWER' else 'UPPER' end
    from quality_result_samples smp
      join quality_result_items i on i.id = smp.item_id
      join quality_results r on r.id = i.result_id
      left join materials m on m.id = r.material_id
      left join products p on p.id = r.product_id
      left join material_stocks ms on ms.id = r.material_stock_id
      left join lots l on l.id = r.lot_row_id
    where ${sql.join(parts, sql` and `)}`;
}
