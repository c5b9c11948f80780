import { type OutSourcing, outSourcingEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { createOutSourcing, deleteOutSourcings, updateOutSourcing } from './out-sourcing.service.ts';
import { getOutSourcing, listOutSourcings, outSourcingsOf, plansToSend } from './out-sourcing.views.ts';

const col = exportColumn<OutSourcing>;
const COLUMNS = [
  col('sentDt', '발주일', 'Sent', (r) => r.sentDt, 12),
  col('bizPartnerName', '외주처', 'Outsourcer', (r) => r.bizPartnerName, 20),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('operationName', '공정', 'Operation', (r) => r.operationName, 16),
  col('sentQty', '발주 수량', 'Sent qty', (r) => r.sentQty, 10),
  col('receivedDt', '입고일', 'Received', (r) => r.receivedDt, 12),
  col('receivedGoodQty', '입고 양품', 'Good back', (r) => r.receivedGoodQty, 10),
  col('receivedBadQty', '입고 불량', 'Bad back', (r) => r.receivedBadQty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('unitCost', '단가', 'Unit cost', (r) => r.unitCost, 10),
  col('amount', '금액', 'Amount', (r) => r.amount, 12),
  col('status', '상태', 'Status', (r) => r.status, 10),
];

// SPEC §7 "Out-sourcing".
export const outSourcingRoutes: ModuleRoutes = (app, { db, config, providers }) => {
  const deps = { db, timeZone: config.timeZone, providers };
  bindEndpoints(app, outSourcingEndpoints, {
    list: async (req) => listOutSourcings(db, req.query, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'out-sourcings',
        sheet: { kr: '외주 생산', en: 'Outsourcing' },
        columns: COLUMNS,
        records: (await listOutSourcings(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    get: async (req) => ({ data: await getOutSourcing(db, req.params.id) }),
    byOperPlan: async (req) => ({ data: await outSourcingsOf(db, { operPlanId: req.params.id }) }),
    plans: async (req) => ({ data: await plansToSend(db, req.query) }),
    byPlan: async (req) => ({ data: await outSourcingsOf(db, { planId: req.params.id }) }),
    create: async (req) => ({ data: await createOutSourcing(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateOutSourcing(deps, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteOutSourcings(db, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
    removeBulk: async (req) => {
      await deleteOutSourcings(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  });
};
