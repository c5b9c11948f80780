import {
  type Locale,
  MEASUREMENT_COLUMNS,
  MEASUREMENT_DEFAULT_DAYS,
  MEASUREMENT_EXPORT_MAX_ROWS,
  type MeasurementFilter,
  type MeasurementListQuery,
  type MeasurementPreview,
  type MeasurementResult,
  type MeasurementResultDetail,
  type MeasurementUploadFields,
  type QualityKind,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { sameKey } from '../../platform/crud.ts';
import { addDays, instantAt, todayIn } from '../../platform/dates.ts';
import { AppError, conflict, invalidField, notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { files } from '../files/files.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { qualityStandards } from '../quality/quality.table.ts';
import { type CheckedFile, type CheckedRow, checkRows, type StandardItem } from './measurement-result.check.ts';
import type { MeasurementFile } from './measurement-file.ts';
import { measurementResults, measurementValues } from './measurement-result.table.ts';

// Measurement results: a file checked against the product's standard items (preview: nothing written), saved all or
// none in one transaction (the file's bytes, the result, its values), listed by measured day, deleted with their
// file. The parsing is measurement-file.ts, the row rules measurement-result.check.ts.

export type Upload = { name: string; mime: string; data: Buffer; parsed: MeasurementFile };

const r = measurementResults;
const v = measurementValues;

/** The product's standard items (both stages: the file names them; a name on two items is ambiguous). */
async function productItems(db: Executor, productId: number): Promise<StandardItem[]> {
  const rows = await db
    .select({
      id: qualityStandards.id,
      name: qualityStandards.name,
      unit: qualityStandards.unit,
      kind: qualityStandards.kind,
      target: qualityStandards.target,
      lsl: qualityStandards.lsl,
      usl: qualityStandards.usl,
      sampleSize: qualityStandards.sampleSize,
    })
    .from(qualityStandards)
    .where(eq(qualityStandards.productId, productId))
    .orderBy(asc(qualityStandards.stage), asc(qualityStandards.sort), asc(qualityStandards.id));
  return rows.map((row) => ({ ...row, kind: row.kind as QualityKind }));
}

/** The product (400 notExists), its lot when named (400 notExists / measurementLotProduct) and its items (409). */
async function subjectOf(db: Executor, fields: MeasurementUploadFields) {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, fields.productId));
  if (!product) throw invalidField('productId', 'notExists');
  let lotRowId: number | null = null;
  if (fields.lotId) {
    const [lot] = await db
      .select({ id: lots.id, productId: lots.productId })
      .from(lots)
      .where(sameKey(lots.lotId, fields.lotId));
    if (!lot) throw invalidField('lotId', 'notExists');
    if (lot.productId !== fields.productId) throw invalidField('lotId', 'measurementLotProduct');
    lotRowId = lot.id;
  }
  const items = await productItems(db, fields.productId);
  if (items.length === 0) throw conflict('measurementNoStandard', { productId: fields.productId });
  return { lotRowId, items };
}

const translated = (rows: CheckedRow[], locale: Locale) =>
  rows.map((row) => ({
    rowNumber: row.rowNumber,
    errors: row.errors.map((e) => ({ column: e.column, message: translateMessage(e.message, locale) })),
  }));

export async function previewFile(
  db: Executor,
  fields: MeasurementUploadFields,
  upload: Upload,
  timeZone: string,
  locale: Locale,
): Promise<MeasurementPreview> {
  const { lotRowId, items } = await subjectOf(db, fields);
  const checked = checkRows(upload.parsed.rows, items, timeZone);
  const errorsOf = new Map(translated(checked.rows, locale).map((row) => [row.rowNumber, row.errors]));
  return {
    fileName: upload.name,
    format: upload.parsed.format,
    encoding: upload.parsed.encoding,
    lotRowId,
    rows: checked.rows.map((row) => ({
      rowNumber: row.rowNumber,
      item: row.cells.item,
      sample: row.cells.sample,
      value: row.cells.value,
      measuredAt: row.cells.measuredAt,
      standardId: row.item?.id ?? null,
      unit: row.item?.unit ?? null,
      kind: row.item?.kind ?? null,
      lsl: row.item?.lsl ?? null,
      usl: row.item?.usl ?? null,
      judgement: row.judgement,
      errors: errorsOf.get(row.rowNumber) ?? [],
    })),
    invalidCount: checked.invalidCount,
    itemCount: checked.itemCount,
    valueCount: checked.valueCount,
    ngCount: checked.ngCount,
    judgement: checked.judgement,
  };
}

