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
  idParam,
  okSchema,
  toLocale,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createCustomField,
  customExtTableCounts,
  customExtTables,
  customFieldsOf,
  dbColumns,
  deleteCustomField,
  listCustomFields,
  removeFixedItem,
  reorderCustomFields,
  updateCustomField,
} from './custom-ext.service.ts';

// SPEC §7 Custom extension. The fields of one table are a shared look-up (every form of that table renders them);
// the administration of fields needs the customExt menu.
const tags = ['custom-ext'];
const base = '/api/custom-ext';
const read = { permission: 'authenticated' as const };
const admin = (action: 'view' | 'create' | 'modify' | 'delete') => ({ permission: { menu: 'customExt', action } });

export const customExtRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    `${base}/custom-ext-by-table/:table`,
    { config: read, schema: { tags, params: customExtTableParam, response: { 200: customFieldListResponse } } },
    async (req) => ({ data: await customFieldsOf(db, req.params.table) }),
  );
  app.get(
    `${base}/db-tables/`,
    { config: admin('view'), schema: { tags, response: { 200: customExtTablesResponse } } },
    async (req) => ({ data: customExtTables(toLocale(req.headers['accept-language'])) }),
  );
  app.get(
    `${base}/db-table/:t/columns`,
    { config: admin('view'), schema: { tags, params: dbTableParam, response: { 200: dbColumnsResponse } } },
    async (req) => ({ data: await dbColumns(db, req.params.t) }),
  );
  app.get(
    `${base}/customs`,
    { config: admin('view'), schema: { tags, response: { 200: customFieldListResponse } } },
    async () => ({ data: await listCustomFields(db) }),
  );
  app.get(
    `${base}/customs/table`,
    { config: admin('view'), schema: { tags, response: { 200: customExtTableCountsResponse } } },
    async (req) => ({ data: await customExtTableCounts(db, toLocale(req.headers['accept-language'])) }),
  );
  app.post(
    `${base}/custom`,
    { config: admin('create'), schema: { tags, body: customFieldCreateBody, response: { 200: customFieldResponse } } },
    async (req) => ({ data: await createCustomField(db, actorOf(req), req.body) }),
  );
  app.put(
    `${base}/custom`,
    { config: admin('modify'), schema: { tags, body: customFieldUpdateBody, response: { 200: customFieldResponse } } },
    async (req) => ({ data: await updateCustomField(db, actorOf(req), req.body) }),
  );
  app.put(
    `${base}/customs`,
    {
      config: admin('modify'),
      schema: { tags, body: customFieldSequenceBody, response: { 200: customFieldListResponse } },
    },
    async (req) => ({ data: await reorderCustomFields(db, actorOf(req), req.body) }),
  );
  app.delete(
    `${base}/custom/:id`,
    { config: admin('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteCustomField(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  );
  // Removing one fixed item changes the field: a modify, not a delete of the field.
  app.delete(
    `${base}/sub/:a/:b`,
    { config: admin('modify'), schema: { tags, params: customSubParam, response: { 200: customFieldResponse } } },
    async (req) => ({ data: await removeFixedItem(db, actorOf(req), req.params.a, req.params.b) }),
  );
};
