import { type ProductionPlan, productionPlanEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { setDailyPlans } from './production-plan.daily.ts';
import { addOperPlan, createPlan, deletePlans, updateOperPlan, updatePlan } from './production-plan.service.ts';
import { lotSeqOf } from './production-plan.lot.ts';
import { getPlan, listOperPlans, listPlans, locationDailyPlans, operPlanDailyPlans } from './production-plan.views.ts';

const col = exportColumn<ProductionPlan>;
const PLAN_COLUMNS = [
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('qty', '수량', 'Quantity', (r) => r.qty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('startDt', '시작일', 'Start', (r) => r.startDt, 12),
  col('endDt', '종료일', 'End', (r) => r.endDt, 12),
  col('linePath', '라인', 'Line', (r) => r.linePath, 24),
  col('lotSeq', 'LOT 순번', 'Lot seq', (r) => r.lotSeq, 8),
  col('status', '상태', 'Status', (r) => r.status, 14),
  col('goodQty', '양품 수량', 'Good qty', (r) => r.goodQty, 10),
  col('achievementRate', '달성률(%)', 'Achievement (%)', (r) => r.achievementRate, 10),
  col('description', '비고', 'Note', (r) => r.description, 24),
  col('createdBy', '등록자', 'By', (r) => r.createdBy, 12),
];

// Every path of the productionPlan menu (SPEC §7 "Production plan").
export const productionPlanRoutes: ModuleRoutes = (app, { db, references, providers, config }) => {
  const deps = { db, references, providers };
  const ok = { data: { ok: true as const } };
  bindEndpoints(app, productionPlanEndpoints, {
    plans: async (req) => listPlans(db, req.query, req.query),
    plansExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'production-plans',
        sheet: { kr: '생산 계획', en: 'Production plans' },
        columns: PLAN_COLUMNS,
        records: (await listPlans(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    get: async (req) => ({ data: await getPlan(db, req.params.id) }),
    lotSeq: async (req) => ({ data: await lotSeqOf(db, req.params.id, config.timeZone) }),
    operPlans: async (req) => ({ data: await listOperPlans(db, req.params.id) }),
    operPlanDailyPlans: async (req) => ({ data: await operPlanDailyPlans(db, req.params.id) }),
    locationDailyPlans: async (req) => ({ data: await locationDailyPlans(db, req.params.id, req.query) }),
    create: async (req) => ({ data: await createPlan(deps, actorOf(req), req.body) }),
    addOperPlan: async (req) => ({ data: await addOperPlan(deps, actorOf(req), req.body) }),
    setDailyPlans: async (req) => ({ data: await setDailyPlans(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updatePlan(deps, actorOf(req), req.body, false) }),
    force: async (req) => ({ data: await updatePlan(deps, actorOf(req), req.body, true) }),
    updateOperPlan: async (req) => ({ data: await updateOperPlan(deps, actorOf(req), req.body) }),
    remove: async (req) => {
      await deletePlans(deps, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deletePlans(deps, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
