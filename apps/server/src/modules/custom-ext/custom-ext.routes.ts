import { customExtEndpoints, toLocale } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
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
export const customExtRoutes: ModuleRoutes = (app, { db }) =>
  bindEndpoints(app, customExtEndpoints, {
    byTable: async (req) => ({ data: await customFieldsOf(db, req.params.table) }),
    tables: async (req) => ({ data: customExtTables(toLocale(req.headers['accept-language'])) }),
    columns: async (req) => ({ data: await dbColumns(db, req.params.t) }),
    list: async () => ({ data: await listCustomFields(db) }),
    tableCounts: async (req) => ({ data: await customExtTableCounts(db, toLocale(req.headers['accept-language'])) }),
    create: async (req) => ({ data: await createCustomField(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateCustomField(db, actorOf(req), req.body) }),
    reorder: async (req) => ({ data: await reorderCustomFields(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteCustomField(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
    // Removing one fixed item changes the field: a modify, not a delete of the field.
    removeItem: async (req) => ({ data: await removeFixedItem(db, actorOf(req), req.params.a, req.params.b) }),
  });
