import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
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

export const materialEndpoints = endpoints('material', {
  ...excelEndpoints('/material', 'materialInfo', materialExportQuery),
  list: {
    method: 'GET',
    path: '/material/materials',
    query: materialListQuery,
    response: materialPageResponse,
    permission: 'authenticated',
    summary: 'Materials, one page in code order, with the total',
  },
  byName: {
    method: 'GET',
    path: '/material/materials/by-name/{name}',
    params: materialNameParam,
    response: materialListResponse,
    permission: 'authenticated',
    summary: 'Pick-list: up to 50 materials whose code or name contains the text',
  },
  byBarcode: {
    method: 'GET',
    path: '/material/by-barcode/{barcode}',
    params: materialBarcodeParam,
    response: materialResponse,
    permission: 'authenticated',
    summary: 'The material with this barcode',
  },
  get: {
    method: 'GET',
    path: '/material/{id}',
    params: idParam,
    response: materialResponse,
    permission: 'authenticated',
    summary: 'One material',
  },
  create: {
    method: 'POST',
    path: '/material/material',
    body: materialCreateBody,
    response: materialResponse,
    permission: write('create'),
    summary: 'Create a material',
  },
  createBulk: {
    method: 'POST',
    path: '/material/materials',
    body: materialBulkBody,
    response: materialListResponse,
    permission: write('create'),
    summary: 'Create materials, all or none',
  },
  update: {
    method: 'PUT',
    path: '/material',
    body: materialUpdateBody,
    response: materialResponse,
    permission: write('modify'),
    summary: 'Modify a material',
  },
  remove: {
    method: 'DELETE',
    path: '/material/{id}',
    params: idParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete a material',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/material/materials/{ids}',
    params: idsParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete materials, all or none',
  },
});
