import {
  homePathBody,
  okSchema,
  tablePrefsBody,
  tablePrefsResponse,
  tableScreenParam,
  themeBody,
  userSettingsResponse,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  clearTablePrefs,
  getSettings,
  getTablePrefs,
  setHomePath,
  setTablePrefs,
  setTheme,
} from './settings.service.ts';

// Every signed-in user reads and writes only their own settings.
const tags = ['settings'];
const signedIn = { permission: 'authenticated' as const };

export const settingsRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/api/settings/user',
    { config: signedIn, schema: { tags, response: { 200: userSettingsResponse } } },
    async (req) => ({
      data: await getSettings(db, actorOf(req).id),
    }),
  );
  app.put(
    '/api/settings/user/homepath',
    { config: signedIn, schema: { tags, body: homePathBody, response: { 200: userSettingsResponse } } },
    async (req) => ({ data: await setHomePath(db, actorOf(req), req.body.homePath) }),
  );
  app.put(
    '/api/settings/user/theme',
    { config: signedIn, schema: { tags, body: themeBody, response: { 200: userSettingsResponse } } },
    async (req) => ({ data: await setTheme(db, actorOf(req), req.body.options) }),
  );
  app.get(
    '/api/settings/table/:screen',
    { config: signedIn, schema: { tags, params: tableScreenParam, response: { 200: tablePrefsResponse } } },
    async (req) => ({ data: await getTablePrefs(db, actorOf(req).id, req.params.screen) }),
  );
  app.put(
    '/api/settings/table/:screen',
    {
      config: signedIn,
      schema: { tags, params: tableScreenParam, body: tablePrefsBody, response: { 200: tablePrefsResponse } },
    },
    async (req) => ({ data: await setTablePrefs(db, actorOf(req), req.params.screen, req.body) }),
  );
  app.delete(
    '/api/settings/table/:screen',
    { config: signedIn, schema: { tags, params: tableScreenParam, response: { 200: okSchema } } },
    async (req) => {
      await clearTablePrefs(db, actorOf(req), req.params.screen);
      return { data: { ok: true as const } };
    },
  );
};
