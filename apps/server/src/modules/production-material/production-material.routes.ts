import { type ProductionMaterialStock, productionMaterialEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { restock, shipOut } from './production-material.service.ts';
import {
  listProdStocks,
  planMaterials,
  planTree,
  prodStockHistory,
  prodStocksAt,
  prodStocksByBarcode,
} from './production-material.views.ts';

const col = exportColumn<ProductionMaterialStock>;
const RELEASED_COLUMNS = [
  col('planStartDt', '계획 시작일', 'Plan start', (r) => r.planStartDt, 12),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('lineName', '라인', 'Line', (r) => r.lineName, 16),
  col('packageId', '패키지 ID', 'Package ID', (r) => r.packageId, 18),
  col('materialCode', '자재 코드', 'Material code', (r) => r.materialCode),
  col('materialName', '자재명', 'Material', (r) => r.materialName, 24),
  col('qty', '라인 재고', 'At the line', (r) => r.qty, 10),
  col('releasedQty', '출고 수량', 'Released', (r) => r.releasedQty, 10),
  col('restockedQty', '재입고 수량', 'Restocked', (r) => r.restockedQty, 10),
  col('consumedQty', '소비 수량', 'Consumed', (r) => r.consumedQty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('expiryDate', '유통기한', 'Expiry', (r) => r.expiryDate, 12),
];

// The production material issue paths (SPEC §7 Material stock, those that name a production plan).
export const productionMaterialRoutes: ModuleRoutes = (app, { db, config, providers }) => {
  const deps = { db, timeZone: config.timeZone, providers };
  bindEndpoints(app, productionMaterialEndpoints, {
    planTree: async (req) => ({ data: await planTree(deps, req.query) }),
    planMaterials: async (req) => ({ data: await planMaterials(db, req.params.id) }),
    byBarcode: async (req) => ({ data: await prodStocksByBarcode(db, req.params.code) }),
    atLocation: async (req) => ({ data: await prodStocksAt(db, req.params.id) }),
    stocks: async (req) => listProdStocks(db, req.query, req.query),
    stocksExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'production-material-stocks',
        sheet: { kr: '생산 투입 자재', en: 'Released material' },
        columns: RELEASED_COLUMNS,
        records: (await listProdStocks(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    history: async (req) => ({ data: await prodStockHistory(db, req.params.id) }),
    shipOut: async (req) => ({ data: await shipOut(deps, actorOf(req), req.body) }),
    restock: async (req) => ({ data: await restock(deps, actorOf(req), req.body) }),
  });
};
