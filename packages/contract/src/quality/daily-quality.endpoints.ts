import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  dailyQualityCreateBody,
  dailyQualityFillQuery,
  dailyQualityFilterQuery,
  dailyQualityListQuery,
  dailyQualityResultListResponse,
  dailyQualityResultResponse,
  dailyQualitySourcesResponse,
  dailyQualityUpdateBody,
} from './daily-quality.schemas.ts';

// SPEC §7 "Daily quality result", menu dailyQualityResult (/quality/daily/result). The spec's two GETs by id:
// `info/{id}` = the record (counts and defects by type), `results/{id}` = the production results and inspections of its
// day, line and product (what it was filled from, next to what was entered). Ours (the spec gives none): the list by
// period (`/daily-quality-result`), its workbook (`/daily-quality-result/excel`) and the fill of a new record
// (`/daily-quality-result/fill`).
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'dailyQualityResult', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const dailyQualityResultEndpoints = endpoints('dailyQualityResult', {
  list: endpoint('GET', '/daily-quality-result', dailyQualityResultListResponse, can('view'), 'Daily quality results of startDt … endDt, newest day first; a page with the total when page/size are given', { query: dailyQualityListQuery }),
  listExport: endpoint('GET', '/daily-quality-result/excel', FILE, can('view'), 'The daily quality results of the filter as a workbook', { query: dailyQualityFilterQuery }),
  fill: endpoint('GET', '/daily-quality-result/fill', dailyQualitySourcesResponse, can('view'), "A day's production results and inspections of a line and product, with the counts they give (fill from results)", { query: dailyQualityFillQuery }),
  info: endpoint('GET', '/daily-quality-result/info/{id}', dailyQualityResultResponse, can('view'), 'One daily quality result with its defects by type', { params: idParam }),
  results: endpoint('GET', '/daily-quality-result/results/{id}', dailyQualitySourcesResponse, can('view'), 'The production results and inspections of the day, line and product of a daily quality result', { params: idParam }),
  create: endpoint('POST', '/daily-quality-result', dailyQualityResultResponse, can('create'), 'Record the quality of a day, line and product (one record each): inspected, passed, defects by type', { body: dailyQualityCreateBody }),
  update: endpoint('PUT', '/daily-quality-result', dailyQualityResultResponse, can('modify'), 'Change a daily quality result (the change history keeps every version)', { body: dailyQualityUpdateBody }),
  remove: endpoint('DELETE', '/daily-quality-result/{id}', okSchema, can('delete'), 'Delete a daily quality result', { params: idParam }),
  removeMany: endpoint('DELETE', '/daily-quality-result/daily-quality-results/{ids}', okSchema, can('delete'), 'Delete daily quality results, all or none', { params: idsParam }),
});
