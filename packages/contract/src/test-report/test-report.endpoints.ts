import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import { reportResultsQuery, reportResultsResponse } from '../inspection-report/inspection-report.schemas.ts';
import {
  testReportCreateBody,
  testReportListQuery,
  testReportListResponse,
  testReportResponse,
  testReportUpdateBody,
} from './test-report.schemas.ts';

// SPEC §7 "Test report", menu inspectReport (/report/inspect). The spec's paths exactly; ours, same style: one report
// with its items (`/testreport/report/{id}`) and the form's pick list of results (`/testreport/results`). The design
// image is the report's product's (products keep one; a report stores none of its own). PDF and Excel: the generic
// report files `test-report/single` and `test-report/list`.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'inspectReport', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const testReportEndpoints = endpoints('testReport', {
  list: endpoint('GET', '/testreport/report', testReportListResponse, can('view'), 'Test reports of startDt … endDt (test date, open ends allowed), newest first; a page with the total when page/size are given', { query: testReportListQuery }),
  results: endpoint('GET', '/testreport/results', reportResultsResponse, can('view'), "The form's pick list: a product's final and in-process quality results (of one lot's final inspections when lotId is given), newest first, at most 100", { query: reportResultsQuery }),
  get: endpoint('GET', '/testreport/report/{id}', testReportResponse, can('view'), 'One test report with its items', { params: idParam }),
  designImage: endpoint('GET', '/report/{id}/design-image', FILE, can('view'), "The design image of the test report's product (inline image); 404 when the product has none", { params: idParam }),
  create: endpoint('POST', '/testreport/report', testReportResponse, can('create'), "Record a test report: items typed, or copied from a product quality result (numbered TR-yyyyMMdd-NNN when no number is given)", { body: testReportCreateBody }),
  update: endpoint('PUT', '/testreport/report', testReportResponse, can('modify'), 'Change a test report (its items are replaced)', { body: testReportUpdateBody }),
  remove: endpoint('DELETE', '/report/{id}', okSchema, can('delete'), 'Delete a test report', { params: idParam }),
  removeMany: endpoint('DELETE', '/reports/{ids}', okSchema, can('delete'), 'Delete test reports, all or none', { params: idsParam }),
});
