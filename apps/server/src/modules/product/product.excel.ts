import { type Product, type ProductExportQuery, productCreateBody, productExportQuery } from '@eqms/contract';
import { asc } from 'drizzle-orm';
import type { ExcelColumn, ExcelEntity } from '../../platform/excel/excel.ts';
import { qtyCell, textOf, uniqueColumn } from '../../platform/excel/excel-cells.ts';
import { valuesById } from '../../platform/master.ts';
import { codeOptions } from '../code/code.lookups.ts';
import { checkExtRows, customFieldColumns, extOf } from '../custom-ext/custom-ext.excel.ts';
import { routes } from '../route/route.table.ts';
import { PRODUCT_UNIQUE, productMaster } from './product.service.ts';
import { products } from './product.table.ts';

// Products as an Excel import/export (platform/excel). Type and unit are typed as the code or its Korean or
// English name; the route by its code (or its name when only one route has it).

const shape = productCreateBody.shape;
/** A product with its route's code, which the export writes so that the file imports back. */
type ProductRecord = Product & { routeCode?: string | null };

const baseColumns: ExcelColumn<ProductRecord>[] = [
  { key: 'code', header: { kr: '제품 코드', en: 'Code' }, required: true, rule: shape.code, width: 16 },
  { key: 'name', header: { kr: '제품명', en: 'Name' }, required: true, rule: shape.name, width: 24 },
  {
    key: 'type',
    header: { kr: '제품 유형', en: 'Type' },
    required: true,
    lookup: { options: codeOptions('PRODUCT_TYPE') },
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
  {
    key: 'route',
    header: { kr: '라우팅', en: 'Route' },
    lookup: {
      options: async (db) =>
        (
          await db
            .select({ id: routes.id, code: routes.code, name: routes.name })
            .from(routes)
            .orderBy(asc(routes.code))
        ).map((r) => ({ value: String(r.id), labels: [r.code, r.name] })),
    },
    exportValue: (p) => p.routeCode ?? '',
    width: 18,
  },
  { key: 'lotQty', header: { kr: 'LOT 수량', en: 'Lot qty' }, rule: qtyCell, width: 12 },
  { key: 'packQty', header: { kr: '포장 수량', en: 'Pack qty' }, rule: qtyCell, width: 12 },
  { key: 'safetyStock', header: { kr: '안전 재고', en: 'Safety stock' }, rule: qtyCell, width: 12 },
  {
    key: 'shelfLifeDays',
    header: { kr: '유통기한(일)', en: 'Shelf life (days)' },
    kind: 'integer',
    rule: shape.shelfLifeDays,
    width: 12,
  },
  { key: 'description', header: { kr: '설명', en: 'Description' }, rule: shape.description, width: 30 },
];

export const productExcel: ExcelEntity<ProductRecord, ProductExportQuery> = {
  name: 'products',
  sheet: { kr: '제품', en: 'Products' },
  columns: async (db) => [...baseColumns, ...(await customFieldColumns<ProductRecord>(db, 'products'))],
  checkRows: (db, rows) => checkExtRows(db, 'products', rows),
  unique: [uniqueColumn('code', products, products.code), uniqueColumn('barcode', products, products.barcode)],
  saveRow: (tx, actor, row, { refId }) => {
    const d = row.data;
    return productMaster.insert(tx, actor, {
      code: d.code as string,
      name: d.name as string,
      type: d.type as string,
      specification: textOf(row, 'specification'),
      unit: d.unit as string,
      barcode: textOf(row, 'barcode'),
      routeId: refId(d.route),
      lotQty: (d.lotQty as number | null | undefined) ?? null,
      packQty: (d.packQty as number | null | undefined) ?? null,
      safetyStock: (d.safetyStock as number | null | undefined) ?? null,
      shelfLifeDays: (d.shelfLifeDays as number | null | undefined) ?? null,
      description: textOf(row, 'description'),
      ext: extOf(row),
    });
  },
  fieldColumns: { routeId: 'route' },
  uniqueConstraints: PRODUCT_UNIQUE,
  exportQuery: productExportQuery,
  exportRecords: async (db, q) => {
    const list = await productMaster.export(db, q);
    const codesById = await valuesById(
      db,
      routes.id,
      routes.code,
      list.map((p) => p.routeId),
    );
    return list.map((p) => ({ ...p, routeCode: p.routeId != null ? (codesById.get(p.routeId) ?? null) : null }));
  },
};
