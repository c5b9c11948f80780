import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE, MULTIPART } from '../endpoint.ts';
import {
  measurementFilterQuery,
  measurementListQuery,
  measurementPreviewResponse,
  measurementResultPageResponse,
  measurementResultResponse,
  measurementTemplateQuery,
} from './measurement-result.schemas.ts';

// SPEC §7 "Measurement result" (/quality/product/measurementResult, menu measurementResult). The spec's four paths are
// kept exactly (list, delete one, delete a list, file download); one result, the preview, the upload and the template
// are ours, in the same style. Previewing is part of uploading, so it needs create.
const can = (action: 'view' | 'create' | 'delete') => ({ menu: 'measurementResult', action }) as const;
const UPLOAD =
  'multipart: `file` (CSV in UTF-8 or CP949, or xlsx; ≤ 5 MB; columns 항목|Item, 시료|Sample, 측정값|Value, optional 측정일시|Measured at), `productId`, optional `lotId`';

// biome-ignore format: a routing table, one endpoint per line
export const measurementResultEndpoints = endpoints('measurementResult', {
  list: endpoint('GET', '/product-measurement-result/list', measurementResultPageResponse, can('view'), 'Measurement results measured in startDt … endDt (default the last 30 days), newest first; a page with the total', { query: measurementListQuery }),
  listExport: endpoint('GET', '/product-measurement-result/list/excel', FILE, can('view'), 'The measurement results of the filter as a workbook (at most 10,000 rows)', { query: measurementFilterQuery }),
  template: endpoint('GET', '/product-measurement-result/template', FILE, can('view'), 'The measurement file template (xlsx or CSV in UTF-8 with BOM), headers in the caller\'s language; with productId one row per item and sample', { query: measurementTemplateQuery }),
  file: endpoint('GET', '/product-measurement-result/file/{id}', FILE, can('view'), 'The original measurement file of a result (the bytes uploaded), as an attachment', { params: idParam }),
  get: endpoint('GET', '/product-measurement-result/{id}', measurementResultResponse, can('view'), 'One measurement result with its values', { params: idParam }),
  preview: endpoint('POST', '/product-measurement-result/preview', measurementPreviewResponse, can('create'), `Parse a measurement file against the product's standard without saving: every row with its errors and judgement (${UPLOAD})`, { body: MULTIPART }),
  create: endpoint('POST', '/product-measurement-result', measurementResultResponse, can('create'), `Save a measurement file, all or none: a file with any row error is a 400 measurementRowsInvalid naming the rows in extraData.rows (${UPLOAD})`, { body: MULTIPART }),
  remove: endpoint('DELETE', '/product-measurement-result/{id}', okSchema, can('delete'), 'Delete a measurement result with its values and file', { params: idParam }),
  removeList: endpoint('DELETE', '/product-measurement-result/list/{ids}', okSchema, can('delete'), 'Delete measurement results (comma-separated ids), all or none; 404 when one is missing', { params: idsParam }),
});
