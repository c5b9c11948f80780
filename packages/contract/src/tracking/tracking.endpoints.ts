import { endpoint, endpoints, FILE } from '../endpoint.ts';
import { trackingExportQuery, trackingParams, trackingQuery, trackingResponse } from './tracking.schemas.ts';

// SPEC §7 "Tracking: GET /tracking/{a}/{b}" (the requirement tracking report, /report/tracking, menu trackingReport;
// read-only). The spec gives only the shape: {a} is the kind (product | material), {b} an id or `all`. The workbook
// path is ours.
const view = { menu: 'trackingReport', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const trackingEndpoints = endpoints('tracking', {
  get: endpoint('GET', '/tracking/{kind}/{id}', trackingResponse, view, "Requirement tracking of the order products due in startDt … endDt (at most 366 days): per product (kind product) ordered, planned, produced, shipped, stock and shortfall, or per material (kind material) the BOM explosion of what is still to make against what is at the line and in stock; id = a product or material id, or all; rows=N leaves the rows out (sums and counts only)", { params: trackingParams, query: trackingQuery }),
  getExport: endpoint('GET', '/tracking/{kind}/{id}/excel', FILE, view, 'The requirement tracking as a workbook: one line per order product (or requirement) under its item, and a total line per item', { params: trackingParams, query: trackingExportQuery }),
});
