import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
import {
  conditionCreateBody,
  conditionListQuery,
  savedConditionListResponse,
  savedConditionResponse,
} from './condition.schemas.ts';

// SPEC §7 Condition. Every signed-in user keeps their own saved searches; the server checks the view right on the
// condition's menu (the menu is in the payload, so the route itself can only require a sign-in).
export const conditionEndpoints = endpoints('condition', {
  list: {
    method: 'GET',
    path: '/condition/conditions',
    query: conditionListQuery,
    response: savedConditionListResponse,
    permission: 'authenticated',
    summary: "The caller's saved search conditions of a menu",
  },
  create: {
    method: 'POST',
    path: '/condition',
    body: conditionCreateBody,
    response: savedConditionResponse,
    permission: 'authenticated',
    summary: 'Save a search condition of a menu under a title',
  },
  remove: {
    method: 'DELETE',
    path: '/condition/{id}',
    params: idParam,
    response: okSchema,
    permission: 'authenticated',
    summary: "Delete one of the caller's saved search conditions",
  },
});
