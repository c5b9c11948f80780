import { testReportEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { contentDisposition } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import { pickResults } from '../inspection-report/report-documents.ts';
import { designImageOf } from '../product/product.service.ts';
import {
  createTestReport,
  deleteTestReports,
  getTestReport,
  listTestReports,
  productOfReport,
  updateTestReport,
} from './test-report.service.ts';

// SPEC §7 "Test report". Its PDF and Excel: the generic report files (test-report.files.ts).
export const testReportRoutes: ModuleRoutes = (app, { db, config }) => {
  const ok = { data: { ok: true as const } };
  bindEndpoints(app, testReportEndpoints, {
    list: async (req) => listTestReports(db, req.query, req.query),
    results: async (req) => ({ data: await pickResults(db, req.query, config.timeZone) }),
    get: async (req) => ({ data: await getTestReport(db, req.params.id) }),
    designImage: async (req, reply) => {
      const image = await designImageOf(db, await productOfReport(db, req.params.id));
      return reply
        .type(image.mimeType)
        .header('content-disposition', contentDisposition(image.name, true))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
    create: async (req) => ({ data: await createTestReport(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateTestReport(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteTestReports(db, actorOf(req), [req.params.id]);
      return ok;
    },
    removeMany: async (req) => {
      await deleteTestReports(db, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
