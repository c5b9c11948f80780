import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import {
  operationCreateBody,
  operationExportQuery,
  operationListResponse,
  operationResponse,
  operationUpdateBody,
} from './operation.schemas.ts';

// SPEC §7 "Operation". The list is a pick-list for routes, operation plans and production screens; writes need the
// operation menu.
const write = (action: 'create' | 'modify' | 'delete') => ({ menu: 'operation', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const operationEndpoints = endpoints('operation', {
  ...excelEndpoints('/operation', 'operation', operationExportQuery),
  list: endpoint('GET', '/operation/operations', operationListResponse, 'authenticated', 'Every operation in code order'),
  create: endpoint('POST', '/operation', operationResponse, write('create'), 'Create an operation', { body: operationCreateBody }),
  update: endpoint('PUT', '/operation', operationResponse, write('modify'), 'Modify an operation', { body: operationUpdateBody }),
  remove: endpoint('DELETE', '/operation/{id}', okSchema, write('delete'), 'Delete an operation', { params: idParam }),
  removeBulk: endpoint('DELETE', '/operation/operations/{ids}', okSchema, write('delete'), 'Delete operations, all or none', { params: idsParam }),
});
