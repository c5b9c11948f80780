import { parameterEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
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
const ok = { data: { ok: true as const } };

export const parameterRoutes: ModuleRoutes = (app, ctx) => {
  const { db } = ctx;
  bindEndpoints(app, parameterEndpoints, {
    list: async (req) => ({ data: await listParameters(db, req.query.toolIds) }),
    ofTool: async (req) => ({ data: await parametersOfTool(db, req.params.toolId) }),
    toolTree: async () => ({ data: await parameterToolTree(db) }),
    create: async (req) => ({ data: await createParameter(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateParameter(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteParameters(ctx, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteParameters(ctx, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
