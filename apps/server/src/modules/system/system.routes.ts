import { systemEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import { backupService, refuseBody } from './system.backups.ts';
import {
  listMenus,
  listPageHits,
  onlineUsers,
  pageHitsByFunction,
  pageHitsByTime,
  pageHitsByUser,
  recordPageHit,
  runtimeOf,
  saveMenus,
} from './system.service.ts';

const DEFAULT_PAGE_SIZE = 100;

export const systemRoutes: ModuleRoutes = (app, { db, config, dbUrl }) => {
  const backups = backupService(config, dbUrl);
  bindEndpoints(app, systemEndpoints, {
    menu: async () => ({ data: await listMenus(db) }),
    createMenu: async (req) => ({ data: await saveMenus(db, actorOf(req), req.body) }),
    saveMenu: async (req) => ({ data: await saveMenus(db, actorOf(req), req.body) }),
    recordPageHit: async (req) => ({ data: await recordPageHit(db, actorOf(req), req.body) }),
    pageHits: async (req) => {
      const { from, to, page = 1, size = DEFAULT_PAGE_SIZE } = req.query;
      return listPageHits(db, { from, to }, page, size);
    },
    pageHitsByTime: async (req) => {
      const { type, fromMs, toMs } = req.params;
      return { data: await pageHitsByTime(db, config.timeZone, type, { from: fromMs, to: toMs }) };
    },
    pageHitsByFunction: async (req) => ({ data: await pageHitsByFunction(db, req.params) }),
    pageHitsByUser: async (req) => ({ data: await pageHitsByUser(db, req.params) }),
    onlineUsers: async () => ({ data: await onlineUsers(db) }),
    runtime: async () => ({ data: runtimeOf(config) }),
    backups: async () => ({ data: backups.status() }),
    createBackup: async (req) => {
      refuseBody(req);
      return { data: await backups.create(req.log) };
    },
  });
};
