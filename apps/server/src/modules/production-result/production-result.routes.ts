import { productionResultEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { notFound } from '../../platform/errors.ts';
import { actorOf } from '../../platform/guard.ts';
import { recordHistory } from '../history/history.service.ts';
import { saveKioskResults, saveResult } from './production-result.service.ts';
import {
  getResult,
  kioskDailyPlans,
  kioskLocations,
  kioskOperPlans,
  kioskWorks,
  listResults,
} from './production-result.views.ts';

// SPEC §7 "Production profit" and "Kiosk".
export const productionResultRoutes: ModuleRoutes = (app, { db, config, providers }) => {
  const deps = { db, timeZone: config.timeZone, providers };
  bindEndpoints(app, productionResultEndpoints, {
    results: async (req) => listResults(db, req.query),
    get: async (req) => ({ data: await getResult(db, req.params.id) }),
    history: async (req) => {
      await getResult(db, req.params.id).catch(() => {
        throw notFound('Daily plan');
      });
      return recordHistory(db, 'daily_plans', String(req.params.id));
    },
    save: async (req) => ({ data: await saveResult(deps, actorOf(req), req.body) }),
    kioskLocations: async () => ({ data: await kioskLocations(db) }),
    kioskWorks: async (req) => ({ data: await kioskWorks(db, req.query, config.timeZone) }),
    kioskDailyPlans: async (req) => ({ data: await kioskDailyPlans(db, req.query.planIds) }),
    kioskOperPlans: async (req) => ({ data: await kioskOperPlans(db, req.query.productIds, config.timeZone) }),
    kioskSave: async (req) => ({ data: await saveKioskResults(deps, actorOf(req), req.body) }),
  });
};
