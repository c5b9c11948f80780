import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  dailyPlanListResponse,
  dailyPlanPeriodQuery,
  dailyPlansSetBody,
  lotSeqResponse,
  operPlanAddBody,
  planCreateBody,
  planFilterQuery,
  planForceBody,
  planListQuery,
  planUpdateBody,
  productionOperPlanListResponse,
  productionOperPlanUpdateBody,
  productionPlanPageResponse,
  productionPlanResponse,
} from './production-plan.schemas.ts';

// SPEC §7 "Production plan": every path needs the productionPlan menu.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'productionPlan', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const productionPlanEndpoints = endpoints('productionPlan', {
  plans: endpoint('GET', '/productionplan/plans', productionPlanPageResponse, can('view'), 'Plans whose period meets startDt … endDt, by start day, one page, with the total', { query: planListQuery }),
  plansExport: endpoint('GET', '/productionplan/plans/excel', FILE, can('view'), 'The plans of the filter as a workbook', { query: planFilterQuery }),
  get: endpoint('GET', '/productionplan/plan/{id}', productionPlanResponse, can('view'), 'One plan with its status and what its last operation made', { params: idParam }),
  lotSeq: endpoint('GET', '/productionplan/plan/lot-seq/{id}', lotSeqResponse, can('view'), "The plan's lot sequence (reserved when it was made) and today's LOT ID", { params: idParam }),
  operPlans: endpoint('GET', '/productionplan/plan/{id}/operplans', productionOperPlanListResponse, can('view'), "The plan's operation plans in sequence, with their daily targets and results", { params: idParam }),
  operPlanDailyPlans: endpoint('GET', '/productionplan/operplan/{id}/daily-plans', dailyPlanListResponse, can('view'), "An operation plan's daily plans by day", { params: idParam }),
  locationDailyPlans: endpoint('GET', '/productionplan/location/{id}/daily-plans', dailyPlanListResponse, can('view'), 'Daily plans of a period on a line, or on the lines below a factory or site (the calendar)', { params: idParam, query: dailyPlanPeriodQuery }),
  create: endpoint('POST', '/productionplan/plan', productionPlanResponse, can('create'), "Make a plan: the product's operation plan is copied, one operation plan per operation with the plan's qty as target, and a lot sequence reserved", { body: planCreateBody }),
  addOperPlan: endpoint('POST', '/productionplan/operplan', productionOperPlanListResponse, can('create'), 'Add an operation to a plan; answers its operation plans', { body: operPlanAddBody }),
  setDailyPlans: endpoint('POST', '/productionplan/operplan/daily-plans', dailyPlanListResponse, can('create'), "Set an operation plan's daily plans (a list, or its target spread evenly over working days); answers them", { body: dailyPlansSetBody }),
  update: endpoint('PUT', '/productionplan/plan', productionPlanResponse, can('modify'), 'Modify a plan without results (409 with results: use the forced modify)', { body: planUpdateBody }),
  force: endpoint('PUT', '/productionplan/plan/force', productionPlanResponse, can('modify'), 'Modify a plan that has results, with a reason the change history keeps', { body: planForceBody }),
  updateOperPlan: endpoint('PUT', '/productionplan/operplan', productionOperPlanListResponse, can('modify'), "Modify an operation plan without results (tool, target, position); answers the plan's operation plans", { body: productionOperPlanUpdateBody }),
  remove: endpoint('DELETE', '/productionplan/plan/{id}', okSchema, can('delete'), 'Delete a plan without results, with its operation and daily plans', { params: idParam }),
  removeBulk: endpoint('DELETE', '/productionplan/plans/{ids}', okSchema, can('delete'), 'Delete plans without results, all or none', { params: idsParam }),
});
