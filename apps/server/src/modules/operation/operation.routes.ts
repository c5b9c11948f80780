import { operationEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { operationExcel } from './operation.excel.ts';
import { createOperation, deleteOperations, listOperations, updateOperation } from './operation.service.ts';

// The list is a pick-list for routes, operation plans and production screens; writes need the operation menu.
export const operationRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  bindEndpoints(app, operationEndpoints, {
    ...excelHandlers({ entity: operationExcel, db, timeZone: config.timeZone }),
    list: async () => ({ data: await listOperations(db) }),
    create: async (req) => ({ data: await createOperation(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateOperation(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteOperations(ctx, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
    removeBulk: async (req) => {
      await deleteOperations(ctx, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  });
};
