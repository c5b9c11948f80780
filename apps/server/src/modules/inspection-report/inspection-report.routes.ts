import { inspectionReportEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createInspectionReport,
  deleteInspectionReports,
  getInspectionReport,
  listInspectionReports,
  updateInspectionReport,
} from './inspection-report.service.ts';
import { pickResults } from './report-documents.ts';

// SPEC §7 "Inspection report". Its PDF and Excel: the generic report files (inspection-report.files.ts).
export const inspectionReportRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, inspectionReportEndpoints, {
    list: async (req) => listInspectionReports(db, req.query, req.query),
    results: async (req) => ({ data: await pickResults(db, req.query, config.timeZone) }),
    get: async (req) => ({ data: await getInspectionReport(db, req.params.id) }),
    create: async (req) => ({ data: await createInspectionReport(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateInspectionReport(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteInspectionReports(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  });
};
