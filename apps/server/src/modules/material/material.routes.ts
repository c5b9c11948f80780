import {
  idParam,
  idsParam,
  materialBarcodeParam,
  materialBulkBody,
  materialCreateBody,
  materialListQuery,
  materialListResponse,
  materialNameParam,
  materialPageResponse,
  materialResponse,
  materialUpdateBody,
  okSchema,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { registerExcelRoutes } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { materialExcel } from './material.excel.ts';
import {
  createMaterial,
  createMaterials,
  deleteMaterials,
  getMaterial,
  listMaterials,
  materialByBarcode,
  materialsByName,
  updateMaterial,
} from './material.service.ts';

// Material reads are shared look-ups (BOM, stock, quality); writes need materialInfo. The static paths
// (/materials, /by-barcode, /excel) are separate routes from /:id, so the router never reads them as an id.
const tags = ['material'];
const read = { permission: 'authenticated' as const };
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'materialInfo', action } });

export const materialRoutes: ModuleRoutes = (app, { db, config }) => {
  registerExcelRoutes(app, {
    base: '/api/material',
    menu: 'materialInfo',
    entity: materialExcel,
    db,
    timeZone: config.timeZone,
  });
  app.get(
    '/api/material/materials',
    { config: read, schema: { tags, querystring: materialListQuery, response: { 200: materialPageResponse } } },
    async (req) => listMaterials(db, req.query),
  );
  app.get(
    '/api/material/materials/by-name/:name',
    { config: read, schema: { tags, params: materialNameParam, response: { 200: materialListResponse } } },
    async (req) => ({ data: await materialsByName(db, req.params.name) }),
  );
  app.get(
    '/api/material/by-barcode/:barcode',
    { config: read, schema: { tags, params: materialBarcodeParam, response: { 200: materialResponse } } },
    async (req) => ({ data: await materialByBarcode(db, req.params.barcode) }),
  );
  app.get(
    '/api/material/:id',
    { config: read, schema: { tags, params: idParam, response: { 200: materialResponse } } },
    async (req) => ({ data: await getMaterial(db, req.params.id) }),
  );
  app.post(
    '/api/material/material',
    { config: write('create'), schema: { tags, body: materialCreateBody, response: { 200: materialResponse } } },
    async (req) => ({ data: await createMaterial(db, actorOf(req), req.body) }),
  );
  app.post(
    '/api/material/materials',
    { config: write('create'), schema: { tags, body: materialBulkBody, response: { 200: materialListResponse } } },
    async (req) => ({ data: await createMaterials(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/material',
    { config: write('modify'), schema: { tags, body: materialUpdateBody, response: { 200: materialResponse } } },
    async (req) => ({ data: await updateMaterial(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/material/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteMaterials(db, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/material/materials/:ids',
    { config: write('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteMaterials(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  );
};
