import { lotLabelEndpoints, toLocale } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { todayIn } from '../../platform/dates.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { sendLabels } from '../../platform/labels/labels.ts';
import { lotLabel, lotsOfStocks } from './lot-label.service.ts';

// GET /productstock/labels (menu prodStock, view): the labels of product stock rows, PDF or ZPL.
export const lotLabelRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, lotLabelEndpoints, {
    lotLabels: async (req, reply) => {
      const { ids, format, layout, copies } = req.query;
      const locale = toLocale(req.headers['accept-language']);
      const labels = (await lotsOfStocks(db, ids)).map((l) => lotLabel(l, locale));
      return sendLabels(reply, labels, { format, layout, copies, name: 'lot-labels', day: todayIn(config.timeZone) });
    },
  });
};
