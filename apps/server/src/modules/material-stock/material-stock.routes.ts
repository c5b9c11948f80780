import {
  barcodeEndpoints,
  type MaterialDailyTotal,
  type MaterialMovement,
  type MaterialSale,
  materialHistoryEndpoints,
  materialSalesEndpoints,
  materialStockEndpoints,
  toLocale,
} from '@eqms/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ModuleRoutes } from '../../platform/context.ts';
import { locations } from '../location/location.table.ts';
import { materials } from '../material/material.table.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import type { ExcelColumn } from '../../platform/excel/excel.ts';
import { excelHandlers, exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { resolveBarcode } from './barcode.service.ts';
import { dailyTotals, exportMovements, listMovements, movementsOf } from './material-history.service.ts';
import { createSale, deleteSales, itemSales, listSales, saleTree } from './material-sales.service.ts';
import { stockExcel } from './material-stock.excel.ts';
import {
  deleteStock,
  getStock,
  listStocks,
  type StockDeps,
  shipIn,
  shipInMany,
  stockByPackageId,
  stocksByIds,
  stocksByName,
  updateStock,
} from './material-stock.service.ts';
import { materialStockLabel } from './material-stock.labels.ts';
import { sendLabels } from '../../platform/labels/labels.ts';
import { todayIn } from '../../platform/dates.ts';
import { locationStockTree, materialStockTree, materialTotals } from './material-stock.totals.ts';
import { notFound } from '../../platform/errors.ts';

const ok = { data: { ok: true as const } };

/** 404 for a path naming a location or material that does not exist (an empty list would hide a wrong link). */
async function assertExists(db: Db, table: typeof locations | typeof materials, id: number, what: string) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw notFound(what);
}

