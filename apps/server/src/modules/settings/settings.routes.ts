import { settingsEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  clearTablePrefs,
  getSettings,
  getTablePrefs,
  setHomePath,
  setLocale,
  setTablePrefs,
  setTheme,
} from './settings.service.ts';

// Every signed-in user reads and writes only their own settings.
export const settingsRoutes: ModuleRoutes = (app, { db }) =>
  bindEndpoints(app, settingsEndpoints, {
    get: async (req) => ({ data: await getSettings(db, actorOf(req).id) }),
    setHomePath: async (req) => ({ data: await setHomePath(db, actorOf(req), req.body.homePath) }),
    setTheme: async (req) => ({ data: await setTheme(db, actorOf(req), req.body.options) }),
    setLocale: async (req) => ({ data: await setLocale(db, actorOf(req), req.body.locale) }),
    tablePrefs: async (req) => ({ data: await getTablePrefs(db, actorOf(req).id, req.params.screen) }),
    setTablePrefs: async (req) => ({ data: await setTablePrefs(db, actorOf(req), req.params.screen, req.body) }),
    clearTablePrefs: async (req) => {
      await clearTablePrefs(db, actorOf(req), req.params.screen);
      return { data: { ok: true as const } };
    },
  });
