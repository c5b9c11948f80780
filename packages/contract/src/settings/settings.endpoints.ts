import { okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
import {
  homePathBody,
  tablePrefsBody,
  tablePrefsResponse,
  tableScreenParam,
  themeBody,
  userSettingsResponse,
} from './settings.schemas.ts';

// A signed-in user's own settings: home path, theme, and each list's column preferences.
export const settingsEndpoints = endpoints('settings', {
  get: {
    method: 'GET',
    path: '/settings/user',
    response: userSettingsResponse,
    permission: 'authenticated',
    summary: "The caller's settings (home path, theme)",
  },
  setHomePath: {
    method: 'PUT',
    path: '/settings/user/homepath',
    body: homePathBody,
    response: userSettingsResponse,
    permission: 'authenticated',
    summary: "Set the caller's home path",
  },
  setTheme: {
    method: 'PUT',
    path: '/settings/user/theme',
    body: themeBody,
    response: userSettingsResponse,
    permission: 'authenticated',
    summary: "Set the caller's theme",
  },
  tablePrefs: {
    method: 'GET',
    path: '/settings/table/{screen}',
    params: tableScreenParam,
    response: tablePrefsResponse,
    permission: 'authenticated',
    summary: "The caller's column preferences of a list screen, or null",
  },
  setTablePrefs: {
    method: 'PUT',
    path: '/settings/table/{screen}',
    params: tableScreenParam,
    body: tablePrefsBody,
    response: tablePrefsResponse,
    permission: 'authenticated',
    summary: "Save the caller's column preferences of a list screen",
  },
  clearTablePrefs: {
    method: 'DELETE',
    path: '/settings/table/{screen}',
    params: tableScreenParam,
    response: okSchema,
    permission: 'authenticated',
    summary: "Reset the caller's column preferences of a list screen",
  },
});
