import { type ProductionProductStock, productionProductStockEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { planTree } from '../production-material/production-material.views.ts';
import { shipOutProduct, shipRestockProduct } from './production-product-stock.service.ts';
import {
  listProdProductStocks,
  planProductRequirement,
  prodProductHistory,
  prodProductsByLotId,
} from './production-product-stock.views.ts';

const col = exportColumn<ProductionProductStock>;
const RELEASED_COLUMNS = [
  col('planStartDt', '계획 시작일', 'Plan start', (r) => r.planStartDt, 12),
  col('planProductCode', '제품 코드', 'Product code', (r) => r.planProductCode),
  col('planProductName', '제품명', 'Product', (r) => r.planProductName, 24),
  col('lineName', '라인', 'Line', (r) => r.lineName, 16),
  col('lotId', 'LOT ID', 'LOT ID', (r) => r.lotId, 22),
  col('productCode', '반제품 코드', 'Semi-finished code', (r) => r.productCode),
  col('productName', '반제품명', 'Semi-finished product', (r) => r.productName, 24),
  col('locationName', '보관 위치', 'Shelf', (r) => r.locationName, 14),
  col('qty', '라인 재고', 'At the line', (r) => r.qty, 10),
  col('releasedQty', '출고 수량', 'Released', (r) => r.releasedQty, 10),
  col('restockedQty', '재입고 수량', 'Restocked', (r) => r.restockedQty, 10),
  col('consumedQty', '소비 수량', 'Consumed', (r) => r.consumedQty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('expiryDate', '유통기한', 'Expiry', (r) => r.expiryDate, 12),
];

// SPEC §7 "Production product stock" and ours around it (the contract's endpoints file says which).
export const productionProductStockRoutes: ModuleRoutes = (app, { db, config, providers }) => {
  const deps = { db, timeZone: config.timeZone, providers };
  bindEndpoints(app, productionProductStockEndpoints, {
    planTree: async (req) => ({ data: await planTree(deps, req.query) }),
    planProducts: async (req) => ({ data: await planProductRequirement(db, req.params.id) }),
    byLotId: async (req) => ({ data: await prodProductsByLotId(db, req.params.lotId) }),
    stocks: async (req) => listProdProductStocks(db, req.query, req.query),
    stocksExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'production-product-stocks',
        sheet: { kr: '생산 투입 제품', en: 'Released products' },
        columns: RELEASED_COLUMNS,
        records: (await listProdProductStocks(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    history: async (req) => ({ data: await prodProductHistory(db, req.params.id) }),
    shipOut: async (req) => ({ data: await shipOutProduct(deps, actorOf(req), req.body) }),
    shipRestock: async (req) => ({ data: await shipRestockProduct(deps, actorOf(req), req.body) }),
  });
};
