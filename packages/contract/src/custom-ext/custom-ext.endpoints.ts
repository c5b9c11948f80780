import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
import {
  customExtTableCountsResponse,
  customExtTableParam,
  customExtTablesResponse,
  customFieldCreateBody,
  customFieldListResponse,
  customFieldResponse,
  customFieldSequenceBody,
  customFieldUpdateBody,
  customSubParam,
  dbColumnsResponse,
  dbTableParam,
} from './custom-ext.schemas.ts';

// SPEC §7 Custom extension. The fields of one table are a shared look-up (every form of that table renders them);
// the administration of fields needs the customExt menu.
const admin = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'customExt', action }) as const;

export const customExtEndpoints = endpoints('customExt', {
  byTable: {
    method: 'GET',
    path: '/custom-ext/custom-ext-by-table/{table}',
    params: customExtTableParam,
    response: customFieldListResponse,
    permission: 'authenticated',
    summary: "A table's custom fields in form order",
  },
  tables: {
    method: 'GET',
    path: '/custom-ext/db-tables/',
    response: customExtTablesResponse,
    permission: admin('view'),
    summary: 'The tables that take custom fields, with their labels in the request language',
  },
  columns: {
    method: 'GET',
    path: '/custom-ext/db-table/{t}/columns',
    params: dbTableParam,
    response: dbColumnsResponse,
    permission: admin('view'),
    summary: "A table's database columns in table order (names a custom field may not take)",
  },
  list: {
    method: 'GET',
    path: '/custom-ext/customs',
    response: customFieldListResponse,
    permission: admin('view'),
    summary: 'Every custom field',
  },
  tableCounts: {
    method: 'GET',
    path: '/custom-ext/customs/table',
    response: customExtTableCountsResponse,
    permission: admin('view'),
    summary: 'The tables that take custom fields, with how many each has',
  },
  create: {
    method: 'POST',
    path: '/custom-ext/custom',
    body: customFieldCreateBody,
    response: customFieldResponse,
    permission: admin('create'),
    summary: 'Create a custom field',
  },
  update: {
    method: 'PUT',
    path: '/custom-ext/custom',
    body: customFieldUpdateBody,
    response: customFieldResponse,
    permission: admin('modify'),
    summary: 'Modify a custom field (its table stays)',
  },
  reorder: {
    method: 'PUT',
    path: '/custom-ext/customs',
    body: customFieldSequenceBody,
    response: customFieldListResponse,
    permission: admin('modify'),
    summary: 'Set the sequences of custom fields',
  },
  remove: {
    method: 'DELETE',
    path: '/custom-ext/custom/{id}',
    params: idParam,
    response: okSchema,
    permission: admin('delete'),
    summary: 'Delete a custom field',
  },
  removeItem: {
    method: 'DELETE',
    path: '/custom-ext/sub/{a}/{b}',
    params: customSubParam,
    response: customFieldResponse,
    permission: admin('modify'),
    summary: 'Remove the fixed item whose value is b from list field a (a modify of the field)',
  },
});
