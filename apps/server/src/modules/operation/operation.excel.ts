import { type Operation, type OperationExportQuery, operationCreateBody, operationExportQuery } from '@eqms/contract';
import { asc, ilike, or } from 'drizzle-orm';
import type { ExcelColumn, ExcelEntity } from '../../platform/excel/excel.ts';
import { qtyCell, textOf, uniqueColumn } from '../../platform/excel/excel-cells.ts';
import { codeOptions } from '../code/code.lookups.ts';
import { checkExtRows, customFieldColumns, extOf } from '../custom-ext/custom-ext.excel.ts';
import { insertOperation, OPERATION_UNIQUE, OPERATION_TYPE_CATEGORY, operationView } from './operation.service.ts';
import { operations } from './operation.table.ts';

// Operations as an Excel import/export (platform/excel). The type is typed as its OPERATION_TYPE code or its
// Korean/English name; "counts defects" as Y/N.
const shape = operationCreateBody.shape;

const baseColumns: ExcelColumn<Operation>[] = [
  { key: 'code', header: { kr: '공정 코드', en: 'Code' }, required: true, rule: shape.code, width: 16 },
  { key: 'name', header: { kr: '공정명', en: 'Name' }, required: true, rule: shape.name, width: 22 },
  {
    key: 'type',
    header: { kr: '공정 유형', en: 'Type' },
    lookup: { options: codeOptions(OPERATION_TYPE_CATEGORY) },
    width: 14,
  },
  { key: 'standardTime', header: { kr: '표준 시간(초)', en: 'Standard time (s)' }, rule: qtyCell, width: 14 },
  {
    key: 'defectYn',
    header: { kr: '불량 집계', en: 'Counts defects' },
    kind: 'yesNo',
    exportValue: (o) => (o.defectYn ? 'Y' : 'N'),
    width: 12,
  },
  { key: 'description', header: { kr: '비고', en: 'Description' }, rule: shape.description, width: 30 },
];

export const operationExcel: ExcelEntity<Operation, OperationExportQuery> = {
  name: 'operations',
  sheet: { kr: '공정', en: 'Operations' },
  columns: async (db) => [...baseColumns, ...(await customFieldColumns<Operation>(db, 'operations'))],
  checkRows: (db, rows) => checkExtRows(db, 'operations', rows),
  unique: [uniqueColumn('code', operations, operations.code)],
  saveRow: async (tx, actor, row) =>
    (
      await insertOperation(tx, actor, {
        code: row.data.code as string,
        name: row.data.name as string,
        type: textOf(row, 'type'),
        standardTime: (row.data.standardTime as number | undefined) ?? null,
        defectYn: (row.data.defectYn as boolean | undefined) ?? true,
        description: textOf(row, 'description'),
        ext: extOf(row),
      })
    ).id,
  uniqueConstraints: OPERATION_UNIQUE,
  exportQuery: operationExportQuery,
  exportRecords: async (db, q) => {
    const rows = await db
      .select()
      .from(operations)
      .where(q.q ? or(ilike(operations.code, `%${q.q}%`), ilike(operations.name, `%${q.q}%`)) : undefined)
      .orderBy(asc(operations.code));
    return rows.map(operationView);
  },
};
