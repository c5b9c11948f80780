import {
  conditionCreateBody,
  conditionListQuery,
  idParam,
  okSchema,
  savedConditionListResponse,
  savedConditionResponse,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import { deleteCondition, listConditions, saveCondition } from './condition.service.ts';

// SPEC §7 Condition. Every signed-in user keeps their own saved searches; the service checks the view right on
// the condition's menu (the menu is in the payload, so the route itself can only require a sign-in).
const tags = ['condition'];
const signedIn = { permission: 'authenticated' as const };

export const conditionRoutes: ModuleRoutes = (app, { db }) => {
  app.get(
    '/api/condition/conditions',
    {
      config: signedIn,
      schema: { tags, querystring: conditionListQuery, response: { 200: savedConditionListResponse } },
    },
    async (req) => ({ data: await listConditions(db, actorOf(req), req.query.menu) }),
  );
  app.post(
    '/api/condition',
    { config: signedIn, schema: { tags, body: conditionCreateBody, response: { 200: savedConditionResponse } } },
    async (req) => ({ data: await saveCondition(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/condition/:id',
    { config: signedIn, schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteCondition(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  );
};
