import {
  idParam,
  idsParam,
  okSchema,
  parameterCreateBody,
  parameterListQuery,
  parameterListResponse,
  parameterResponse,
  parameterToolTreeResponse,
  parameterUpdateBody,
  toolIdParam,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createParameter,
  deleteParameters,
  listParameters,
  parametersOfTool,
  parameterToolTree,
  updateParameter,
} from './parameter.service.ts';

// Parameter reads feed the trend and correlation screens and the machine-data intake: any signed-in user.
// Writes need the parameter menu (under data collection).
const tags = ['parameter'];
const read = { permission: 'authenticated' as const };
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'parameter', action } });
const ok = { data: { ok: true as const } };

export const parameterRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/api/parameter/parameters',
    { config: read, schema: { tags, querystring: parameterListQuery, response: { 200: parameterListResponse } } },
    async (req) => ({ data: await listParameters(db, req.query.toolIds) }),
  );
  app.get(
    '/api/parameter/parameters/:toolId',
    { config: read, schema: { tags, params: toolIdParam, response: { 200: parameterListResponse } } },
    async (req) => ({ data: await parametersOfTool(db, req.params.toolId) }),
  );
  app.get(
    '/api/parameter/tool-tree',
    { config: read, schema: { tags, response: { 200: parameterToolTreeResponse } } },
    async () => ({ data: await parameterToolTree(db) }),
  );
  app.post(
    '/api/parameter',
    { config: write('create'), schema: { tags, body: parameterCreateBody, response: { 200: parameterResponse } } },
    async (req) => ({ data: await createParameter(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/parameter',
    { config: write('modify'), schema: { tags, body: parameterUpdateBody, response: { 200: parameterResponse } } },
    async (req) => ({ data: await updateParameter(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/parameter/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteParameters(db, actorOf(req), [req.params.id]);
      return ok;
    },
  );
  app.delete(
    '/api/parameter/parameters/:ids',
    { config: write('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteParameters(db, actorOf(req), req.params.ids);
      return ok;
    },
  );
};
