import {
  dataOf,
  listOf,
  onlineUserSchema,
  pageHitBody,
  pageHitBucketSchema,
  pageHitFunctionSchema,
  pageHitListQuery,
  pageHitRangeParams,
  pageHitSchema,
  pageHitTimeParams,
  pageHitUserSchema,
  runtimeSchema,
  systemMenuSaveBody,
  systemMenuSchema,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  listMenus,
  listPageHits,
  onlineUsers,
  pageHitsByFunction,
  pageHitsByTime,
  pageHitsByUser,
  recordPageHit,
  runtimeOf,
  saveMenus,
} from './system.service.ts';

const DEFAULT_PAGE_SIZE = 100;
const tags = ['system'];

export const systemRoutes: ModuleRoutes = (app, { db, config }) => {
  const menuList = listOf(systemMenuSchema);

  app.get(
    '/api/system/menu',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: menuList } } },
    async () => ({ data: await listMenus(db) }),
  );
  app.post(
    '/api/system/menu',
    {
      config: { permission: { menu: 'config', action: 'create' } },
      schema: { tags, body: systemMenuSaveBody, response: { 200: menuList } },
    },
    async (req) => ({ data: await saveMenus(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/system/menu',
    {
      config: { permission: { menu: 'config', action: 'modify' } },
      schema: { tags, body: systemMenuSaveBody, response: { 200: menuList } },
    },
    async (req) => ({ data: await saveMenus(db, actorOf(req), req.body) }),
  );

  app.post(
    '/api/system/page-hits/page-hit',
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: pageHitBody, response: { 200: dataOf(pageHitSchema) } },
    },
    async (req) => ({ data: await recordPageHit(db, actorOf(req), req.body) }),
  );
  app.get(
    '/api/system/page-hits',
    {
      config: { permission: { menu: 'pageHit', action: 'view' } },
      schema: { tags, querystring: pageHitListQuery, response: { 200: listOf(pageHitSchema) } },
    },
    async (req) => {
      const { from, to, page = 1, size = DEFAULT_PAGE_SIZE } = req.query;
      return listPageHits(db, { from, to }, page, size);
    },
  );
  app.get(
    '/api/system/page-hits/type/:type/:fromMs/:toMs',
    {
      config: { permission: { menu: 'pageHit', action: 'view' } },
      schema: { tags, params: pageHitTimeParams, response: { 200: listOf(pageHitBucketSchema) } },
    },
    async (req) => {
      const { type, fromMs, toMs } = req.params;
      return { data: await pageHitsByTime(db, config.timeZone, type, { from: fromMs, to: toMs }) };
    },
  );
  app.get(
    '/api/system/page-hits/function/:from/:to',
    {
      config: { permission: { menu: 'pageHit', action: 'view' } },
      schema: { tags, params: pageHitRangeParams, response: { 200: listOf(pageHitFunctionSchema) } },
    },
    async (req) => ({ data: await pageHitsByFunction(db, req.params) }),
  );
  app.get(
    '/api/system/page-hits/user/:from/:to',
    {
      config: { permission: { menu: 'pageHit', action: 'view' } },
      schema: { tags, params: pageHitRangeParams, response: { 200: listOf(pageHitUserSchema) } },
    },
    async (req) => ({ data: await pageHitsByUser(db, req.params) }),
  );

  app.get(
    '/api/system/online-users',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: listOf(onlineUserSchema) } } },
    async () => ({ data: await onlineUsers(db) }),
  );
  app.get(
    '/api/system/runtime',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: dataOf(runtimeSchema) } } },
    async () => ({ data: runtimeOf(config) }),
  );
};
