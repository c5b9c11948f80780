import { type Material, type MaterialExportQuery, materialCreateBody, materialExportQuery } from '@eqms/contract';
import { arrayContains, asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ExcelColumn, ExcelEntity, ExcelOption } from '../../platform/excel/excel.ts';
import { qtyCell, textOf, uniqueColumn } from '../../platform/excel/excel-cells.ts';
import { valuesById } from '../../platform/master.ts';
import { codeOptions } from '../code/code.lookups.ts';
import { checkExtRows, customFieldColumns, extOf } from '../custom-ext/custom-ext.excel.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { MATERIAL_UNIQUE, materialMaster, SUPPLIER } from './material.service.ts';
import { materials } from './material.table.ts';

// Materials as an Excel import/export (platform/excel). Type and unit by code or code name (Korean or English);
// the supplier by its partner code or name (only partners of type SUPPLIER are offered).

const shape = materialCreateBody.shape;

/** Business partners of type SUPPLIER by code or name (a material's usual supplier, a receipt's supplier). */
export const supplierOptions = async (db: Executor): Promise<ExcelOption[]> =>
  (
    await db
      .select({ id: bizPartners.id, code: bizPartners.code, name: bizPartners.name })
      .from(bizPartners)
      .where(arrayContains(bizPartners.types, [SUPPLIER]))
      .orderBy(asc(bizPartners.code))
  ).map((p) => ({ value: String(p.id), labels: [p.code, p.name] }));
/** A material with its supplier's code, which the export writes so that the file imports back. */
type MaterialRecord = Material & { supplierCode?: string | null };

const baseColumns: ExcelColumn<MaterialRecord>[] = [
  { key: 'code', header: { kr: '자재 코드', en: 'Code' }, required: true, rule: shape.code, width: 16 },
  { key: 'name', header: { kr: '자재명', en: 'Name' }, required: true, rule: shape.name, width: 24 },
  {
    key: 'type',
    header: { kr: '자재 유형', en: 'Type' },
    required: true,
    lookup: { options: codeOptions('MATERIAL_TYPE') },
    width: 14,
  },
  { key: 'specification', header: { kr: '규격', en: 'Specification' }, rule: shape.specification, width: 20 },
  {
    key: 'unit',
    header: { kr: '단위', en: 'Unit' },
    required: true,
    lookup: { options: codeOptions('UNIT') },
    width: 10,
  },
  { key: 'barcode', header: { kr: '바코드', en: 'Barcode' }, rule: shape.barcode, width: 18 },
  { key: 'safetyStock', header: { kr: '안전 재고', en: 'Safety stock' }, rule: qtyCell, width: 12 },
  {
    key: 'shelfLifeDays',
    header: { kr: '유통기한(일)', en: 'Shelf life (days)' },
    kind: 'integer',
    rule: shape.shelfLifeDays,
    width: 12,
  },
  {
    key: 'supplier',
    header: { kr: '공급사', en: 'Supplier' },
    lookup: { options: supplierOptions },
    exportValue: (m) => m.supplierCode ?? '',
    width: 20,
  },
  { key: 'description', header: { kr: '설명', en: 'Description' }, rule: shape.description, width: 30 },
];

export const materialExcel: ExcelEntity<MaterialRecord, MaterialExportQuery> = {
  name: 'materials',
  sheet: { kr: '자재', en: 'Materials' },
  columns: async (db) => [...baseColumns, ...(await customFieldColumns<MaterialRecord>(db, 'materials'))],
  checkRows: (db, rows) => checkExtRows(db, 'materials', rows),
  unique: [uniqueColumn('code', materials, materials.code), uniqueColumn('barcode', materials, materials.barcode)],
  saveRow: (tx, actor, row, { refId }) => {
    const d = row.data;
    return materialMaster.insert(tx, actor, {
      code: d.code as string,
      name: d.name as string,
      type: d.type as string,
      specification: textOf(row, 'specification'),
      unit: d.unit as string,
      barcode: textOf(row, 'barcode'),
      safetyStock: (d.safetyStock as number | null | undefined) ?? null,
      shelfLifeDays: (d.shelfLifeDays as number | null | undefined) ?? null,
      supplierId: refId(d.supplier),
      description: textOf(row, 'description'),
      ext: extOf(row),
    });
  },
  fieldColumns: { supplierId: 'supplier' },
  uniqueConstraints: MATERIAL_UNIQUE,
  exportQuery: materialExportQuery,
  exportRecords: async (db, q) => {
    const list = await materialMaster.export(db, q);
    const codesById = await valuesById(
      db,
      bizPartners.id,
      bizPartners.code,
      list.map((m) => m.supplierId),
    );
    return list.map((m) => ({
      ...m,
      supplierCode: m.supplierId != null ? (codesById.get(m.supplierId) ?? null) : null,
    }));
  },
};
