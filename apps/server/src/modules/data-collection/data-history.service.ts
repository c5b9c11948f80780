import { sql, type SQL } from 'drizzle-orm';
import {
  DATA_HISTORY_EXPORT_MAX_ROWS,
  type DataHistoryExportQuery,
  type DataHistoryQuery,
  type Locale,
  ruleMessage,
  type TraceDataRow,
} from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { pageOf } from '../../platform/crud.ts';
import { invalidField } from '../../platform/errors.ts';
import { buildWorkbook } from '../../platform/excel/excel-write.ts';
import type { ExcelColumn } from '../../platform/excel/excel.ts';

// Data history (issue 15, SPEC §7 /data-history/{TYPE}): the raw collected rows of a period. TYPE is TRACE (trace
// data) today. Rows come by parameter, then time — the order of trace_data's primary key, so a page is an index range
// scan per parameter, never a sort of the period.

const idList = (ids: number[]) => `{${ids.join(',')}}`;

/** The parameters the filter names: the given ones, else those of the given tools, else all. */
async function parameterIdsOf(db: Executor, q: DataHistoryExportQuery): Promise<number[]> {
  if (q.parameterIds?.length) return [...new Set(q.parameterIds)];
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      q.toolIds?.length
        ? sql`select id from parameters where tool_id = any(${idList(q.toolIds)}::int[])`
        : sql`select id from parameters`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

function whereOf(ids: number[], q: DataHistoryExportQuery): SQL {
  return sql`d.parameter_id = any(${idList(ids)}::int[])
    and d.ts >= ${q.startDt.toISOString()}::timestamptz and d.ts < ${q.endDt.toISOString()}::timestamptz`;
}

async function rowsIn(db: Executor, where: SQL, limit: number, offset: number): Promise<TraceDataRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select d.ts, d.value, d.parameter_id, p.code, p.name, p.unit, t.code as tool_code, t.name as tool_name
        from trace_data d join parameters p on p.id = d.parameter_id join tools t on t.id = p.tool_id
       where ${where}
       order by d.parameter_id, d.ts limit ${limit} offset ${offset}`),
  );
  return rows.map((r) => ({
    ts: new Date(r.ts as string).toISOString(),
    toolCode: String(r.tool_code),
    toolName: String(r.tool_name),
    parameterId: Number(r.parameter_id),
    parameterCode: String(r.code),
    parameterName: String(r.name),
    unit: (r.unit as string | null) ?? null,
    value: Number(r.value),
  }));
}

async function countIn(db: Executor, where: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from trace_data d where ${where}`),
  );
  return Number(row.n);
}

/** GET /data-history/TRACE: one page (100 by default) with the total. */
export async function dataHistory(db: Executor, q: DataHistoryQuery): Promise<{ data: TraceDataRow[]; total: number }> {
  const ids = await parameterIdsOf(db, q);
  if (ids.length === 0) return { data: [], total: 0 };
  const page = pageOf(q) ?? { limit: 100, offset: 0 };
  const where = whereOf(ids, q);
  return { data: await rowsIn(db, where, page.limit, page.offset), total: await countIn(db, where) };
}

const COLUMNS: ExcelColumn[] = [
  { key: 'ts', header: { kr: '시각', en: 'Time' }, width: 26 },
  { key: 'toolCode', header: { kr: '설비 코드', en: 'Tool code' } },
  { key: 'toolName', header: { kr: '설비명', en: 'Tool' } },
  { key: 'parameterCode', header: { kr: '파라미터 코드', en: 'Parameter code' } },
  { key: 'parameterName', header: { kr: '파라미터명', en: 'Parameter' } },
  { key: 'unit', header: { kr: '단위', en: 'Unit' } },
  // 'integer' only keeps the cell a number (not text formatted); the value is written as stored.
  { key: 'value', header: { kr: '값', en: 'Value' }, kind: 'integer' },
];

/** The export: every row of the filter, at most DATA_HISTORY_EXPORT_MAX_ROWS (else 400 on endDt). */
export async function dataHistoryWorkbook(db: Executor, q: DataHistoryExportQuery, locale: Locale): Promise<Buffer> {
  const ids = await parameterIdsOf(db, q);
  const where = ids.length ? whereOf(ids, q) : null;
  const total = where ? await countIn(db, where) : 0;
  if (total > DATA_HISTORY_EXPORT_MAX_ROWS) {
    throw invalidField('endDt', ruleMessage('exportTooLarge', { rows: DATA_HISTORY_EXPORT_MAX_ROWS }));
  }
  const records = where ? await rowsIn(db, where, DATA_HISTORY_EXPORT_MAX_ROWS, 0) : [];
  return buildWorkbook({
    sheetName: locale === 'kr' ? '수집 데이터' : 'Trace data',
    columns: COLUMNS,
    locale,
    options: new Map(),
    records,
  });
}
