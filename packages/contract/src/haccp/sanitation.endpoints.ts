import { okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import { signBody } from './haccp.schemas.ts';
import {
  sanitationCheckListAmendBody,
  sanitationCheckListCreateBody,
  sanitationCheckListDetailResponse,
  sanitationCheckListListResponse,
  sanitationCheckListQuery,
  sanitationCheckListResponse,
  sanitationCheckListUpdateBody,
  sanitationIdParam,
  sanitationTemplateCreateBody,
  sanitationTemplateListQuery,
  sanitationTemplateListResponse,
  sanitationTemplateResponse,
  sanitationTemplateUpdateBody,
} from './sanitation.schemas.ts';

// SPEC §7 "HACCP and records" — Sanitation check list, menu sanitationProcessCheckList
// (/haccp/sanitationProcessCheckList). The spec's five paths exactly; ours, same style under
// /sanitation-process-check-list: the template items of each area, the Excel export, and the sign, review and amend
// actions (rights as for CCP records: review needs modify, an amendment needs create).
const can = (action: 'view' | 'create' | 'modify' | 'delete') =>
  ({ menu: 'sanitationProcessCheckList', action }) as const;
const P = '/sanitation-process-check-list';

// biome-ignore format: a routing table, one endpoint per line
export const sanitationEndpoints = endpoints('sanitationProcessCheckList', {
  templateItems: endpoint('GET', `${P}/template-items`, sanitationTemplateListResponse, can('view'), 'The check items of the areas\' templates (optionally of one area), by area, order and name', { query: sanitationTemplateListQuery }),
  createTemplateItem: endpoint('POST', `${P}/template-items`, sanitationTemplateResponse, can('create'), 'Add a check item to an area\'s template (new check lists copy the enabled items)', { body: sanitationTemplateCreateBody }),
  updateTemplateItem: endpoint('PUT', `${P}/template-items`, sanitationTemplateResponse, can('modify'), 'Change a template item (check lists already made keep their copy)', { body: sanitationTemplateUpdateBody }),
  removeTemplateItem: endpoint('DELETE', `${P}/template-items/{id}`, okSchema, can('delete'), 'Delete a template item (check lists already made keep their copy)', { params: sanitationIdParam }),
  list: endpoint('GET', `${P}/items`, sanitationCheckListListResponse, can('view'), 'Check lists of the days startDt … endDt (optionally of one area), newest first, with their items and signatures', { query: sanitationCheckListQuery }),
  listExport: endpoint('GET', `${P}/items/excel`, FILE, can('view'), 'The check lists of the filter as a workbook, one row per item', { query: sanitationCheckListQuery }),
  create: endpoint('POST', `${P}/create`, sanitationCheckListResponse, can('create'), 'Make the day\'s check list of an area from its enabled template items (the caller is the operator); one per day and area', { body: sanitationCheckListCreateBody }),
  update: endpoint('PUT', `${P}/modify`, sanitationCheckListResponse, can('modify'), 'Record pass/fail and notes of an unsigned check list (409 once signed: amend it instead)', { body: sanitationCheckListUpdateBody }),
  sign: endpoint('POST', `${P}/{id}/sign`, sanitationCheckListResponse, can('create'), 'The operator signs the check list as performed, re-entering the password; every item checked and each failed item with its note first', { params: sanitationIdParam, body: signBody }),
  review: endpoint('POST', `${P}/{id}/review`, sanitationCheckListResponse, can('modify'), 'Another user signs the signed check list as reviewed, re-entering the password (409 for the operator)', { params: sanitationIdParam, body: signBody }),
  amend: endpoint('POST', `${P}/{id}/amend`, sanitationCheckListResponse, can('create'), 'Correct a signed or reviewed check list: a new check list linked to it, with the reason, signed as amended; the original stays', { params: sanitationIdParam, body: sanitationCheckListAmendBody }),
  get: endpoint('GET', `${P}/{id}`, sanitationCheckListDetailResponse, can('view'), 'One check list with its items, signatures and amendment chain (the original first)', { params: sanitationIdParam }),
  remove: endpoint('DELETE', `${P}/delete/{id}`, okSchema, can('delete'), 'Delete an unsigned check list (409 once signed or reviewed)', { params: sanitationIdParam }),
});
