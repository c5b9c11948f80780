import { can, historyEndpoints, historyMenuOf } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { actorOf } from '../../platform/guard.ts';
import { historyByDates, historyByIds, isAuditedTable, recordHistory } from './history.service.ts';

const DEFAULT_PAGE_SIZE = 100;

export const historyRoutes: ModuleRoutes = (app, { db, config }) =>
  bindEndpoints(app, historyEndpoints, {
    byDates: async (req) => {
      const { page = 1, size = DEFAULT_PAGE_SIZE } = req.query;
      return historyByDates(db, config.timeZone, req.params, page, size);
    },
    byService: async (req) => {
      const { from, to, name } = req.params;
      if (!(await isAuditedTable(db, name))) throw notFound(`Table ${name}`);
      const { page = 1, size = DEFAULT_PAGE_SIZE } = req.query;
      return historyByDates(db, config.timeZone, { from, to, table: name }, page, size);
    },
    byIdRange: async (req) => ({ data: await historyByIds(db, req.params.a, req.params.b) }),
    // Open to anyone signed in at the route: the right needed depends on the table, checked here.
    record: async (req) => {
      const { table, id } = req.params;
      const menu = historyMenuOf(table);
      if (!menu) throw notFound(`Table ${table}`);
      if (!can(actorOf(req).permissions, menu, 'view')) throw forbidden();
      const { page, size } = req.query;
      const paging = page || size ? { page: page ?? 1, size: size ?? DEFAULT_PAGE_SIZE } : undefined;
      return recordHistory(db, table, id, paging);
    },
  });
