import { idParam } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { historyListResponse } from '../history/history.schemas.ts';
import { productionOperPlanListResponse } from '../production-plan/production-plan.schemas.ts';
import {
  kioskFactoryListResponse,
  kioskPlanIdsQuery,
  kioskProductIdsQuery,
  kioskSaveBody,
  kioskWorksQuery,
  kioskWorksResponse,
  productionResultDetailResponse,
  productionResultListResponse,
  productionResultPageResponse,
  resultListQuery,
  resultSaveBody,
} from './production-result.schemas.ts';

// SPEC §7 "Production profit" and "Kiosk": results are the productionProfit menu's (the kiosk page itself needs no
// right to open, but what it reads and writes does).
const can = (action: 'view' | 'modify') => ({ menu: 'productionProfit', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const productionResultEndpoints = endpoints('productionResult', {
  results: endpoint('GET', '/productionprofit/dailyplans', productionResultPageResponse, can('view'), 'Daily plans with their results whose day falls in startDt … endDt (≤ 93 days), one page, with the total', { query: resultListQuery }),
  get: endpoint('GET', '/productionprofit/{id}', productionResultDetailResponse, can('view'), 'One result with its defects, the material packages it consumed and where its product went', { params: idParam }),
  history: endpoint('GET', '/productionprofit/{id}/history', historyListResponse, can('view'), "The result's edit history (change history of its daily plan)", { params: idParam }),
  save: endpoint('PUT', '/productionprofit', productionResultDetailResponse, can('modify'), 'Save a result: consumes BOM material (409 INSUFFICIENT_BOM_STOCK with the shortages) and, on the last operation, puts the good quantity into the lot', { body: resultSaveBody }),
  kioskLocations: endpoint('GET', '/kiosk/locations', kioskFactoryListResponse, can('view'), 'Factories with their lines, for the kiosk to pick from'),
  kioskWorks: endpoint('GET', '/kiosk/works', kioskWorksResponse, can('view'), "A line's works of the factory's today (and earlier ones still working), its workers and the factory's shelves", { query: kioskWorksQuery }),
  kioskDailyPlans: endpoint('GET', '/kiosk/daily-plans', productionResultListResponse, can('view'), 'The daily plans of the given plans, with their results', { query: kioskPlanIdsQuery }),
  kioskOperPlans: endpoint('GET', '/kiosk/oper-plans', productionOperPlanListResponse, can('view'), "The operation plans of the given products' plans running today, with their targets and results", { query: kioskProductIdsQuery }),
  kioskSave: endpoint('PUT', '/kiosk/daily-plans', productionResultListResponse, can('modify'), 'Save results from the kiosk (start, quantities, end), all in one transaction', { body: kioskSaveBody }),
});
