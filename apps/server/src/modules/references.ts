import type { Reference } from '../platform/references.ts';
import { bomReferences } from './bom/bom.references.ts';
import { codeReferences } from './code/code.references.ts';
import { locationReferences } from './location/location.references.ts';
import { materialReferences } from './material/material.references.ts';
import { noticeReferences } from './notice/notice.references.ts';
import { operPlanReferences } from './oper-plan/oper-plan.references.ts';
import { parameterReferences } from './parameter/parameter.references.ts';
import { productReferences } from './product/product.references.ts';
import { routeReferences } from './route/route.references.ts';
import { toolReferences } from './tool/tool.references.ts';
import { userReferences } from './user/user.references.ts';

/**
 * Every module's references (platform/references.ts), declared by the referencing module. app.ts builds the app's
 * registry from this list; a new module that refers to another's rows adds its declarations here. The order is the
 * order of the related-data dialog's rows when several modules refer to one table (locations: child locations,
 * users, notices, tools).
 */
export const moduleReferences: Reference[] = [
  ...codeReferences,
  ...locationReferences,
  ...userReferences,
  ...noticeReferences,
  ...materialReferences,
  ...productReferences,
  ...routeReferences,
  ...parameterReferences,
  ...operPlanReferences,
  ...bomReferences,
  ...toolReferences,
];
