import type { ModuleRoutes } from '../platform/context.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { noticeRoutes } from './notice/notice.routes.ts';
import { historyRoutes } from './history/history.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { userRoutes } from './user/user.routes.ts';
import { roleRoutes } from './role/role.routes.ts';
import { codeRoutes } from './code/code.routes.ts';
import { locationRoutes } from './location/location.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { customExtRoutes } from './custom-ext/custom-ext.routes.ts';
import { conditionRoutes } from './condition/condition.routes.ts';

// Every module's routes, registered by app.ts. A new module adds one line here.
export const modules: ModuleRoutes[] = [
  authRoutes,
  noticeRoutes,
  systemRoutes,
  historyRoutes,
  userRoutes,
  roleRoutes,
  codeRoutes,
  locationRoutes,
  settingsRoutes,
  customExtRoutes,
  conditionRoutes,
];
