import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  outSourcingCreateBody,
  outSourcingFilterQuery,
  outSourcingListQuery,
  outSourcingListResponse,
  outSourcingPlanListResponse,
  outSourcingPlanQuery,
  outSourcingResponse,
  outSourcingUpdateBody,
} from './out-sourcing.schemas.ts';

// SPEC §7 "Out-sourcing": the outsourcing screen (/production/outSourcing, menu outSourcing).
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'outSourcing', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const outSourcingEndpoints = endpoints('outSourcing', {
  list: endpoint('GET', '/out-sourcing/out-sourcings', outSourcingListResponse, can('view'), 'Outsourcing sent in startDt … endDt (all without a period), newest first; a page with the total when page/size are given', { query: outSourcingListQuery }),
  listExport: endpoint('GET', '/out-sourcing/out-sourcings/excel', FILE, can('view'), 'The outsourcing of the filter as a workbook', { query: outSourcingFilterQuery }),
  get: endpoint('GET', '/out-sourcing/{id}', outSourcingResponse, can('view'), 'One outsourcing', { params: idParam }),
  byOperPlan: endpoint('GET', '/out-sourcing/production-operation-plan/{id}', outSourcingListResponse, can('view'), 'The outsourcing of a production operation plan', { params: idParam }),
  plans: endpoint('GET', '/out-sourcing/production-plans', outSourcingPlanListResponse, can('view'), 'Plans meeting startDt … endDt with their operation plans: what the form can send out', { query: outSourcingPlanQuery }),
  byPlan: endpoint('GET', '/out-sourcing/production-plan/{id}', outSourcingListResponse, can('view'), 'The outsourcing of a production plan, by operation', { params: idParam }),
  create: endpoint('POST', '/out-sourcing', outSourcingResponse, can('create'), 'Send an operation of a plan to an outsourcer; received quantities, when given, become the operation\'s result on the receiving day', { body: outSourcingCreateBody }),
  update: endpoint('PUT', '/out-sourcing', outSourcingResponse, can('modify'), 'Modify an outsourcing or record what came back (totals): the operation\'s result follows', { body: outSourcingUpdateBody }),
  remove: endpoint('DELETE', '/out-sourcing/{id}', okSchema, can('delete'), 'Delete an outsourcing nothing came back from', { params: idParam }),
  removeBulk: endpoint('DELETE', '/out-sourcing/out-sourcings/{ids}', okSchema, can('delete'), 'Delete outsourcing nothing came back from, all or none', { params: idsParam }),
});
