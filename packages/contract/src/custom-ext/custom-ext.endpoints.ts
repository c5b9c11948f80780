import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
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

// biome-ignore format: a routing table, one endpoint per line
export const customExtEndpoints = endpoints('customExt', {
  byTable: endpoint('GET', '/custom-ext/custom-ext-by-table/{table}', customFieldListResponse, 'authenticated', "A table's custom fields in form order", { params: customExtTableParam }),
  tables: endpoint('GET', '/custom-ext/db-tables/', customExtTablesResponse, admin('view'), 'The tables that take custom fields, with their labels in the request language'),
  columns: endpoint('GET', '/custom-ext/db-table/{t}/columns', dbColumnsResponse, admin('view'), "A table's database columns in table order (names a custom field may not take)", { params: dbTableParam }),
  list: endpoint('GET', '/custom-ext/customs', customFieldListResponse, admin('view'), 'Every custom field'),
  tableCounts: endpoint('GET', '/custom-ext/customs/table', customExtTableCountsResponse, admin('view'), 'The tables that take custom fields, with how many each has'),
  create: endpoint('POST', '/custom-ext/custom', customFieldResponse, admin('create'), 'Create a custom field', { body: customFieldCreateBody }),
  update: endpoint('PUT', '/custom-ext/custom', customFieldResponse, admin('modify'), 'Modify a custom field (its table stays)', { body: customFieldUpdateBody }),
  reorder: endpoint('PUT', '/custom-ext/customs', customFieldListResponse, admin('modify'), 'Set the sequences of custom fields', { body: customFieldSequenceBody }),
  remove: endpoint('DELETE', '/custom-ext/custom/{id}', okSchema, admin('delete'), 'Delete a custom field', { params: idParam }),
  removeItem: endpoint('DELETE', '/custom-ext/sub/{a}/{b}', customFieldResponse, admin('modify'), 'Remove the fixed item whose value is b from list field a (a modify of the field)', { params: customSubParam }),
});
