import { workerEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import { removeWorker, saveWorker } from './worker.service.ts';
import { listWorkers, workerHistory, workersAt, workersWithoutLine, workerTree } from './worker.views.ts';

// The worker paths (SPEC §7 "Worker"); every one needs the worker menu (view; modify for PUT, delete for DELETE).
export const workerRoutes: ModuleRoutes = (app, { db }) => {
  bindEndpoints(app, workerEndpoints, {
    list: async () => ({ data: await listWorkers(db) }),
    noLocation: async () => ({ data: await workersWithoutLine(db) }),
    tree: async () => ({ data: await workerTree(db) }),
    atLocation: async (req) => ({ data: await workersAt(db, req.params.id) }),
    history: async (req) => ({ data: await workerHistory(db, req.query) }),
    save: async (req) => ({ data: await saveWorker(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await removeWorker(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
};
