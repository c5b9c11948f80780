import {
  idParam,
  idsParam,
  okSchema,
  roleCreateBody,
  roleListResponse,
  roleResponse,
  roleUpdateBody,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import { createRole, deleteRoles, getRole, listRoles, updateRole } from './role.service.ts';

const tags = ['role'];
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ permission: { menu: 'role', action } });

export const roleRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/api/role/roles',
    { config: can('view'), schema: { tags, response: { 200: roleListResponse } } },
    async () => ({
      data: await listRoles(db),
    }),
  );
  app.get(
    '/api/role/:id',
    { config: can('view'), schema: { tags, params: idParam, response: { 200: roleResponse } } },
    async (req) => ({ data: await getRole(db, req.params.id) }),
  );
  app.post(
    '/api/role',
    { config: can('create'), schema: { tags, body: roleCreateBody, response: { 200: roleResponse } } },
    async (req) => ({ data: await createRole(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/role',
    { config: can('modify'), schema: { tags, body: roleUpdateBody, response: { 200: roleResponse } } },
    async (req) => ({ data: await updateRole(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/role/:id',
    { config: can('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteRoles(db, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/role/roles/:ids',
    { config: can('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteRoles(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  );
};
