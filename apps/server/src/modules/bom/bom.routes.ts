import {
  bomCopyBody,
  bomLineListResponse,
  bomLineResponse,
  bomMaterialCreateBody,
  bomMaterialParams,
  bomProductCreateBody,
  bomRootListResponse,
  bomStockParams,
  bomStockResponse,
  bomTreeResponse,
  bomUpdateBody,
  bomUsageTreeResponse,
  idParam,
  okSchema,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  addMaterialLine,
  addProductLine,
  bomRoots,
  bomTreeOf,
  copyBom,
  deleteBomOf,
  deleteLine,
  directLines,
  materialLine,
  updateLine,
  usageTree,
  whereUsed,
} from './bom.service.ts';
import { bomStock } from './bom.stock.ts';

// SPEC §7 BOM. Reads belong to the BOM screen (view); other modules use the service functions, not these routes.
const tags = ['bom'];
const view = { permission: { menu: 'bom', action: 'view' as const } };
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'bom', action } });
const ok = { data: { ok: true as const } };

export const bomRoutes: ModuleRoutes = (app, { db }) => {
  app.get('/api/bom/tree', { config: view, schema: { tags, response: { 200: bomRootListResponse } } }, async () => ({
    data: await bomRoots(db),
  }));
  app.get(
    '/api/bom/tree/:id',
    { config: view, schema: { tags, params: idParam, response: { 200: bomTreeResponse } } },
    async (req) => ({ data: await bomTreeOf(db, req.params.id) }),
  );
  app.get(
    '/api/bom/tree/parent/:id',
    { config: view, schema: { tags, params: idParam, response: { 200: bomUsageTreeResponse } } },
    async (req) => ({ data: await usageTree(db, req.params.id) }),
  );
  app.get(
    '/api/bom/tree/stock/:productId/:qty',
    { config: view, schema: { tags, params: bomStockParams, response: { 200: bomStockResponse } } },
    async (req) => ({ data: await bomStock(db, req.params.productId, req.params.qty) }),
  );
  app.get(
    '/api/bom/parent/:id',
    { config: view, schema: { tags, params: idParam, response: { 200: bomLineListResponse } } },
    async (req) => ({ data: await directLines(db, req.params.id) }),
  );
  app.get(
    '/api/bom/product/:id',
    { config: view, schema: { tags, params: idParam, response: { 200: bomLineListResponse } } },
    async (req) => ({ data: await whereUsed(db, req.params.id) }),
  );
  app.get(
    '/api/bom/material/:parent/:id',
    { config: view, schema: { tags, params: bomMaterialParams, response: { 200: bomLineResponse } } },
    async (req) => ({ data: await materialLine(db, req.params.parent, req.params.id) }),
  );
  app.post(
    '/api/bom/product',
    { config: write('create'), schema: { tags, body: bomProductCreateBody, response: { 200: bomLineResponse } } },
    async (req) => ({ data: await addProductLine(db, actorOf(req), req.body) }),
  );
  app.post(
    '/api/bom/material',
    { config: write('create'), schema: { tags, body: bomMaterialCreateBody, response: { 200: bomLineResponse } } },
    async (req) => ({ data: await addMaterialLine(db, actorOf(req), req.body) }),
  );
  app.post(
    '/api/bom/copy',
    { config: write('create'), schema: { tags, body: bomCopyBody, response: { 200: bomLineListResponse } } },
    async (req) => ({ data: await copyBom(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/bom',
    { config: write('modify'), schema: { tags, body: bomUpdateBody, response: { 200: bomLineResponse } } },
    async (req) => ({ data: await updateLine(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/bom/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteLine(db, actorOf(req), req.params.id);
      return ok;
    },
  );
  app.delete(
    '/api/bom/parent/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteBomOf(db, actorOf(req), req.params.id);
      return ok;
    },
  );
};
