import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  conditionCreateBody,
  conditionListQuery,
  savedConditionListResponse,
  savedConditionResponse,
} from './condition.schemas.ts';

// SPEC §7 Condition. Every signed-in user keeps their own saved searches; the server checks the view right on the
// condition's menu (the menu is in the payload, so the route itself can only require a sign-in).
// biome-ignore format: a routing table, one endpoint per line
export const conditionEndpoints = endpoints('condition', {
  list: endpoint('GET', '/condition/conditions', savedConditionListResponse, 'authenticated', "The caller's saved search conditions of a menu", { query: conditionListQuery }),
  create: endpoint('POST', '/condition', savedConditionResponse, 'authenticated', 'Save a search condition of a menu under a title', { body: conditionCreateBody }),
  remove: endpoint('DELETE', '/condition/{id}', okSchema, 'authenticated', "Delete one of the caller's saved search conditions", { params: idParam }),
});
