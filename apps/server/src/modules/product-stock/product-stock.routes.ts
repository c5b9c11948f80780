import { type ProductStock, productStockEndpoints } from '@eqms/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { notFound } from '../../platform/errors.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { locations } from '../location/location.table.ts';
import type { products } from '../product/product.table.ts';
import { addStock, adjustQty, disposeStock, updateNote } from './product-stock.service.ts';
import {
  getProductStock,
  itemStockTree,
  listProductStocks,
  locationStockTree,
  movementsOf,
  type ProductStockDeps,
  stocksByLotId,
  stocksOfPlan,
  stocksOfProduct,
} from './product-stock.views.ts';

/** 404 for a path naming a location or product that does not exist (an empty list would hide a wrong link). */
async function assertExists(db: Db, table: typeof locations | typeof products, id: number, what: string) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw notFound(what);
}

const col = exportColumn<ProductStock>;
const STOCK_COLUMNS = [
  col('lotId', 'LOT ID', 'LOT ID', (r) => r.lotId, 22),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('qty', '수량', 'Quantity', (r) => r.qty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('placePath', '위치', 'Location', (r) => r.placePath, 32),
  col('day', '생산일', 'Production day', (r) => r.day, 12),
  col('expiryDate', '유통기한', 'Expiry', (r) => r.expiryDate, 12),
  col('expiryReason', '유통기한 근거', 'Expiry from', (r) => r.expiryReason, 14),
  col('expiryPackageId', '기준 패키지 또는 LOT', 'Expiry from package or LOT', (r) => r.expiryPackageId, 18),
  col('disposed', '폐기', 'Discarded', (r) => (r.disposed ? 'Y' : 'N'), 8),
  col('disposedAt', '폐기 일시', 'Discarded at', (r) => r.disposedAt, 22),
  col('adjustedQty', '조정 수량', 'Adjusted to', (r) => r.adjustedQty, 10),
  col('description', '비고', 'Note', (r) => r.description, 24),
];

// SPEC §7 "Product stock" (README.md). Every write is one transaction through the ledger (product-stock.ledger.ts).
export const productStockRoutes: ModuleRoutes = (app, { db, config }) => {
  const deps: ProductStockDeps = { db, timeZone: config.timeZone, soonDays: config.expirySoonDays };
  bindEndpoints(app, productStockEndpoints, {
    stocks: async (req) => listProductStocks(deps, req.query, req.query),
    stocksExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'product-stocks',
        sheet: { kr: '제품 재고', en: 'Product stock' },
        columns: STOCK_COLUMNS,
        records: (await listProductStocks(deps, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    planStocks: async (req) => ({ data: await stocksOfPlan(deps, req.params.planId) }),
    productStocks: async (req) => stocksOfProduct(deps, req.params.id, req.query),
    locationTree: async (req) => ({ data: await locationStockTree(db, req.query) }),
    itemTree: async (req) => ({ data: await itemStockTree(db, req.query) }),
    locationStocks: async (req) => {
      await assertExists(db, locations, req.params.id, 'Location');
      return listProductStocks(deps, { ...req.query, locationId: req.params.id }, req.query);
    },
    get: async (req) => ({ data: await getProductStock(deps, req.params.id) }),
    byLotId: async (req) => ({ data: await stocksByLotId(deps, req.params.lotId) }),
    history: async (req) => ({ data: await movementsOf(db, req.params.id) }),
    update: async (req) => ({ data: await updateNote(deps, actorOf(req), req.body) }),
    dispose: async (req) => ({ data: await disposeStock(deps, actorOf(req), req.params.id, req.body ?? {}) }),
    adjust: async (req) => ({ data: await adjustQty(deps, actorOf(req), req.params.id, req.body) }),
    add: async (req) => ({ data: await addStock(deps, actorOf(req), req.body) }),
  });
};
