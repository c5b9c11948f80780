import { type MaterialStock, type StockFilter, shipInBody, stockFilterQuery } from '@eqms/contract';
import { asc } from 'drizzle-orm';
import { todayIn } from '../../platform/dates.ts';
import type { ExcelColumn, ExcelEntity } from '../../platform/excel/excel.ts';
import { qtyCell, textOf, uniqueColumn } from '../../platform/excel/excel-cells.ts';
import { locationOptions } from '../location/location.excel.ts';
import { supplierOptions } from '../material/material.excel.ts';
import { materials } from '../material/material.table.ts';
import { tools } from '../tool/tool.table.ts';
import { exportStocks, insertShipIn, STOCK_UNIQUE, type StockDeps } from './material-stock.service.ts';
import { materialStocks } from './material-stock.table.ts';

// Bulk receipt by Excel (platform/excel): one row = one package received, all rows or none. The export writes the
// stock list's rows with the same columns (the place as its path, the material and supplier by code), plus the
// current quantity, so a count sheet can be printed from it.

const shape = shipInBody.shape;
type StockRecord = MaterialStock & { materialCodeOut?: string; supplierCode?: string | null };

const columns: ExcelColumn<StockRecord>[] = [
  {
    key: 'material',
    header: { kr: '자재', en: 'Material' },
    required: true,
    lookup: {
      options: async (db) =>
        (
          await db
            .select({ id: materials.id, code: materials.code, name: materials.name })
            .from(materials)
            .orderBy(asc(materials.code))
        ).map((m) => ({ value: String(m.id), labels: [m.code, m.name] })),
    },
    exportValue: (s) => s.materialCode,
    width: 16,
  },
  { key: 'qty', header: { kr: '수량', en: 'Quantity' }, required: true, rule: qtyCell.pipe(shape.qty), width: 10 },
  {
    key: 'place',
    header: { kr: '보관 위치(선반 또는 설비)', en: 'Place (shelf or tool)' },
    required: true,
    lookup: {
      // A shelf by path, code or name (L<id>), or a tool by code or name (T<id>).
      options: async (db) => [
        ...(await locationOptions(db, ['SHELF'])).map((o) => ({ ...o, value: `L${o.value}` })),
        ...(
          await db.select({ id: tools.id, code: tools.code, name: tools.name }).from(tools).orderBy(asc(tools.code))
        ).map((t) => ({ value: `T${t.id}`, labels: [t.code, t.name] })),
      ],
    },
    exportValue: (s) => s.placePath,
    width: 32,
  },
  {
    key: 'supplier',
    header: { kr: '공급사', en: 'Supplier' },
    lookup: { options: supplierOptions },
    exportValue: (s) => s.supplierName ?? '',
    width: 20,
  },
  { key: 'supplierLot', header: { kr: '공급사 LOT', en: 'Supplier lot' }, rule: shape.supplierLot, width: 16 },
  { key: 'packageId', header: { kr: '패키지 ID', en: 'Package ID' }, rule: shape.packageId, width: 18 },
  { key: 'receivedDate', header: { kr: '입고일', en: 'Received' }, rule: shape.receivedDate, width: 12 },
  { key: 'manufactureDate', header: { kr: '제조일', en: 'Manufactured' }, rule: shape.manufactureDate, width: 12 },
  { key: 'expiryDate', header: { kr: '유통기한', en: 'Expiry' }, rule: shape.expiryDate, width: 12 },
  { key: 'description', header: { kr: '비고', en: 'Note' }, rule: shape.description, width: 30 },
];

const placeOf = (value: unknown) => {
  const text = String(value ?? '');
  const id = Number(text.slice(1));
  return text.startsWith('T') ? { locationId: null, toolId: id } : { locationId: id, toolId: null };
};

/** The receipt import and the stock export of the app's database and factory day. */
export function stockExcel(deps: StockDeps): ExcelEntity<StockRecord, StockFilter> {
  return {
    name: 'material-stock',
    sheet: { kr: '자재 입고', en: 'Material receipts' },
    columns: async () => columns,
    checkRow: (row) =>
      row.data.manufactureDate && row.data.expiryDate && String(row.data.expiryDate) < String(row.data.manufactureDate)
        ? [{ column: 'expiryDate', message: 'expiryBeforeManufacture' }]
        : [],
    unique: [uniqueColumn('packageId', materialStocks, materialStocks.packageId)],
    saveRow: (tx, actor, row, { refId }) => {
      const d = row.data;
      return insertShipIn(
        tx,
        actor,
        {
          materialId: refId(d.material)!,
          qty: d.qty as number,
          ...placeOf(d.place),
          supplierId: refId(d.supplier),
          supplierLot: textOf(row, 'supplierLot'),
          packageId: textOf(row, 'packageId'),
          receivedDate: textOf(row, 'receivedDate'),
          manufactureDate: textOf(row, 'manufactureDate'),
          expiryDate: textOf(row, 'expiryDate'),
          description: textOf(row, 'description'),
        },
        todayIn(deps.timeZone),
      );
    },
    fieldColumns: { materialId: 'material', locationId: 'place', toolId: 'place', supplierId: 'supplier' },
    uniqueConstraints: STOCK_UNIQUE,
    exportQuery: stockFilterQuery,
    exportRecords: (_db, q) => exportStocks(deps, q),
  };
}
