import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
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

export const operationEndpoints = endpoints('operation', {
  ...excelEndpoints('/operation', 'operation', operationExportQuery),
  list: {
    method: 'GET',
    path: '/operation/operations',
    response: operationListResponse,
    permission: 'authenticated',
    summary: 'Every operation in code order',
  },
  create: {
    method: 'POST',
    path: '/operation',
    body: operationCreateBody,
    response: operationResponse,
    permission: write('create'),
    summary: 'Create an operation',
  },
  update: {
    method: 'PUT',
    path: '/operation',
    body: operationUpdateBody,
    response: operationResponse,
    permission: write('modify'),
    summary: 'Modify an operation',
  },
  remove: {
    method: 'DELETE',
    path: '/operation/{id}',
    params: idParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete an operation',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/operation/operations/{ids}',
    params: idsParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete operations, all or none',
  },
});
