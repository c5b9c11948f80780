import { type Lot, lotEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import {
  dailyPlanTree,
  listLots,
  lotByLotId,
  lotDailyPlans,
  lotMaterials,
  prodPlanTree,
  shipmentLots,
} from './lot.views.ts';

const col = exportColumn<Lot>;
const LOT_COLUMNS = [
  col('lotId', 'LOT ID', 'LOT ID', (r) => r.lotId, 24),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('lineName', '라인', 'Line', (r) => r.lineName, 16),
  col('day', '생산일', 'Production day', (r) => r.day, 12),
  col('planQty', '계획 수량', 'Plan qty', (r) => r.planQty, 10),
  col('goodQty', '양품 수량', 'Good', (r) => r.goodQty, 10),
  col('badQty', '불량 수량', 'Bad', (r) => r.badQty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('expiryDate', '유통기한', 'Expiry', (r) => r.expiryDate, 12),
  col('expiryReason', '유통기한 근거', 'Expiry from', (r) => r.expiryReason, 14),
  col('expiryPackageId', '기준 패키지 또는 LOT', 'Expiry from package or LOT', (r) => r.expiryPackageId, 18),
];
const STOCK_COLUMNS = [
  col('stockQty', '재고 수량', 'In stock', (r) => r.stockQty, 10),
  col('disposedQty', '폐기 수량', 'Discarded', (r) => r.disposedQty, 10),
  col('shelves', '보관 위치', 'Shelves', (r) => r.shelves?.map((s) => `${s.path} (${s.qty})`).join(', ') ?? null, 40),
];

// SPEC §7 "Lot" (README.md): the lot report's reads, all under the lotReport menu's view right.
export const lotRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, lotEndpoints, {
    lots: async (req) => listLots(db, req.query, req.query),
    lotsExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'lots',
        sheet: { kr: 'LOT', en: 'Lots' },
        columns: req.query.includeStock ? [...LOT_COLUMNS, ...STOCK_COLUMNS] : LOT_COLUMNS,
        records: (await listLots(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    byLotId: async (req) => ({ data: await lotByLotId(db, req.query.lotId) }),
    dailyPlans: async (req) => ({ data: await lotDailyPlans(db, req.params.id) }),
    materials: async (req) => ({ data: await lotMaterials(db, req.params.id) }),
    prodPlanTree: async (req) => ({ data: await prodPlanTree(db, req.params) }),
    dailyPlanTree: async (req) => ({ data: await dailyPlanTree(db, req.params) }),
    shipmentLots: async (req) => ({ data: await shipmentLots(db, req.query) }),
  });
};
