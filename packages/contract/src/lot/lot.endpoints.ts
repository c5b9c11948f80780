import { idParam } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  lotDailyPlanListResponse,
  lotDailyTreeParams,
  lotFilterQuery,
  lotIdQuery,
  lotListQuery,
  lotListResponse,
  lotMaterialListResponse,
  lotPageResponse,
  lotResponse,
  lotTreeParams,
  lotTreeResponse,
  shipmentLotsQuery,
} from './lot.schemas.ts';

// SPEC §7 "Lot" (the lot report, /report/lot, menu lotReport; read-only). The two tree paths take the period as
// /{startDt}/{endDt} (the spec's {a}/{b}). Backward genealogy (/lot/{id}/materials) is ours: the spec gives no path.
const view = { menu: 'lotReport', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const lotEndpoints = endpoints('lot', {
  lots: endpoint('GET', '/lot/lots', lotPageResponse, view, 'Lots produced in startDt … endDt (at most a year), newest first, one page, with what their plan made and, with includeStock, their stock', { query: lotListQuery }),
  lotsExport: endpoint('GET', '/lot/lots/excel', FILE, view, 'The lots of the filter as a workbook', { query: lotFilterQuery }),
  byLotId: endpoint('GET', '/lot/lots/lotId', lotResponse, view, 'One lot by its LOT ID (any case), with its stock', { query: lotIdQuery }),
  dailyPlans: endpoint('GET', '/lot/{id}/daily-plans', lotDailyPlanListResponse, view, "The daily plans of the lot's plan with their results, every operation, by day and sequence (none for a lot added by hand)", { params: idParam }),
  materials: endpoint('GET', '/lot/{id}/materials', lotMaterialListResponse, view, "Backward genealogy (a path of ours, not in the spec): the material packages (supplier lots) the lot's daily plans consumed, net, with supplier, received day and expiry", { params: idParam }),
  prodPlanTree: endpoint('GET', '/lot/tree/prod-plans/{startDt}/{endDt}', lotTreeResponse, view, 'Products → plans (their lots) of the lots produced in the period (at most a year); nodes {key, title, data, children}', { params: lotTreeParams }),
  dailyPlanTree: endpoint('GET', '/lot/tree/daily-plans/{startDt}/{endDt}', lotTreeResponse, view, 'Plans (their lots) of the lots produced in the period (at most 93 days) → their daily plans by day and sequence; nodes {key, title, data, children}', { params: lotDailyTreeParams }),
  shipmentLots: endpoint('GET', '/lot/shipment-lots', lotListResponse, view, 'Lots produced in the period with stock not discarded, first expiring first: what could ship (bizPartnerId, a customer, does not narrow it: a shipment needs no order)', { query: shipmentLotsQuery }),
});
