import { type Shipment, shipmentEndpoints, toLocale } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { todayIn } from '../../platform/dates.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { contentDisposition } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import { type ProductStockDeps, stocksByLotId, stocksOfProduct } from '../product-stock/product-stock.views.ts';
import { bomReqInfo } from './shipment.bom.ts';
import { renderShipmentNote } from './shipment.note.ts';
import { cancelShipments, createShipment, type ShipmentDeps } from './shipment.service.ts';
import {
  customerOf,
  getShipment,
  listShipments,
  pickPreview,
  shipmentsOfDay,
  shipmentsOfLot,
} from './shipment.views.ts';

const col = exportColumn<Shipment>;
const SHIPMENT_COLUMNS = [
  col('shipmentNo', '출하 번호', 'Shipment no.', (r) => r.shipmentNo, 16),
  col('shipmentDt', '출하일', 'Shipment date', (r) => r.shipmentDt, 12),
  col('bizPartnerCode', '거래처 코드', 'Customer code', (r) => r.bizPartnerCode),
  col('bizPartnerName', '거래처', 'Customer', (r) => r.bizPartnerName, 22),
  col('orderNo', '수주 번호', 'Order no.', (r) => r.orderNo, 16),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('totalQty', '수량', 'Quantity', (r) => r.totalQty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('lotCount', 'LOT 수', 'Lots', (r) => r.lotCount, 8),
  col('lotIds', 'LOT ID', 'LOT IDs', (r) => r.lotIds.join(', '), 32),
  col('unitPrice', '단가', 'Unit price', (r) => r.unitPrice, 10),
  col('amount', '금액', 'Amount', (r) => r.amount, 12),
  col('canceled', '취소', 'Canceled', (r) => (r.canceled ? 'Y' : 'N'), 8),
  col('canceledAt', '취소 일시', 'Canceled at', (r) => r.canceledAt, 22),
  col('canceledBy', '취소자', 'Canceled by', (r) => r.canceledBy, 12),
  col('cancelReason', '취소 사유', 'Cancel reason', (r) => r.cancelReason, 24),
  col('description', '비고', 'Note', (r) => r.description, 24),
  col('createdBy', '등록자', 'Created by', (r) => r.createdBy, 12),
  col('createdAt', '등록 일시', 'Created at', (r) => r.createdAt, 22),
];

// SPEC §7 "Shipment" (README.md). Writes are one transaction each (shipment.service.ts); reads in shipment.views.ts.
export const shipmentRoutes: ModuleRoutes = (app, { db, config, providers }) => {
  const deps: ShipmentDeps = { db, providers, timeZone: config.timeZone };
  const stockDeps: ProductStockDeps = { db, timeZone: config.timeZone, soonDays: config.expirySoonDays };
  bindEndpoints(app, shipmentEndpoints, {
    create: async (req) => ({ data: await createShipment(deps, actorOf(req), req.body) }),
    list: async (req) => listShipments(db, req.query, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'shipments',
        sheet: { kr: '출하', en: 'Shipments' },
        columns: SHIPMENT_COLUMNS,
        records: (await listShipments(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    today: async () => ({ data: await shipmentsOfDay(db, todayIn(config.timeZone)) }),
    pick: async (req) => ({ data: await pickPreview(db, req.query.productId, req.query.qty) }),
    bomReqInfo: async (req) => ({ data: await bomReqInfo(db, req.query) }),
    byLot: async (req) => ({ data: await shipmentsOfLot(db, req.params.lotId) }),
    lotStocks: async (req) => ({ data: await stocksByLotId(stockDeps, req.params.lotId) }),
    productStocks: async (req) => stocksOfProduct(stockDeps, req.params.id, req.query),
    get: async (req) => ({ data: await getShipment(db, req.params.id) }),
    note: async (req, reply) => {
      const shipment = await getShipment(db, req.params.id);
      const customer = await customerOf(db, shipment.bizPartnerId);
      const pdf = await renderShipmentNote({
        shipment,
        customer,
        locale: toLocale(req.headers['accept-language']),
        timeZone: config.timeZone,
        printedAt: new Date(),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`shipment-note-${shipment.shipmentNo}.pdf`, true))
        .send(pdf);
    },
    cancel: async (req) => ({
      data: (await cancelShipments(deps, actorOf(req), [req.body.id], req.body.reason))[0],
    }),
    cancels: async (req) => ({ data: await cancelShipments(deps, actorOf(req), req.body.ids, req.body.reason) }),
  });
};
