import { aiChatEndpoints, widgetEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { todayIn } from '../../platform/dates.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import {
  allProductionPlanStatus,
  currentTraceData,
  defectImproveRate,
  goodBadStatus,
  lineWorkStatus,
  prodPlanStatusByTool,
  prodStatus,
  productionPlanStatus,
  productStockStatus,
  scaleStatus,
  toolOperRate,
  toolOperRateRaise,
  toolParameterTree,
  toolProduct,
} from './widget.service.ts';

// SPEC §7 "Widgets (GET)" on the dashboard menu's view right, and the AI assistant's production data (README.md).
// "Today" is the factory's day (config TZ), read per request.
export const widgetRoutes: ModuleRoutes = (app, { db, config }) => {
  const today = () => todayIn(config.timeZone);
  bindEndpoints(app, widgetEndpoints, {
    goodBadStatus: async (req) => ({ data: await goodBadStatus(db, req.query.locationId, today()) }),
    toolProduct: async (req) => ({ data: await toolProduct(db, req.query.locationId, req.query.period, today()) }),
    lineWorkStatus: async (req) => ({ data: await lineWorkStatus(db, req.query.locationId) }),
    scaleStatus: async (req) => ({
      data: await scaleStatus(db, req.query.groupParameterIds, req.query.weightParameterIds),
    }),
    toolParameterTree: async () => ({ data: await toolParameterTree(db) }),
    currentTraceData: async (req) => ({ data: await currentTraceData(db, req.query.parameterIds) }),
    todayProdStatus: async () => {
      const day = today();
      return { data: await prodStatus(db, day, day) };
    },
    productStockStatus: async (req) => ({ data: await productStockStatus(db, req.query.productIds) }),
    allProductionPlanStatus: async (req) => ({
      data: await allProductionPlanStatus(db, req.query.locationId, req.query.date),
    }),
    toolOperRateRaise: async (req) => ({
      data: await toolOperRateRaise(db, req.query.toolId, req.query.baseHour, req.query.period, today()),
    }),
    toolOperRate: async (req) => ({ data: await toolOperRate(db, req.query.toolId, req.query.baseHour, today()) }),
    prodPlanStatusByTool: async (req) => ({ data: await prodPlanStatusByTool(db, req.query.toolId, today()) }),
    defectImproveRate: async (req) => ({
      data: await defectImproveRate(db, req.query.locationId, req.query.period, today()),
    }),
    productionPlanStatus: async (req) => ({ data: await productionPlanStatus(db, req.query.locationId, today()) }),
  });
  bindEndpoints(app, aiChatEndpoints, {
    goodBadStatus: async (req) => ({ data: await goodBadStatus(db, req.query.locationId, req.query.date) }),
    prodStatus: async (req) => ({ data: await prodStatus(db, req.query.fromDate, req.query.toDate) }),
  });
};
