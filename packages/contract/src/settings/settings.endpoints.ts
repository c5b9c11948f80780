import { okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  homePathBody,
  localeBody,
  tablePrefsBody,
  tablePrefsResponse,
  tableScreenParam,
  themeBody,
  userSettingsResponse,
} from './settings.schemas.ts';

// A signed-in user's own settings: home path, theme, language, and each list's column preferences.
// biome-ignore format: a routing table, one endpoint per line
export const settingsEndpoints = endpoints('settings', {
  get: endpoint('GET', '/settings/user', userSettingsResponse, 'authenticated', "The caller's settings (home path, theme)"),
  setHomePath: endpoint('PUT', '/settings/user/homepath', userSettingsResponse, 'authenticated', "Set the caller's home path", { body: homePathBody }),
  setTheme: endpoint('PUT', '/settings/user/theme', userSettingsResponse, 'authenticated', "Set the caller's theme", { body: themeBody }),
  setLocale: endpoint('PUT', '/settings/user/locale', userSettingsResponse, 'authenticated', "Set the caller's language (kr | en), applied at their next login on any device", { body: localeBody }),
  tablePrefs: endpoint('GET', '/settings/table/{screen}', tablePrefsResponse, 'authenticated', "The caller's column preferences of a list screen, or null", { params: tableScreenParam }),
  setTablePrefs: endpoint('PUT', '/settings/table/{screen}', tablePrefsResponse, 'authenticated', "Save the caller's column preferences of a list screen", { params: tableScreenParam, body: tablePrefsBody }),
  clearTablePrefs: endpoint('DELETE', '/settings/table/{screen}', okSchema, 'authenticated', "Reset the caller's column preferences of a list screen", { params: tableScreenParam }),
});
