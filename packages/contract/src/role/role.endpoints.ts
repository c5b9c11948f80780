import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
import { roleCreateBody, roleListResponse, roleResponse, roleUpdateBody } from './role.schemas.ts';

// SPEC §7 Role: every call needs the role menu.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'role', action }) as const;

export const roleEndpoints = endpoints('role', {
  list: {
    method: 'GET',
    path: '/role/roles',
    response: roleListResponse,
    permission: can('view'),
    summary: 'Every role',
  },
  get: {
    method: 'GET',
    path: '/role/{id}',
    params: idParam,
    response: roleResponse,
    permission: can('view'),
    summary: 'One role',
  },
  create: {
    method: 'POST',
    path: '/role',
    body: roleCreateBody,
    response: roleResponse,
    permission: can('create'),
    summary: 'Create a role (roleItem is the JSON text of the menu tree)',
  },
  update: {
    method: 'PUT',
    path: '/role',
    body: roleUpdateBody,
    response: roleResponse,
    permission: can('modify'),
    summary: 'Modify a role',
  },
  remove: {
    method: 'DELETE',
    path: '/role/{id}',
    params: idParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete a role (refused while users hold it)',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/role/roles/{ids}',
    params: idsParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete roles, all or none',
  },
});
