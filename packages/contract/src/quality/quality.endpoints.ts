import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import { materialQualityExportQuery, productQualityExportQuery } from './quality-excel.schemas.ts';
import {
  lotDispositionBody,
  materialDispositionBody,
  materialIdParam,
  materialInspectionFormQuery,
  materialQualityCreateBody,
  materialQualityResultBody,
  materialQualityResultQuery,
  materialQualityUpdateBody,
  productIdParam,
  productInspectionFormQuery,
  productQualityCreateBody,
  productQualityQuery,
  productQualityResultBody,
  productQualityResultQuery,
  productQualityUpdateBody,
  qualityHoldPageResponse,
  qualityHoldQuery,
  qualityHoldResponse,
  qualityInspectionFormResponse,
  qualityResultPageResponse,
  qualityResultResponse,
  qualityResultTimeBody,
  qualityStandardListResponse,
} from './quality.schemas.ts';

// SPEC §7 "Quality": material and product quality standards and results, at the spec's paths. Ours (the spec gives
// none): the inspection form of a subject (`…-result/items`: the package, lot or production result and the items to
// inspect, for the scan-and-inspect flow) and the holds with their dispositions (`…-result/holds`, `…/hold/{id}`,
// `…/hold/{id}/disposition`). Results are records: no PUT or DELETE (a correction is a new inspection; a failed one is
// released by a disposition). The spec's `POST /…-quality-result/{id}` amends only the inspection time, which judges
// nothing: a result saved in a hurry at the line gets its minutes afterwards (the change history keeps each edit).
const matInfo = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'materialQualityInfo', action }) as const;
const prodInfo = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'productQualityInfo', action }) as const;
const matResult = (action: 'view' | 'create' | 'modify') => ({ menu: 'materialQualityResult', action }) as const;
const prodResult = (action: 'view' | 'create' | 'modify') => ({ menu: 'productQualityResult', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const materialQualityEndpoints = endpoints('materialQuality', {
  list: endpoint('GET', '/material-quality/{materialId}', qualityStandardListResponse, matInfo('view'), "A material's incoming inspection items, in sort order", { params: materialIdParam }),
  create: endpoint('POST', '/material-quality', qualityStandardListResponse, matInfo('create'), 'Add inspection items to materials: one item or a list, all or none', { body: materialQualityCreateBody }),
  update: endpoint('PUT', '/material-quality', qualityStandardListResponse, matInfo('modify'), 'Change inspection items: one or a list, all or none (results keep the item as inspected)', { body: materialQualityUpdateBody }),
  remove: endpoint('DELETE', '/material-quality/{id}', okSchema, matInfo('delete'), 'Delete an inspection item (refused while a result used it)', { params: idParam }),
  removeMany: endpoint('DELETE', '/material-quality/material-qualitys/{ids}', okSchema, matInfo('delete'), 'Delete inspection items, all or none', { params: idsParam }),
  ...excelEndpoints('/material-quality', 'materialQualityInfo', materialQualityExportQuery),
});

// biome-ignore format: a routing table, one endpoint per line
export const productQualityEndpoints = endpoints('productQuality', {
  list: endpoint('GET', '/product-quality/{productId}', qualityStandardListResponse, prodInfo('view'), "A product's in-process and final inspection items, in stage, operation and sort order", { params: productIdParam, query: productQualityQuery }),
  create: endpoint('POST', '/product-quality', qualityStandardListResponse, prodInfo('create'), 'Add inspection items to products: one item or a list, all or none', { body: productQualityCreateBody }),
  update: endpoint('PUT', '/product-quality', qualityStandardListResponse, prodInfo('modify'), 'Change inspection items: one or a list, all or none (results keep the item as inspected)', { body: productQualityUpdateBody }),
  remove: endpoint('DELETE', '/product-quality/{id}', okSchema, prodInfo('delete'), 'Delete an inspection item (refused while a result used it)', { params: idParam }),
  removeMany: endpoint('DELETE', '/product-quality/product-qualitys/{ids}', okSchema, prodInfo('delete'), 'Delete inspection items, all or none', { params: idsParam }),
  ...excelEndpoints('/product-quality', 'productQualityInfo', productQualityExportQuery),
});

// biome-ignore format: a routing table, one endpoint per line
export const materialQualityResultEndpoints = endpoints('materialQualityResult', {
  list: endpoint('GET', '/material-quality-result', qualityResultPageResponse, matResult('view'), 'Incoming inspections, newest first, one page (period, material, package, judgement)', { query: materialQualityResultQuery }),
  form: endpoint('GET', '/material-quality-result/items', qualityInspectionFormResponse, matResult('view'), 'A package (by id or scanned package ID) with its hold and the incoming items to inspect', { query: materialInspectionFormQuery }),
  holds: endpoint('GET', '/material-quality-result/holds', qualityHoldPageResponse, matResult('view'), 'Quality holds of material packages (active by default), newest first, one page', { query: qualityHoldQuery }),
  hold: endpoint('GET', '/material-quality-result/hold/{id}', qualityHoldResponse, matResult('view'), 'One hold of a package with its dispositions', { params: idParam }),
  dispose: endpoint('POST', '/material-quality-result/hold/{id}/disposition', qualityHoldResponse, matResult('modify'), 'Disposition of a held package: ACCEPT (concession), RETURN to the supplier or SCRAP (the package leaves stock through the material ledger)', { params: idParam, body: materialDispositionBody }),
  get: endpoint('GET', '/material-quality-result/{id}', qualityResultResponse, matResult('view'), 'One incoming inspection with its items, samples and hold', { params: idParam }),
  create: endpoint('POST', '/material-quality-result', qualityResultResponse, matResult('create'), 'Inspect a package against its material standard; the server judges; a FAIL holds the package', { body: materialQualityResultBody }),
  updateTime: endpoint('POST', '/material-quality-result/{id}', qualityResultResponse, matResult('modify'), "Set or clear an incoming inspection's time (minutes); its values and judgement stay as recorded", { params: idParam, body: qualityResultTimeBody }),
});

// biome-ignore format: a routing table, one endpoint per line
export const productQualityResultEndpoints = endpoints('productQualityResult', {
  list: endpoint('GET', '/product-quality-result', qualityResultPageResponse, prodResult('view'), 'Final and in-process inspections, newest first, one page (period, product, lot, stage, judgement)', { query: productQualityResultQuery }),
  form: endpoint('GET', '/product-quality-result/items', qualityInspectionFormResponse, prodResult('view'), 'A lot (final) or production result (in-process at its operation) with its hold and the items to inspect', { query: productInspectionFormQuery }),
  holds: endpoint('GET', '/product-quality-result/holds', qualityHoldPageResponse, prodResult('view'), 'Quality holds of lots (active by default), newest first, one page', { query: qualityHoldQuery }),
  hold: endpoint('GET', '/product-quality-result/hold/{id}', qualityHoldResponse, prodResult('view'), 'One hold of a lot with its dispositions', { params: idParam }),
  dispose: endpoint('POST', '/product-quality-result/hold/{id}/disposition', qualityHoldResponse, prodResult('modify'), 'Disposition of a held lot: ACCEPT (concession), REWORK (stays held until a passing re-inspection) or SCRAP (its stock is discarded through the product stock ledger)', { params: idParam, body: lotDispositionBody }),
  get: endpoint('GET', '/product-quality-result/{id}', qualityResultResponse, prodResult('view'), 'One product inspection with its items, samples and hold', { params: idParam }),
  create: endpoint('POST', '/product-quality-result', qualityResultResponse, prodResult('create'), 'Inspect a lot (final) or a production result (in-process) against the product standard; the server judges; a FAIL of a lot holds it', { body: productQualityResultBody }),
  updateTime: endpoint('POST', '/product-quality-result/{id}', qualityResultResponse, prodResult('modify'), "Set or clear a product inspection's time (minutes); its values and judgement stay as recorded", { params: idParam, body: qualityResultTimeBody }),
});
