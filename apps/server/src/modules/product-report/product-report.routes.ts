import { productReportEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { productReport } from './product-report.service.ts';

// SPEC §7 "Reports and KPI → Product" (README.md): the product report, on the productReport menu's view right.
export const productReportRoutes: ModuleRoutes = (app, { db }) => {
  bindEndpoints(app, productReportEndpoints, {
    report: async (req) => ({ data: await productReport(db, req.query) }),
  });
};
