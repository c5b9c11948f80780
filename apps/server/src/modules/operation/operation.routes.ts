import {
  idParam,
  idsParam,
  okSchema,
  operationCreateBody,
  operationListResponse,
  operationResponse,
  operationUpdateBody,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { registerExcelRoutes } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { operationExcel } from './operation.excel.ts';
import { createOperation, deleteOperations, listOperations, updateOperation } from './operation.service.ts';

// The list is a pick-list for routes, operation plans and production screens; writes need the operation menu.
const tags = ['operation'];
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'operation', action } });

export const operationRoutes: ModuleRoutes = (app, { db, config }) => {
  registerExcelRoutes(app, {
    base: '/api/operation',
    menu: 'operation',
    entity: operationExcel,
    db,
    timeZone: config.timeZone,
  });
  app.get(
    '/api/operation/operations',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: operationListResponse } } },
    async () => ({ data: await listOperations(db) }),
  );
  app.post(
    '/api/operation',
    { config: write('create'), schema: { tags, body: operationCreateBody, response: { 200: operationResponse } } },
    async (req) => ({ data: await createOperation(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/operation',
    { config: write('modify'), schema: { tags, body: operationUpdateBody, response: { 200: operationResponse } } },
    async (req) => ({ data: await updateOperation(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/operation/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteOperations(db, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/operation/operations/:ids',
    { config: write('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteOperations(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  );
};
