import {
  can,
  historyDateParams,
  historyEntrySchema,
  historyIdRangeParams,
  historyMenuOf,
  historyListQuery,
  historyRecordParams,
  historyServiceParams,
  listOf,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { actorOf } from '../../platform/guard.ts';
import { historyByDates, historyByIds, isAuditedTable, recordHistory } from './history.service.ts';

const DEFAULT_PAGE_SIZE = 100;
const tags = ['history'];
const view = { menu: 'history', action: 'view' } as const;

export const historyRoutes: ModuleRoutes = (app, { db, config }) => {
  const entries = listOf(historyEntrySchema);

  app.get(
    '/api/history/service/date/:from/:to',
    {
      config: { permission: view },
      schema: { tags, params: historyDateParams, querystring: historyListQuery, response: { 200: entries } },
    },
    async (req) => {
      const { page = 1, size = DEFAULT_PAGE_SIZE } = req.query;
      return historyByDates(db, config.timeZone, req.params, page, size);
    },
  );

  app.get(
    '/api/history/date/:from/:to/service/:name',
    {
      config: { permission: view },
      schema: { tags, params: historyServiceParams, querystring: historyListQuery, response: { 200: entries } },
    },
    async (req) => {
      const { from, to, name } = req.params;
      if (!(await isAuditedTable(db, name))) throw notFound(`Table ${name}`);
      const { page = 1, size = DEFAULT_PAGE_SIZE } = req.query;
      return historyByDates(db, config.timeZone, { from, to, table: name }, page, size);
    },
  );

  app.get(
    '/api/history/fromid/:a/toid/:b',
    { config: { permission: view }, schema: { tags, params: historyIdRangeParams, response: { 200: entries } } },
    async (req) => ({ data: await historyByIds(db, req.params.a, req.params.b) }),
  );

  // Open to anyone signed in at the route: the right needed depends on the table, checked below.
  app.get(
    '/api/history/record/:table/:id',
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: historyRecordParams, querystring: historyListQuery, response: { 200: entries } },
    },
    async (req) => {
      const { table, id } = req.params;
      const menu = historyMenuOf(table);
      if (!menu) throw notFound(`Table ${table}`);
      if (!can(actorOf(req).permissions, menu, 'view')) throw forbidden();
      const { page, size } = req.query;
      const paging = page || size ? { page: page ?? 1, size: size ?? DEFAULT_PAGE_SIZE } : undefined;
      return recordHistory(db, table, id, paging);
    },
  );
};
