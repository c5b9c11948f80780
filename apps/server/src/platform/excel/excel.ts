import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type ExcelCheckResult,
  type ExcelInvalidRow,
  type ExcelRow,
  type Locale,
  ruleMessage,
  toLocale,
  translateMessage,
} from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { uniqueConstraintOf } from '../crud.ts';
import { AppError } from '../errors.ts';
import { contentDisposition } from '../files.ts';
import { actorOf } from '../guard.ts';
import { type Actor, withTx } from '../tx.ts';
import {
  checkedRows,
  columnInfo,
  type ExcelColumn,
  type ExcelEntity,
  type ExcelOption,
  type ParsedRow,
  parseRows,
} from './excel-columns.ts';
import { inspectXlsx, loadWorkbook, readExcelUpload, readSheetRows } from './excel-read.ts';
import { buildWorkbook, XLSX_MIME } from './excel-write.ts';

export type { ExcelColumn, ExcelEntity, ExcelOption, ParsedRow } from './excel-columns.ts';

// The four Excel endpoints of an importable entity (interfaces A): template, check, save, export. See README.md.

export type ExcelHandlersOptions = {
  entity: ExcelEntity;
  db: Db;
  /** The factory time zone, for the date in the export's file name. */
  timeZone: string;
};

const localeOf = (req: { headers: Record<string, unknown> }) => toLocale(req.headers['accept-language'] as string);

async function lookupOptions(db: Executor, columns: ExcelColumn[]): Promise<Map<string, ExcelOption[]>> {
  const options = new Map<string, ExcelOption[]>();
  for (const c of columns) if (c.lookup) options.set(c.key, await c.lookup.options(db));
  return options;
}

/** The check of an uploaded workbook: file-level problems throw 400 on `file`; row problems are listed. */
export async function checkWorkbook(
  db: Executor,
  entity: ExcelEntity,
  file: Buffer,
  locale: Locale,
): Promise<ExcelCheckResult> {
  inspectXlsx(file);
  const workbook = await loadWorkbook(file);
  const columns = await entity.columns(db);
  const rows = readSheetRows(workbook, columns);
  const { parsed, options } = await parseRows(db, entity, columns, rows);
  return {
    columns: columns.map((c) => columnInfo(c, locale, options.get(c.key))),
    rows: checkedRows(columns, parsed, locale),
    invalidCount: parsed.filter((r) => r.errors.length > 0).length,
  };
}

/** 400 excelRowsInvalid with every invalid row, translated (extraData.rows). */
function rowsInvalid(rows: ExcelInvalidRow[]) {
  const key = ruleMessage('excelRowsInvalid', { count: rows.length });
  return new AppError(400, 'VALIDATION_ERROR', translateMessage(key, 'en'), {
    fields: [{ field: 'rows', message: key }],
    rows,
  });
}

function rejectInvalid(columns: ExcelColumn[], parsed: ParsedRow[], locale: Locale) {
  const invalid = checkedRows(
    columns,
    parsed.filter((r) => r.errors.length > 0),
    locale,
  ).map((r) => ({ rowNumber: r.rowNumber, errors: r.errors }));
  if (invalid.length) throw rowsInvalid(invalid);
}

/**
 * Saves the rows the client sends back (never trusting its check): checked again, prepared outside the
 * transaction, then checked once more and inserted row by row inside ONE transaction, so a failure on any row —
 * even one only the database sees — rolls back every row and answers 400 excelRowsInvalid naming that row.
 */
export async function saveRows(
  db: Db,
  entity: ExcelEntity,
  actor: Actor,
  rows: ExcelRow[],
  locale: Locale,
): Promise<number> {
  const columns = await entity.columns(db);
  const first = await parseRows(db, entity, columns, rows);
  rejectInvalid(columns, first.parsed, locale);
  const prepared = await entity.prepare?.(first.parsed);
  return withTx(db, actor, async (tx) => {
    const txColumns = await entity.columns(tx);
    const { parsed } = await parseRows(tx, entity, txColumns, rows);
    rejectInvalid(txColumns, parsed, locale);
    const ids = new Map<number, number>();
    const refId = (value: unknown): number | null => {
      if (value === undefined || value === null || value === '') return null;
      const text = String(value);
      if (text.startsWith('@')) return ids.get(Number(text.slice(1))) ?? null;
      return Number(text);
    };
    for (const row of parsed) {
      try {
        ids.set(row.rowNumber, await entity.saveRow(tx, actor, row, { prepared, refId }));
      } catch (e) {
        const error = rowError(entity, txColumns, e);
        if (!error) throw e;
        throw rowsInvalid([
          {
            rowNumber: row.rowNumber,
            errors: [{ column: error.column, message: translateMessage(error.message, locale) }],
          },
        ]);
      }
    }
    return parsed.length;
  });
}

