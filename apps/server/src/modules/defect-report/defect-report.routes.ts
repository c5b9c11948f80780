import { defectReportEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { defectReport } from './defect-report.service.ts';

// SPEC §7 "Reports and KPI → Defect" (README.md): the defect report, on the defectReport menu's view right.
export const defectReportRoutes: ModuleRoutes = (app, { db }) => {
  bindEndpoints(app, defectReportEndpoints, {
    get: async (req) => ({ data: await defectReport(db, { ...req.params, ...req.query }) }),
  });
};
