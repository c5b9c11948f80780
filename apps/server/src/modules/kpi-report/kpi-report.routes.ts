import { atelierKpiEndpoints, kpiReportEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import {
  atelierClaimCount,
  atelierDaily,
  atelierHourly,
  atelierInspectionMinutes,
  atelierInspectionRate,
  atelierOperationDefects,
  atelierProductDefects,
  kpiReport,
  kpiSeries,
} from './kpi-report.service.ts';

// SPEC §7 "Reports and KPI → KPI". Both pages' paths are always served; the web shows the atelier page when
// BUSINESS_TYPE is the workshop type. PDF and Excel: the generic report files (kpi-report.files.ts).
export const kpiReportRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, kpiReportEndpoints, {
    report: async (req) => ({ data: await kpiReport(db, req.query.date, req.query.workingTime) }),
    achieveRate: async (req) => ({
      data: kpiSeries(await kpiReport(db, req.params.date, 1), ['plannedQty', 'goodQty', 'achieveRate']),
    }),
    productionPerHour: async (req) => ({
      data: kpiSeries(await kpiReport(db, req.params.date, req.query.workingTime), [
        'goodQty',
        'workDays',
        'workedHours',
        'perHour',
      ]),
    }),
    productDefectRate: async (req) => ({
      data: kpiSeries(await kpiReport(db, req.params.date, 1), ['goodQty', 'badQty', 'defectRate']),
    }),
  });
  bindEndpoints(app, atelierKpiEndpoints, {
    daily: async (req) => ({ data: await atelierDaily(db, req.query) }),
    hourly: async (req) => ({ data: await atelierHourly(db, req.query, config.timeZone) }),
    defectRateOperation: async (req) => ({ data: await atelierOperationDefects(db, req.query) }),
    defectRateProduct: async (req) => ({ data: await atelierProductDefects(db, req.query) }),
    inspectionRate: async (req) => ({ data: await atelierInspectionRate(db, req.query) }),
    minutesPerProduct: async (req) => ({ data: await atelierInspectionMinutes(db, req.query, config.timeZone) }),
    claimCount: async (req) => ({ data: await atelierClaimCount(db, req.query) }),
  });
};