/** 400 measurementRowsInvalid naming every row with an error (extraData.rows, in the caller's language). */
function rowsInvalid(checked: CheckedFile, locale: Locale) {
  const key = ruleMessage('measurementRowsInvalid', { count: checked.invalidCount });
  return new AppError(400, 'VALIDATION_ERROR', translateMessage(key, 'en'), {
    fields: [{ field: 'file', message: key }],
    rows: translated(
      checked.rows.filter((row) => row.errors.length > 0),
      locale,
    ),
  });
}

/** All or none: any row error → 400 and nothing written; else the file, the result and its values in one transaction. */
export async function createResult(
  db: Db,
  actor: Actor,
  fields: MeasurementUploadFields,
  upload: Upload,
  timeZone: string,
  locale: Locale,
): Promise<MeasurementResultDetail> {
  const id = await withTx(db, actor, (tx) => saveInTx(tx, actor, fields, upload, timeZone, locale));
  return getResult(db, id);
}

/** The save inside the caller's transaction (the route's, or the demo seed's): the result's id. */
export async function saveInTx(
  tx: Tx,
  actor: Actor,
  fields: MeasurementUploadFields,
  upload: Upload,
  timeZone: string,
  locale: Locale,
): Promise<number> {
  const { lotRowId, items } = await subjectOf(tx, fields);
  const checked = checkRows(upload.parsed.rows, items, timeZone);
  if (checked.invalidCount > 0) throw rowsInvalid(checked, locale);
  const [file] = await tx
    .insert(files)
    .values({
      name: upload.name,
      mimeType: upload.mime,
      size: upload.data.length,
      data: upload.data,
      createdBy: actor.userId,
    })
    .returning({ id: files.id });
  const [made] = await tx
    .insert(r)
    .values({
      productId: fields.productId,
      lotRowId,
      fileId: file.id,
      measuredAt: checked.measuredAt ?? new Date(),
      itemCount: checked.itemCount,
      valueCount: checked.valueCount,
      ngCount: checked.ngCount,
      judgement: checked.judgement as string,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning({ id: r.id });
  const values = checked.rows.map((row) => {
    const it = row.item as StandardItem;
    return {
      resultId: made.id,
      standardId: it.id,
      rowNumber: row.rowNumber,
      name: it.name,
      unit: it.unit,
      kind: it.kind,
      target: it.target,
      lsl: it.lsl,
      usl: it.usl,
      sampleSize: it.sampleSize,
      sampleNo: row.sampleNo as number,
      value: row.value,
      passed: row.passed,
      ok: row.judgement === 'PASS',
      measuredAt: row.measuredAt,
    };
  });
  // Bounded chunks: one statement's parameters stay far below PostgreSQL's 65,535 at 5,000 rows of 15 columns.
  for (let i = 0; i < values.length; i += 1000) await tx.insert(v).values(values.slice(i, i + 1000));
  return made.id;
}

const selectResults = (db: Executor) =>
  db
    .select({
      r,
      productCode: products.code,
      productName: products.name,
      lotId: lots.lotId,
      fileName: files.name,
      fileSize: files.size,
    })
    .from(r)
    .innerJoin(products, eq(products.id, r.productId))
    .innerJoin(files, eq(files.id, r.fileId))
    .leftJoin(lots, eq(lots.id, r.lotRowId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectResults>['execute']>>[number];

const view = ({ r: row, ...j }: Joined): MeasurementResult => ({
  id: row.id,
  productId: row.productId,
  productCode: j.productCode,
  productName: j.productName,
  lotRowId: row.lotRowId,
  lotId: j.lotId,
  fileId: row.fileId,
  fileName: j.fileName,
  fileSize: j.fileSize,
  measuredAt: row.measuredAt.toISOString(),
  itemCount: row.itemCount,
  valueCount: row.valueCount,
  ngCount: row.ngCount,
  judgement: row.judgement as MeasurementResult['judgement'],
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
});

export async function getResult(db: Executor, id: number): Promise<MeasurementResultDetail> {
  const [row] = await selectResults(db).where(eq(r.id, id));
  if (!row) throw notFound('Measurement result');
  const values = await db.select().from(v).where(eq(v.resultId, id)).orderBy(asc(v.standardId), asc(v.sampleNo));
  return {
    ...view(row),
    values: values.map((x) => ({
      id: x.id,
      rowNumber: x.rowNumber,
      standardId: x.standardId,
      name: x.name,
      unit: x.unit,
      kind: x.kind as QualityKind,
      target: x.target,
      lsl: x.lsl,
      usl: x.usl,
      sampleSize: x.sampleSize,
      sampleNo: x.sampleNo,
      value: x.value,
      passed: x.passed,
      ok: x.ok,
      measuredAt: x.measuredAt?.toISOString() ?? null,
    })),
  };
}

/** The measured days of the list: the query's, or the last 30 days up to today (factory time zone). */
export function periodOf(q: Pick<MeasurementListQuery, 'startDt' | 'endDt'>, timeZone: string) {
  const endDt = q.endDt ?? (q.startDt ? addDays(q.startDt, MEASUREMENT_DEFAULT_DAYS - 1) : todayIn(timeZone));
  const startDt = q.startDt ?? addDays(endDt, -(MEASUREMENT_DEFAULT_DAYS - 1));
  return { startDt, endDt };
}

/** The filter's results, newest measured first: one page (size 50 by default) and the total, or all (`page` null). */
export async function listResults(
  db: Executor,
  q: MeasurementFilter,
  timeZone: string,
  page: Pick<MeasurementListQuery, 'page' | 'size'> | null,
): Promise<{ data: MeasurementResult[]; total: number }> {
  const { startDt, endDt } = periodOf(q, timeZone);
  const where: SQL | undefined = and(
    gte(r.measuredAt, instantAt(`${startDt} 00:00`, timeZone)),
    lt(r.measuredAt, instantAt(`${addDays(endDt, 1)} 00:00`, timeZone)),
    q.productId ? eq(r.productId, q.productId) : undefined,
    q.judgement ? eq(r.judgement, q.judgement) : undefined,
    q.lotId ? and(isNotNull(r.lotRowId), textFilter([lots.lotId], q.lotId)) : undefined,
  );
  const ordered = selectResults(db).where(where).orderBy(desc(r.measuredAt), desc(r.id));
  if (!page) {
    const rows = await ordered.limit(MEASUREMENT_EXPORT_MAX_ROWS);
    return { data: rows.map(view), total: rows.length };
  }
  const size = page.size ?? 50;
  const rows = await ordered.limit(size).offset(((page.page ?? 1) - 1) * size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(r)
    .leftJoin(lots, eq(lots.id, r.lotRowId))
    .where(where);
  return { data: rows.map(view), total: n };
}

/** All or none: 404 when one is missing; the values go by cascade, the files with them. */
export async function deleteResults(db: Db, actor: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await withTx(db, actor, async (tx) => {
    const found = await tx.select({ id: r.id, fileId: r.fileId }).from(r).where(inArray(r.id, unique)).for('update');
    if (found.length !== unique.length) throw notFound('Measurement result');
    await tx.delete(r).where(inArray(r.id, unique));
    await tx.delete(files).where(
      inArray(
        files.id,
        found.map((f) => f.fileId),
      ),
    );
  });
}

export async function resultFile(db: Executor, id: number) {
  const [row] = await db
    .select({ name: files.name, mimeType: files.mimeType, data: files.data })
    .from(r)
    .innerJoin(files, eq(files.id, r.fileId))
    .where(eq(r.id, id));
  if (!row) throw notFound('Measurement result');
  return row;
}

/** The template's rows: with a product, one per item and sample (value empty); without, two example rows. */
export async function templateRows(db: Executor, productId: number | undefined, locale: Locale) {
  const header = MEASUREMENT_COLUMNS.map((c) => c[locale]);
  if (productId == null)
    return {
      header,
      rows: [
        [locale === 'kr' ? '외경' : 'Outer diameter', '1', '25.01', '2026-01-05 09:30'],
        [locale === 'kr' ? '외관' : 'Appearance', '1', 'OK', '2026-01-05 09:30'],
      ],
    };
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product');
  const items = await productItems(db, productId);
  return {
    header,
    rows: items.flatMap((it) => Array.from({ length: it.sampleSize }, (_, k) => [it.name, String(k + 1), '', ''])),
  };
}
