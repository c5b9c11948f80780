import {
  isRealNumber,
  type MaterialQualityExportQuery,
  materialQualityExportQuery,
  materialQualityItemBody,
  type ProductQualityExportQuery,
  productQualityExportQuery,
  productQualityItemBody,
} from '@eqms/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { ExcelColumn, ExcelEntity, ExcelOption, ParsedRow } from '../../platform/excel/excel.ts';
import { textOf } from '../../platform/excel/excel-cells.ts';
import { materials } from '../material/material.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { insertStandards } from './quality-standard.service.ts';
import { qualityStandards } from './quality.table.ts';

// Quality standards as an Excel import/export (platform/excel; README "Excel"). One row = one inspection item. The
// subject (material / product) and the operation are typed as their code or name; kind and stage as their code or a
// word in either language. A row is checked by the same zod body as the POST (limits, stage ↔ operation), and saved
// through the POST's insert, so the file cannot store what the form refuses.

const s = qualityStandards;
type StandardRecord = typeof s.$inferSelect & { subjectCode: string; operationCode: string | null };

const option = (value: string, ...labels: string[]): ExcelOption => ({ value, labels: [value, ...labels] });
const KIND_OPTIONS = [
  option('NUMBER', '측정', '수치', 'Number', 'Measured'),
  option('PASS_FAIL', '합부', '합격/불합격', 'Pass/fail'),
];
const STAGE_OPTIONS = [
  option('IN_PROCESS', '공정 검사', '공정', 'In-process'),
  option('FINAL', '최종 검사', '출하 검사', 'Final'),
];

const codeLookup = (table: typeof materials | typeof products | typeof operations) => ({
  options: async (db: Executor): Promise<ExcelOption[]> =>
    (await db.select({ id: table.id, code: table.code, name: table.name }).from(table).orderBy(asc(table.code))).map(
      (r) => ({ value: String(r.id), labels: [r.code, r.name] }),
    ),
});

/** A decimal cell: the text as a number for the form's rule ('' = none; text that is no number fails the rule). */
const decimalCell = (rule: z.ZodType) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim().replace(/,/g, '');
    if (text === '') return undefined;
    return isRealNumber(text) ? Number(text) : text;
  }, rule);

const shape = materialQualityItemBody.shape;
const itemColumns: ExcelColumn<StandardRecord>[] = [
  { key: 'name', header: { kr: '검사 항목', en: 'Item' }, required: true, rule: shape.name, width: 20 },
  { key: 'method', header: { kr: '검사 방법', en: 'Method' }, rule: shape.method, width: 16 },
  {
    key: 'kind',
    header: { kr: '판정 방식', en: 'Kind' },
    required: true,
    lookup: { options: async () => KIND_OPTIONS },
    width: 12,
  },
  { key: 'unit', header: { kr: '단위', en: 'Unit' }, rule: shape.unit, width: 8 },
  { key: 'target', header: { kr: '목표값', en: 'Target' }, rule: decimalCell(shape.target), width: 10 },
  { key: 'lsl', header: { kr: '하한(LSL)', en: 'LSL' }, rule: decimalCell(shape.lsl), width: 10 },
  { key: 'usl', header: { kr: '상한(USL)', en: 'USL' }, rule: decimalCell(shape.usl), width: 10 },
  {
    key: 'sampleSize',
    header: { kr: '시료 수', en: 'Sample size' },
    kind: 'integer',
    rule: shape.sampleSize,
    width: 10,
  },
  { key: 'sort', header: { kr: '정렬 순서', en: 'Sort' }, kind: 'integer', rule: shape.sort, width: 8 },
  { key: 'description', header: { kr: '비고', en: 'Note' }, rule: shape.description, width: 30 },
];

/** The item a row stands for, as the POST body would carry it (lookups already resolved to ids). */
const itemOf = (row: ParsedRow) => {
  const d = row.data;
  const num = (key: string) => (d[key] === undefined || d[key] === '' ? undefined : d[key]);
  return {
    name: d.name,
    method: textOf(row, 'method') ?? undefined,
    unit: textOf(row, 'unit') ?? undefined,
    kind: d.kind,
    target: num('target'),
    lsl: num('lsl'),
    usl: num('usl'),
    sampleSize: num('sampleSize'),
    sort: num('sort'),
    description: textOf(row, 'description') ?? undefined,
  };
};

