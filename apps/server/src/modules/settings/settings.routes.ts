import { homePathBody, themeBody, userSettingsResponse } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import { getSettings, setHomePath, setTheme } from './settings.service.ts';

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
};