// The read-only lists' workbook columns (movements, daily totals, sales).
const col = exportColumn;
const movementColumns: ExcelColumn<MaterialMovement>[] = [
  col('day', '일자', 'Day', (r) => r.day, 12),
  col('type', '구분', 'Type', (r) => r.type, 12),
  col('packageId', '패키지 ID', 'Package ID', (r) => r.packageId, 18),
  col('materialCode', '자재 코드', 'Material code', (r) => r.materialCode),
  col('materialName', '자재명', 'Material', (r) => r.materialName, 24),
  col('qty', '수량', 'Quantity', (r) => r.qty, 10),
  col('balance', '잔량', 'Balance', (r) => r.balance, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('placePath', '위치', 'Place', (r) => r.placePath, 32),
  col('fromPlacePath', '이전 위치', 'From', (r) => r.fromPlacePath, 32),
  col('reason', '사유', 'Reason', (r) => r.reason, 24),
  col('createdBy', '작업자', 'By', (r) => r.createdBy, 12),
  col('occurredAt', '일시', 'At', (r) => r.occurredAt, 22),
];
const dailyColumns: ExcelColumn<MaterialDailyTotal>[] = [
  col('day', '일자', 'Day', (r) => r.day, 12),
  col('code', '자재 코드', 'Material code', (r) => r.code),
  col('name', '자재명', 'Material', (r) => r.name, 24),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('received', '입고', 'Received', (r) => r.received, 10),
  col('released', '출고', 'Released', (r) => r.released, 10),
  col('restocked', '재입고', 'Restocked', (r) => r.restocked, 10),
  col('sold', '판매', 'Sold', (r) => r.sold, 10),
  col('corrected', '조정', 'Corrected', (r) => r.corrected, 10),
  col('closing', '기말 재고', 'Closing', (r) => r.closing, 12),
];
const saleColumns: ExcelColumn<MaterialSale>[] = [
  col('saleDate', '판매일', 'Sale date', (r) => r.saleDate, 12),
  col('customerName', '고객사', 'Customer', (r) => r.customerName, 20),
  col('materialCode', '자재 코드', 'Material code', (r) => r.materialCode),
  col('materialName', '자재명', 'Material', (r) => r.materialName, 24),
  col('packageId', '패키지 ID', 'Package ID', (r) => r.packageId, 18),
  col('qty', '수량', 'Quantity', (r) => r.qty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('unitPrice', '단가', 'Unit price', (r) => r.unitPrice, 12),
  col('amount', '금액', 'Amount', (r) => r.amount, 14),
  col('expiredReason', '기한 경과 사유', 'Expired override', (r) => r.expiredReason, 24),
  col('description', '비고', 'Note', (r) => r.description, 24),
  col('createdBy', '등록자', 'By', (r) => r.createdBy, 12),
];

// Material stock, history, sales and barcode (README.md). Every write is one transaction through the ledger.
export const materialStockRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config, providers } = ctx;
  const deps: StockDeps = { db, timeZone: config.timeZone, soonDays: config.expirySoonDays };
  const timeZone = config.timeZone;

  bindEndpoints(app, materialStockEndpoints, {
    ...excelHandlers({ entity: stockExcel(deps), db, timeZone }),
    stocks: async (req) => listStocks(deps, req.query),
    materialStocks: async (req) => materialTotals(deps, req.query),
    locationTree: async (req) => ({ data: await locationStockTree(db, req.query.containQtyZero) }),
    materialTree: async (req) => ({ data: await materialStockTree(db, req.query.containQtyZero) }),
    locationStocks: async (req) => {
      await assertExists(db, locations, req.params.id, 'Location');
      return listStocks(deps, { ...req.query, locationId: req.params.id });
    },
    materialStocksOf: async (req) => {
      await assertExists(db, materials, req.params.id, 'Material');
      return listStocks(deps, { ...req.query, materialId: req.params.id }, true);
    },
    get: async (req) => ({ data: await getStock(deps, req.params.id) }),
    shippings: async (req) => {
      await getStock(deps, req.params.id);
      return { data: await movementsOf(db, req.params.id) };
    },
    byName: async (req) => ({ data: await stocksByName(deps, req.params.name) }),
    byBarcode: async (req) => {
      const stock = await stockByPackageId(deps, req.params.code);
      if (!stock) throw notFound('Material stock');
      return { data: stock };
    },
    labels: async (req, reply) => {
      const { ids, format, layout, copies } = req.query;
      const stocks = await stocksByIds(deps, ids);
      const locale = toLocale(req.headers['accept-language']);
      const labels = stocks.map((s) => materialStockLabel(s, locale));
      return sendLabels(reply, labels, { format, layout, copies, name: 'labels', day: todayIn(timeZone) });
    },
    shipIn: async (req) => ({ data: await shipIn(deps, actorOf(req), req.body) }),
    shipInMaterials: async (req) => ({ data: await shipInMany(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateStock(deps, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteStock(deps, actorOf(req), req.params.id);
      return ok;
    },
  });

  bindEndpoints(app, materialHistoryEndpoints, {
    historys: async (req) => listMovements(db, req.query),
    historyExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'material-history',
        sheet: { kr: '자재 이력', en: 'Material history' },
        columns: movementColumns,
        records: await exportMovements(db, req.query),
        timeZone,
      }),
    dailyTotal: async (req) => dailyTotals(db, req.query, req.query),
    dailyTotalExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'material-daily-total',
        sheet: { kr: '일별 집계', en: 'Daily totals' },
        columns: dailyColumns,
        records: (await dailyTotals(db, req.query, null)).data,
        timeZone,
      }),
  });

  bindEndpoints(app, materialSalesEndpoints, {
    create: async (req) => ({ data: await createSale(deps, actorOf(req), req.body) }),
    sales: async (req) => listSales(db, req.query, req.query),
    salesExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'material-sales',
        sheet: { kr: '자재 판매', en: 'Material sales' },
        columns: saleColumns,
        records: (await listSales(db, req.query, null)).data,
        timeZone,
      }),
    tree: async (req) => ({ data: await saleTree(deps, req.params.materialId, req.query.containQtyZero) }),
    materialProdSales: async (req) => itemSales(db, providers, req.query),
    remove: async (req) => {
      await deleteSales(deps, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteSales(deps, actorOf(req), req.params.ids);
      return ok;
    },
  });

  bindEndpoints(app, barcodeEndpoints, {
    info: async (req) => ({ data: await resolveBarcode(deps, providers, req.params.code, req.query.type) }),
  });
};
