import { locationEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  childrenOf,
  createLocation,
  deleteLocations,
  getLocation,
  listByType,
  listLocations,
  listLocationsWithParent,
  locationTree,
  updateLocation,
} from './location.service.ts';
import { locationExcel } from './location.excel.ts';

// Reads are shared look-ups used by every screen (the location cascader); writes need the location menu.
const ok = { data: { ok: true as const } };

export const locationRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  bindEndpoints(app, locationEndpoints, {
    ...excelHandlers({ entity: locationExcel, db, timeZone: config.timeZone }),
    list: async () => ({ data: await listLocations(db) }),
    listWithParent: async () => ({ data: await listLocationsWithParent(db) }),
    byType: async (req) => ({ data: await listByType(db, req.params.type) }),
    tree: async (req) => ({ data: await locationTree(db, req.query.typeUntils) }),
    get: async (req) => ({ data: await getLocation(db, req.params.id) }),
    children: async (req) => ({ data: await childrenOf(db, req.params.id) }),
    create: async (req) => ({ data: await createLocation(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateLocation(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteLocations(ctx, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteLocations(ctx, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
