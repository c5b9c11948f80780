import { okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  ccpCreateBody,
  ccpListQuery,
  ccpListResponse,
  ccpMonitoringAmendBody,
  ccpMonitoringCreateBody,
  ccpMonitoringDetailResponse,
  ccpMonitoringIdParam,
  ccpMonitoringListQuery,
  ccpMonitoringListResponse,
  ccpMonitoringResponse,
  ccpMonitoringUpdateBody,
  ccpResponse,
  ccpUpdateBody,
  signBody,
} from './haccp.schemas.ts';

// SPEC §7 "HACCP and records" — CCP, menu ccpMonitoring (/haccp/ccpMonitoringPage). The spec's five paths exactly;
// ours, same style under /haccp/critical-control-point: the CCP master data (`/points`), the Excel export, and the
// sign, review and amend actions. Review needs the menu's modify right (and the reviewer is not the operator, checked
// by the server); an amendment is a new record, so it needs create.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'ccpMonitoring', action }) as const;
const P = '/haccp/critical-control-point';

// biome-ignore format: a routing table, one endpoint per line
export const ccpEndpoints = endpoints('ccpMonitoring', {
  points: endpoint('GET', `${P}/points`, ccpListResponse, can('view'), 'The critical control points (optionally of one type), by name', { query: ccpListQuery }),
  createPoint: endpoint('POST', `${P}/points`, ccpResponse, can('create'), 'Add a critical control point: type, critical limits (min/max or pass/fail), monitoring frequency', { body: ccpCreateBody }),
  updatePoint: endpoint('PUT', `${P}/points`, ccpResponse, can('modify'), 'Change a critical control point (its records keep the limits they were judged by)', { body: ccpUpdateBody }),
  removePoint: endpoint('DELETE', `${P}/points/{id}`, okSchema, can('delete'), 'Delete a critical control point without records (409 with the records otherwise)', { params: ccpMonitoringIdParam }),
  list: endpoint('GET', `${P}/monitoring-list`, ccpMonitoringListResponse, can('view'), 'Monitoring records checked in startDt … endDt (optionally of one CCP type), newest first, and the missing checks: slots of a CCP\'s frequency with no record', { query: ccpMonitoringListQuery }),
  listExport: endpoint('GET', `${P}/monitoring-list/excel`, FILE, can('view'), 'The monitoring records of the filter as a workbook', { query: ccpMonitoringListQuery }),
  create: endpoint('POST', `${P}/create-monitoring`, ccpMonitoringResponse, can('create'), 'Record a check (the caller is the monitoring operator); outside the limits it is a deviation', { body: ccpMonitoringCreateBody }),
  update: endpoint('PUT', `${P}/modify-monitoring`, ccpMonitoringResponse, can('modify'), 'Change an unsigned record (409 once signed or reviewed: amend it instead)', { body: ccpMonitoringUpdateBody }),
  sign: endpoint('POST', `${P}/{id}/sign`, ccpMonitoringResponse, can('create'), 'The operator signs the record as performed, re-entering the password; a deviation needs its corrective action first', { params: ccpMonitoringIdParam, body: signBody }),
  review: endpoint('POST', `${P}/{id}/review`, ccpMonitoringResponse, can('modify'), 'Another user signs the signed record as reviewed, re-entering the password (409 for the operator)', { params: ccpMonitoringIdParam, body: signBody }),
  amend: endpoint('POST', `${P}/{id}/amend`, ccpMonitoringResponse, can('create'), 'Correct a signed or reviewed record: a new record linked to it, with the reason, signed as amended; the original stays', { params: ccpMonitoringIdParam, body: ccpMonitoringAmendBody }),
  get: endpoint('GET', `${P}/{id}`, ccpMonitoringDetailResponse, can('view'), 'One record with its signatures and its amendment chain (the original first)', { params: ccpMonitoringIdParam }),
  remove: endpoint('DELETE', `${P}/delete-monitoring/{id}`, okSchema, can('delete'), 'Delete an unsigned record (409 once signed or reviewed)', { params: ccpMonitoringIdParam }),
});
