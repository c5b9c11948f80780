import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  workerHistoryListResponse,
  workerHistoryQuery,
  workerListResponse,
  workerResponse,
  workerSaveBody,
  workerTreeResponse,
} from './worker.schemas.ts';

// SPEC §7 "Worker": the worker screen (/production/worker, menu worker).
const can = (action: 'view' | 'modify' | 'delete') => ({ menu: 'worker', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const workerEndpoints = endpoints('worker', {
  list: endpoint('GET', '/worker/workers', workerListResponse, can('view'), 'Every worker with their user, line and factory, by factory, line and name'),
  noLocation: endpoint('GET', '/worker/no-location', workerListResponse, can('view'), 'The workers assigned to no line'),
  tree: endpoint('GET', '/worker/tree', workerTreeResponse, can('view'), 'Sites → factories → lines → their workers, each location with its count of workers'),
  atLocation: endpoint('GET', '/worker/location/{id}/workers', workerListResponse, can('view'), 'The workers of a line, or of every line below a factory or site', { params: idParam }),
  history: endpoint('GET', '/worker/history', workerHistoryListResponse, can('view'), "The workers' results (daily plans they worked) of a period of at most 93 days, newest day first; every worker without `workers`", { query: workerHistoryQuery }),
  save: endpoint('PUT', '/worker', workerResponse, can('modify'), 'Make a user a worker or change their line (one worker per user); answers the worker', { body: workerSaveBody }),
  remove: endpoint('DELETE', '/worker/{id}', okSchema, can('delete'), 'Remove a worker (their results keep their user)', { params: idParam }),
});
