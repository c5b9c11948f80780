import {
  idParam,
  idsParam,
  okSchema,
  toolCreateBody,
  toolInspectHistoryCreateBody,
  toolInspectHistoryListResponse,
  toolInspectHistoryResponse,
  toolInspectHistoryUpdateBody,
  toolListResponse,
  toolManagerListResponse,
  toolResponse,
  toolTreeResponse,
  toolUpdateBody,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { registerExcelRoutes } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { toolExcel } from './tool.excel.ts';
import {
  createInspectHistory,
  createTool,
  deleteInspectHistories,
  deleteTools,
  getTool,
  listInspectHistories,
  listManagers,
  listTools,
  toolTree,
  toolsAtLocation,
  updateInspectHistory,
  updateTool,
} from './tool.service.ts';

// Tool reads are pick-lists for other screens (operation plans, parameters, stock): any signed-in user. The
// inspection history is the tools screen's own data: its view right. Every write needs the tools menu.
const tags = ['tool'];
const read = { permission: 'authenticated' as const };
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ permission: { menu: 'tools', action } });
const ok = { data: { ok: true as const } };

export const toolRoutes: ModuleRoutes = (app, { db, config }) => {
  registerExcelRoutes(app, { base: '/api/tool', menu: 'tools', entity: toolExcel, db, timeZone: config.timeZone });
  app.get(
    '/api/tool/tools/with-location-user',
    { config: read, schema: { tags, response: { 200: toolListResponse } } },
    async () => ({ data: await listTools(db) }),
  );
  app.get('/api/tool/tree', { config: read, schema: { tags, response: { 200: toolTreeResponse } } }, async () => ({
    data: await toolTree(db),
  }));
  // Not in SPEC §7: the form's manager pick-list, for users without the user menu (README).
  app.get(
    '/api/tool/managers',
    { config: read, schema: { tags, response: { 200: toolManagerListResponse } } },
    async () => ({ data: await listManagers(db) }),
  );
  app.get(
    '/api/tool/location/:id/tools',
    { config: read, schema: { tags, params: idParam, response: { 200: toolListResponse } } },
    async (req) => ({ data: await toolsAtLocation(db, req.params.id) }),
  );
  app.get(
    '/api/tool/tools-inspect-history/:id',
    { config: can('view'), schema: { tags, params: idParam, response: { 200: toolInspectHistoryListResponse } } },
    async (req) => ({ data: await listInspectHistories(db, req.params.id) }),
  );
  app.get(
    '/api/tool/:id',
    { config: read, schema: { tags, params: idParam, response: { 200: toolResponse } } },
    async (req) => ({ data: await getTool(db, req.params.id) }),
  );
  app.post(
    '/api/tool',
    { config: can('create'), schema: { tags, body: toolCreateBody, response: { 200: toolResponse } } },
    async (req) => ({ data: await createTool(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/tool',
    { config: can('modify'), schema: { tags, body: toolUpdateBody, response: { 200: toolResponse } } },
    async (req) => ({ data: await updateTool(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/tool/:id',
    { config: can('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteTools(db, actorOf(req), [req.params.id]);
      return ok;
    },
  );
  app.delete(
    '/api/tool/tools/:ids',
    { config: can('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteTools(db, actorOf(req), req.params.ids);
      return ok;
    },
  );
  // Inspection history writes: an inspection is part of looking after a tool, so the tools menu's rights apply.
  app.post(
    '/api/tool/tool-inspect-history',
    {
      config: can('create'),
      schema: { tags, body: toolInspectHistoryCreateBody, response: { 200: toolInspectHistoryResponse } },
    },
    async (req) => ({ data: await createInspectHistory(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/tool/tool-inspect-history',
    {
      config: can('modify'),
      schema: { tags, body: toolInspectHistoryUpdateBody, response: { 200: toolInspectHistoryResponse } },
    },
    async (req) => ({ data: await updateInspectHistory(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/tool/tool-inspect-history/:id',
    { config: can('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteInspectHistories(db, actorOf(req), [req.params.id]);
      return ok;
    },
  );
  // Spelled so in the spec (SPEC §7).
  app.delete(
    '/api/tool/tool-inspect-historys/:ids',
    { config: can('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteInspectHistories(db, actorOf(req), req.params.ids);
      return ok;
    },
  );
};
