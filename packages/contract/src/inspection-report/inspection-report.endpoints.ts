import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  inspectionReportCreateBody,
  inspectionReportListQuery,
  inspectionReportListResponse,
  inspectionReportResponse,
  inspectionReportUpdateBody,
  reportResultsQuery,
  reportResultsResponse,
} from './inspection-report.schemas.ts';

// SPEC §7 "Inspection report", menu inspectionReport (/quality/report/inspection-report). The spec's paths exactly;
// ours, same style: the form's pick list of results (`/inspection-report/results`), so a report clerk needs no right on
// the results screen. PDF and Excel: the generic report files `inspection-report/single` and `inspection-report/list`.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'inspectionReport', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const inspectionReportEndpoints = endpoints('inspectionReport', {
  list: endpoint('GET', '/inspection-report/inspection-reports', inspectionReportListResponse, can('view'), 'Inspection reports issued in startDt … endDt (open ends allowed), newest first; a page with the total when page/size are given', { query: inspectionReportListQuery }),
  results: endpoint('GET', '/inspection-report/results', reportResultsResponse, can('view'), "The form's pick list: a product's final and in-process quality results (of one lot's final inspections when lotId is given), newest first, at most 100", { query: reportResultsQuery }),
  get: endpoint('GET', '/inspection-report/{id}', inspectionReportResponse, can('view'), 'One inspection report with its results, items and samples', { params: idParam }),
  create: endpoint('POST', '/inspection-report', inspectionReportResponse, can('create'), 'Issue an inspection report built from product quality results (numbered IR-yyyyMMdd-NNN when no number is given)', { body: inspectionReportCreateBody }),
  update: endpoint('PUT', '/inspection-report', inspectionReportResponse, can('modify'), 'Change an inspection report', { body: inspectionReportUpdateBody }),
  remove: endpoint('DELETE', '/inspection-report/{ids}', okSchema, can('delete'), 'Delete inspection reports (comma-separated ids), all or none', { params: idsParam }),
});
