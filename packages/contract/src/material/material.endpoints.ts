import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import {
  materialBarcodeParam,
  materialBulkBody,
  materialCreateBody,
  materialExportQuery,
  materialListQuery,
  materialListResponse,
  materialNameParam,
  materialPageResponse,
  materialResponse,
  materialUpdateBody,
} from './material.schemas.ts';

// SPEC §7 "Material". Reads are shared look-ups (BOM, stock, quality); writes need materialInfo.
const write = (action: 'create' | 'modify' | 'delete') => ({ menu: 'materialInfo', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const materialEndpoints = endpoints('material', {
  ...excelEndpoints('/material', 'materialInfo', materialExportQuery),
  list: endpoint('GET', '/material/materials', materialPageResponse, 'authenticated', 'Materials, one page in code order, with the total', { query: materialListQuery }),
  byName: endpoint('GET', '/material/materials/by-name/{name}', materialListResponse, 'authenticated', 'Pick-list: up to 50 materials whose code or name contains the text', { params: materialNameParam }),
  byBarcode: endpoint('GET', '/material/by-barcode/{barcode}', materialResponse, 'authenticated', 'The material with this barcode', { params: materialBarcodeParam }),
  get: endpoint('GET', '/material/{id}', materialResponse, 'authenticated', 'One material', { params: idParam }),
  create: endpoint('POST', '/material/material', materialResponse, write('create'), 'Create a material', { body: materialCreateBody }),
  createBulk: endpoint('POST', '/material/materials', materialListResponse, write('create'), 'Create materials, all or none', { body: materialBulkBody }),
  update: endpoint('PUT', '/material', materialResponse, write('modify'), 'Modify a material', { body: materialUpdateBody }),
  remove: endpoint('DELETE', '/material/{id}', okSchema, write('delete'), 'Delete a material', { params: idParam }),
  removeBulk: endpoint('DELETE', '/material/materials/{ids}', okSchema, write('delete'), 'Delete materials, all or none', { params: idsParam }),
});
