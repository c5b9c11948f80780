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
import { toolRoutes } from './tool/tool.routes.ts';
import { parameterRoutes } from './parameter/parameter.routes.ts';
import { operationRoutes } from './operation/operation.routes.ts';
import { routeRoutes } from './route/route.routes.ts';
import { operPlanRoutes } from './oper-plan/oper-plan.routes.ts';
import { productRoutes } from './product/product.routes.ts';
import { materialRoutes } from './material/material.routes.ts';
import { bizPartnerRoutes } from './biz-partner/biz-partner.routes.ts';
import { bomRoutes } from './bom/bom.routes.ts';

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
  toolRoutes,
  parameterRoutes,
  operationRoutes,
  routeRoutes,
  operPlanRoutes,
  productRoutes,
  materialRoutes,
  bizPartnerRoutes,
  bomRoutes,
];
