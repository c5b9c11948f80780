import { roleEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import { createRole, deleteRoles, getRole, listRoles, updateRole } from './role.service.ts';

export const roleRoutes: ModuleRoutes = (app, ctx) => {
  const { db } = ctx;
  bindEndpoints(app, roleEndpoints, {
    list: async () => ({ data: await listRoles(db) }),
    get: async (req) => ({ data: await getRole(db, req.params.id) }),
    create: async (req) => ({ data: await createRole(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateRole(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteRoles(ctx, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
    removeBulk: async (req) => {
      await deleteRoles(ctx, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  });
};
