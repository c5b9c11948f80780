import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { roleCreateBody, roleListResponse, roleResponse, roleUpdateBody } from './role.schemas.ts';

// SPEC §7 Role: every call needs the role menu.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'role', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const roleEndpoints = endpoints('role', {
  list: endpoint('GET', '/role/roles', roleListResponse, can('view'), 'Every role'),
  get: endpoint('GET', '/role/{id}', roleResponse, can('view'), 'One role', { params: idParam }),
  create: endpoint('POST', '/role', roleResponse, can('create'), 'Create a role (roleItem is the JSON text of the menu tree)', { body: roleCreateBody }),
  update: endpoint('PUT', '/role', roleResponse, can('modify'), 'Modify a role', { body: roleUpdateBody }),
  remove: endpoint('DELETE', '/role/{id}', okSchema, can('delete'), 'Delete a role (refused while users hold it)', { params: idParam }),
  removeBulk: endpoint('DELETE', '/role/roles/{ids}', okSchema, can('delete'), 'Delete roles, all or none', { params: idsParam }),
});
