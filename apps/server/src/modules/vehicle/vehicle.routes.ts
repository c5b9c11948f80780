import { partEndpoints, partHistoryEndpoints, vehicleEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createHistory,
  createPart,
  deleteHistories,
  deleteParts,
  getHistory,
  getPart,
  historiesOfVehicle,
  listHistories,
  listParts,
  partsByIds,
  updateHistory,
  updatePart,
} from './part.service.ts';
import {
  createVehicle,
  deleteVehicles,
  getVehicle,
  listVehicles,
  maintenanceAlerts,
  updateVehicle,
  type VehicleDeps,
  vehicleTree,
} from './vehicle.service.ts';

const ok = { data: { ok: true as const } };

export const vehicleRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  const deps: VehicleDeps = { db, timeZone: config.timeZone, window: config.vehicleAlert };
  bindEndpoints(app, vehicleEndpoints, {
    list: async (req) => ({ data: await listVehicles(deps, req.query) }),
    tree: async () => ({ data: await vehicleTree(deps) }),
    maintenanceAlerts: async (req) => ({ data: await maintenanceAlerts(deps, req.query) }),
    get: async (req) => ({ data: await getVehicle(deps, req.params.id) }),
    create: async (req) => ({ data: await createVehicle(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateVehicle(deps, actorOf(req), req.params.id, req.body) }),
    remove: async (req) => {
      await deleteVehicles(ctx, actorOf(req), req.query.ids);
      return ok;
    },
  });
  bindEndpoints(app, partEndpoints, {
    list: async (req) => ({ data: await listParts(deps, req.query) }),
    byIds: async (req) => ({ data: await partsByIds(deps, req.params.ids) }),
    get: async (req) => ({ data: await getPart(deps, req.params.id) }),
    create: async (req) => ({ data: await createPart(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updatePart(deps, actorOf(req), req.params.id, req.body) }),
    remove: async (req) => {
      await deleteParts(deps, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteParts(deps, actorOf(req), req.params.ids);
      return ok;
    },
  });
  bindEndpoints(app, partHistoryEndpoints, {
    list: async (req) => listHistories(db, req.query),
    byVehicle: async (req) => ({ data: await historiesOfVehicle(db, req.params.id) }),
    get: async (req) => ({ data: await getHistory(db, req.params.id) }),
    create: async (req) => ({ data: await createHistory(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateHistory(deps, actorOf(req), req.params.id, req.body) }),
    remove: async (req) => {
      await deleteHistories(deps, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteHistories(deps, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
