import { toolEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { toolExcel } from './tool.excel.ts';
import {
  createInspectHistory,
  createTool,
  deleteInspectHistories,
  deleteTools,
  getTool,
  listInspectHistories,
  listManagers,
  listTools,
  toolTree,
  toolsAtLocation,
  updateInspectHistory,
  updateTool,
} from './tool.service.ts';

// Tool reads are pick-lists for other screens (operation plans, parameters, stock): any signed-in user. The
// inspection history is the tools screen's own data: its view right. Every write needs the tools menu.
const ok = { data: { ok: true as const } };

export const toolRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  bindEndpoints(app, toolEndpoints, {
    ...excelHandlers({ entity: toolExcel, db, timeZone: config.timeZone }),
    list: async () => ({ data: await listTools(db) }),
    tree: async () => ({ data: await toolTree(db) }),
    // Not in SPEC §7: the form's manager pick-list, for users without the user menu (README).
    managers: async () => ({ data: await listManagers(db) }),
    atLocation: async (req) => ({ data: await toolsAtLocation(db, req.params.id) }),
    inspectHistories: async (req) => ({ data: await listInspectHistories(db, req.params.id) }),
    get: async (req) => ({ data: await getTool(db, req.params.id) }),
    create: async (req) => ({ data: await createTool(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateTool(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteTools(ctx, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteTools(ctx, actorOf(req), req.params.ids);
      return ok;
    },
    // Inspection history writes: an inspection is part of looking after a tool, so the tools menu's rights apply.
    createInspectHistory: async (req) => ({ data: await createInspectHistory(db, actorOf(req), req.body) }),
    updateInspectHistory: async (req) => ({ data: await updateInspectHistory(db, actorOf(req), req.body) }),
    removeInspectHistory: async (req) => {
      await deleteInspectHistories(db, actorOf(req), [req.params.id]);
      return ok;
    },
    // Spelled so in the spec (SPEC §7).
    removeInspectHistories: async (req) => {
      await deleteInspectHistories(db, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
