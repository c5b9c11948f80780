import { endpoint, endpoints, FILE } from '../endpoint.ts';
import { reportFileParams, reportFileQuery } from './report.schemas.ts';

// SPEC §7 "Reports and KPI → Files". The one exception to "a route declares its menu": these two serve every module's
// reports, so they are `authenticated` here and the handler answers 403 FORBIDDEN when the caller lacks the view
// right of the report's own menu (declared with the report, server platform/reports.ts). Unknown name or type → 404;
// params that break the report's schema → 400 naming `params.<field>`.

// biome-ignore format: a routing table, one endpoint per line
export const reportEndpoints = endpoints('report', {
  pdf: endpoint('GET', '/report/pdf/{name}/{type}', FILE, 'authenticated', "A report as PDF (A4, Korean font embedded). Needs the view right of the report's menu (403 otherwise); params = the report's parameters as JSON; 404 for an unknown name or type", { params: reportFileParams, query: reportFileQuery }),
  excel: endpoint('GET', '/report/excel/{name}/{type}', FILE, 'authenticated', "A report as an Excel workbook. Needs the view right of the report's menu (403 otherwise); params = the report's parameters as JSON; 404 for an unknown name or type", { params: reportFileParams, query: reportFileQuery }),
});