/** A failure of one row's insert as a cell error: the module's 400/409 or a unique violation of the database. */
function rowError(entity: ExcelEntity, columns: ExcelColumn[], e: unknown): { column: string; message: string } | null {
  const columnOf = (field: string) => {
    const mapped = entity.fieldColumns?.[field] ?? field;
    return columns.some((c) => c.key === mapped) ? mapped : (columns[0]?.key ?? field);
  };
  if (e instanceof AppError) {
    const fields = e.extraData?.fields as { field: string; message: string }[] | undefined;
    if (e.code === 'VALIDATION_ERROR' && fields?.length) {
      return { column: columnOf(fields[0].field), message: fields[0].message };
    }
    if (e.code === 'DUPLICATE') {
      return { column: columnOf(String(e.extraData?.field ?? '')), message: ruleMessage('duplicateValue') };
    }
    return null;
  }
  const constraint = uniqueConstraintOf(e);
  if (constraint !== null) {
    const field = entity.uniqueConstraints?.[constraint];
    return { column: columnOf(field ?? ''), message: ruleMessage('duplicateValue') };
  }
  return null;
}

export async function templateWorkbook(db: Executor, entity: ExcelEntity, locale: Locale): Promise<Buffer> {
  const columns = await entity.columns(db);
  return buildWorkbook({ sheetName: entity.sheet[locale], columns, locale, options: await lookupOptions(db, columns) });
}

export async function exportWorkbook(db: Executor, entity: ExcelEntity, query: unknown, locale: Locale) {
  const columns = await entity.columns(db);
  const records = await entity.exportRecords(db, query);
  return buildWorkbook({
    sheetName: entity.sheet[locale],
    columns,
    locale,
    options: await lookupOptions(db, columns),
    records,
  });
}

const today = (timeZone: string) => new Intl.DateTimeFormat('sv-SE', { timeZone }).format(new Date()).replace(/-/g, '');

/**
 * The handlers of the four Excel endpoints (contract `excelEndpoints`), spread into a module's handler map:
 * `...excelHandlers({ entity: productExcel, db, timeZone })`.
 */
export function excelHandlers({ entity, db, timeZone }: ExcelHandlersOptions) {
  return {
    excelTemplate: async (req: FastifyRequest, reply: FastifyReply) => {
      const file = await templateWorkbook(db, entity, localeOf(req));
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', contentDisposition(`${entity.name}-template.xlsx`))
        .send(file);
    },
    excelCheck: async (req: FastifyRequest) => {
      const file = await readExcelUpload(req);
      return { data: await checkWorkbook(db, entity, file, localeOf(req)) };
    },
    excelSave: async (req: FastifyRequest<{ Body: { rows: ExcelRow[] } }>) => ({
      data: { saved: await saveRows(db, entity, actorOf(req), req.body.rows, localeOf(req)) },
    }),
    excelExport: async (req: FastifyRequest, reply: FastifyReply) => {
      const file = await exportWorkbook(db, entity, req.query, localeOf(req));
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', contentDisposition(`${entity.name}-${today(timeZone)}.xlsx`))
        .send(file);
    },
  };
}

/**
 * A read-only list (movements, sales, daily totals) as a workbook of the export's shape, sent as the reply:
 * `<name>-<yyyyMMdd>.xlsx`, headers in the caller's language.
 */
/** A column of a read-only list's workbook: its key, header in both languages, value and width. */
export const exportColumn = <T>(
  key: string,
  kr: string,
  en: string,
  value: (r: T) => string | number | null,
  width = 14,
) => ({ key, header: { kr, en }, exportValue: value, width }) as ExcelColumn<T>;

export async function sendRecordsWorkbook(
  req: FastifyRequest,
  reply: FastifyReply,
  spec: {
    name: string;
    sheet: { kr: string; en: string };
    columns: ExcelColumn[];
    records: unknown[];
    timeZone: string;
  },
) {
  const locale = localeOf(req);
  const file = await buildWorkbook({
    sheetName: spec.sheet[locale],
    columns: spec.columns,
    locale,
    options: new Map(),
    records: spec.records,
  });
  return reply
    .type(XLSX_MIME)
    .header('content-disposition', contentDisposition(`${spec.name}-${today(spec.timeZone)}.xlsx`))
    .send(file);
}
