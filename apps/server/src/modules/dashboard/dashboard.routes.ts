import { dashboardEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createDashboard,
  deleteDashboard,
  getDashboard,
  listDashboards,
  updateDashboard,
  widgetConfig,
} from './dashboard.service.ts';

// SPEC §7 "Settings and dashboards": the caller's own dashboards; the dashboard menu's rights guard each route.
export const dashboardRoutes: ModuleRoutes = (app, { db }) =>
  bindEndpoints(app, dashboardEndpoints, {
    list: async (req) => ({ data: await listDashboards(db, actorOf(req)) }),
    widgetConfig: async (req) => ({ data: await widgetConfig(db, actorOf(req), req.query.weightId) }),
    get: async (req) => ({ data: await getDashboard(db, actorOf(req), req.params.id) }),
    create: async (req) => ({ data: await createDashboard(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateDashboard(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteDashboard(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
