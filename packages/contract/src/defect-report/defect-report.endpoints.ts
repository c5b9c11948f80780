import { endpoint, endpoints } from '../endpoint.ts';
import { defectReportParams, defectReportQuery, defectReportResponse } from './defect-report.schemas.ts';

// SPEC §7 "Reports and KPI → Defect: GET /defect-report/{a}/{b}/{c}" (screen /report/defect, menu defectReport;
// read-only). The spec gives only the shape: ours is {groupBy}/{startDt}/{endDt}, the filters in the query. Its PDF
// and workbook are the generic report files `defect-report/period` (report.endpoints.ts).
const view = { menu: 'defectReport', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const defectReportEndpoints = endpoints('defectReport', {
  get: endpoint('GET', '/defect-report/{groupBy}/{startDt}/{endDt}', defectReportResponse, view, 'Bad quantities of the production results of startDt … endDt (at most 366 days) grouped by product, operation or defect type, largest first, with share and cumulative share (Pareto); filters productId, operationId, defectCode; 404 for a filter naming nothing', { params: defectReportParams, query: defectReportQuery }),
});
