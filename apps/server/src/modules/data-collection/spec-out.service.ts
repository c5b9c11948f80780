import { sql, type SQL } from 'drizzle-orm';
import type { SpecOut, SpecOutQuery } from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { pageOf } from '../../platform/crud.ts';

// Spec-out (issue 15): values outside their limits. Today one source, TRACE (collected parameter values, written by
// the ingest); quality inspections add theirs later as another `source` in the same list (a union here), and the
// product filter arrives with them (collected values belong to a tool, not a product).

const idList = (ids: number[]) => `{${ids.join(',')}}`;

function traceWhere(q: SpecOutQuery): SQL {
  const parts: SQL[] = [
    sql`s.ts >= ${q.startDt.toISOString()}::timestamptz and s.ts < ${q.endDt.toISOString()}::timestamptz`,
  ];
  if (q.toolIds?.length) parts.push(sql`p.tool_id = any(${idList(q.toolIds)}::int[])`);
  if (q.parameterIds?.length) parts.push(sql`s.parameter_id = any(${idList(q.parameterIds)}::int[])`);
  return sql.join(parts, sql` and `);
}

/** GET /spec-out/datas: newest first; one page (20 by default) with the total. */
export async function specOutDatas(db: Executor, q: SpecOutQuery): Promise<{ data: SpecOut[]; total: number }> {
  const page = pageOf(q) ?? { limit: 20, offset: 0 };
  const where = traceWhere(q);
  const from = sql`trace_spec_outs s join parameters p on p.id = s.parameter_id join tools t on t.id = p.tool_id`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.ts, s.value, s.lower_limit, s.upper_limit, s.limit_broken, p.id as parameter_id, p.code, p.name, p.unit,
             t.id as tool_id, t.code as tool_code, t.name as tool_name
        from ${from} where ${where}
       order by s.ts desc, p.code limit ${page.limit} offset ${page.offset}`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} where ${where}`));
  return {
    data: rows.map((r) => ({
      source: 'TRACE' as const,
      ts: new Date(r.ts as string).toISOString(),
      toolId: Number(r.tool_id),
      toolCode: String(r.tool_code),
      toolName: String(r.tool_name),
      parameterId: Number(r.parameter_id),
      parameterCode: String(r.code),
      parameterName: String(r.name),
      unit: (r.unit as string | null) ?? null,
      value: Number(r.value),
      lowerLimit: r.lower_limit === null ? null : Number(r.lower_limit),
      upperLimit: r.upper_limit === null ? null : Number(r.upper_limit),
      limitBroken: r.limit_broken as SpecOut['limitBroken'],
    })),
    total: Number(count.n),
  };
}
