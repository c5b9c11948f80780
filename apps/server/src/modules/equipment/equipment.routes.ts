import { equipmentEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createEquipment,
  deleteEquipment,
  getEquipment,
  insufficientList,
  listEquipment,
  updateEquipment,
} from './equipment.service.ts';

// SPEC §7 "Equipment".
export const equipmentRoutes: ModuleRoutes = (app, ctx) => {
  const { db } = ctx;
  bindEndpoints(app, equipmentEndpoints, {
    list: async (req) => listEquipment(db, req.query),
    insufficient: async () => ({ data: await insufficientList(db) }),
    get: async (req) => ({ data: await getEquipment(db, req.params.id) }),
    create: async (req) => ({ data: await createEquipment(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateEquipment(db, actorOf(req), req.params.id, req.body) }),
    remove: async (req) => {
      await deleteEquipment(ctx, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
};