/** The POST body's checks across columns (limits, stage ↔ operation) as cell errors; field → column. */
function checkAgainst(row: ParsedRow, body: z.ZodType, item: unknown, columnOf: Record<string, string>) {
  // A cell already wrong would only echo here (a limit that is no number reads as "no limit").
  if (row.errors.length) return [];
  const parsed = body.safeParse(item);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => {
    const field = String(i.path[0] ?? 'name');
    return { column: columnOf[field] ?? field, message: i.message };
  });
}

async function exportStandards(db: Executor, side: 'MATERIAL' | 'PRODUCT', q: { subjectId?: number; stage?: string }) {
  const subject = side === 'MATERIAL' ? materials : products;
  const subjectColumn = side === 'MATERIAL' ? s.materialId : s.productId;
  const rows = await db
    .select({ s, subjectCode: subject.code, operationCode: operations.code })
    .from(s)
    .innerJoin(subject, eq(subject.id, subjectColumn))
    .leftJoin(operations, eq(operations.id, s.operationId))
    .where(
      and(
        isNotNull(subjectColumn),
        q.subjectId ? eq(subjectColumn, q.subjectId) : undefined,
        q.stage ? eq(s.stage, q.stage) : undefined,
      ),
    )
    .orderBy(asc(subject.code), asc(s.stage), asc(s.operationId), asc(s.sort), asc(s.id));
  return rows.map((r) => ({ ...r.s, subjectCode: r.subjectCode, operationCode: r.operationCode }));
}

export const materialStandardExcel: ExcelEntity<StandardRecord, MaterialQualityExportQuery> = {
  name: 'material-quality',
  sheet: { kr: '자재 검사 기준', en: 'Material inspection items' },
  columns: async () => [
    {
      key: 'material',
      header: { kr: '자재', en: 'Material' },
      required: true,
      lookup: codeLookup(materials),
      exportValue: (r) => r.subjectCode,
      width: 16,
    },
    ...itemColumns,
  ],
  checkRow: (row) =>
    checkAgainst(
      row,
      materialQualityItemBody,
      { ...itemOf(row), materialId: Number(row.data.material) },
      { materialId: 'material' },
    ),
  saveRow: async (tx, actor, row) => {
    const item = materialQualityItemBody.parse({ ...itemOf(row), materialId: Number(row.data.material) });
    const [id] = await insertStandards(tx, actor, [item]);
    return id;
  },
  fieldColumns: { '0.materialId': 'material' },
  exportQuery: materialQualityExportQuery,
  exportRecords: (db, q) => exportStandards(db, 'MATERIAL', { subjectId: q.materialId }),
};

const productItemOf = (row: ParsedRow) => ({
  ...itemOf(row),
  productId: Number(row.data.product),
  stage: row.data.stage,
  operationId: row.data.operation ? Number(row.data.operation) : undefined,
});

export const productStandardExcel: ExcelEntity<StandardRecord, ProductQualityExportQuery> = {
  name: 'product-quality',
  sheet: { kr: '제품 검사 기준', en: 'Product inspection items' },
  columns: async () => [
    {
      key: 'product',
      header: { kr: '제품', en: 'Product' },
      required: true,
      lookup: codeLookup(products),
      exportValue: (r) => r.subjectCode,
      width: 16,
    },
    {
      key: 'stage',
      header: { kr: '검사 구분', en: 'Stage' },
      required: true,
      lookup: { options: async () => STAGE_OPTIONS },
      width: 12,
    },
    {
      key: 'operation',
      header: { kr: '공정', en: 'Operation' },
      lookup: codeLookup(operations),
      exportValue: (r) => r.operationCode ?? '',
      width: 14,
    },
    ...itemColumns,
  ],
  checkRow: (row) =>
    checkAgainst(row, productQualityItemBody, productItemOf(row), {
      productId: 'product',
      operationId: 'operation',
      stage: 'stage',
    }),
  saveRow: async (tx, actor, row) => {
    const [id] = await insertStandards(tx, actor, [productQualityItemBody.parse(productItemOf(row))]);
    return id;
  },
  fieldColumns: { '0.productId': 'product', '0.operationId': 'operation' },
  exportQuery: productQualityExportQuery,
  exportRecords: (db, q) => exportStandards(db, 'PRODUCT', { subjectId: q.productId, stage: q.stage }),
};
