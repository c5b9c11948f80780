import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import {
  toolCreateBody,
  toolExportQuery,
  toolInspectHistoryCreateBody,
  toolInspectHistoryListResponse,
  toolInspectHistoryResponse,
  toolInspectHistoryUpdateBody,
  toolListResponse,
  toolManagerListResponse,
  toolResponse,
  toolTreeResponse,
  toolUpdateBody,
} from './tool.schemas.ts';

// SPEC §7 "Tool". Tool reads are pick-lists for other screens (operation plans, parameters, stock): any signed-in
// user. The inspection history is the tools screen's own data: its view right. Every write needs the tools menu
// (an inspection is part of looking after a tool, so the tools menu's rights apply to its history too).
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'tools', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const toolEndpoints = endpoints('tool', {
  ...excelEndpoints('/tool', 'tools', toolExportQuery),
  list: endpoint('GET', '/tool/tools/with-location-user', toolListResponse, 'authenticated', 'Every tool with its location and manager'),
  tree: endpoint('GET', '/tool/tree', toolTreeResponse, 'authenticated', 'The locations down to lines and warehouses with their tools as leaves'),
  managers: endpoint('GET', '/tool/managers', toolManagerListResponse, 'authenticated', "The form's manager pick-list: enabled users (not in SPEC §7)"),
  atLocation: endpoint('GET', '/tool/location/{id}/tools', toolListResponse, 'authenticated', 'The tools at a location and below it', { params: idParam }),
  inspectHistories: endpoint('GET', '/tool/tools-inspect-history/{id}', toolInspectHistoryListResponse, can('view'), "A tool's inspection history", { params: idParam }),
  get: endpoint('GET', '/tool/{id}', toolResponse, 'authenticated', 'One tool', { params: idParam }),
  create: endpoint('POST', '/tool', toolResponse, can('create'), 'Create a tool', { body: toolCreateBody }),
  update: endpoint('PUT', '/tool', toolResponse, can('modify'), 'Modify a tool', { body: toolUpdateBody }),
  remove: endpoint('DELETE', '/tool/{id}', okSchema, can('delete'), 'Delete a tool', { params: idParam }),
  removeBulk: endpoint('DELETE', '/tool/tools/{ids}', okSchema, can('delete'), 'Delete tools, all or none', { params: idsParam }),
  createInspectHistory: endpoint('POST', '/tool/tool-inspect-history', toolInspectHistoryResponse, can('create'), 'Record an inspection of a tool', { body: toolInspectHistoryCreateBody }),
  updateInspectHistory: endpoint('PUT', '/tool/tool-inspect-history', toolInspectHistoryResponse, can('modify'), 'Modify an inspection record', { body: toolInspectHistoryUpdateBody }),
  removeInspectHistory: endpoint('DELETE', '/tool/tool-inspect-history/{id}', okSchema, can('delete'), 'Delete an inspection record', { params: idParam }),
  removeInspectHistories: endpoint('DELETE', '/tool/tool-inspect-historys/{ids}', okSchema, can('delete'), 'Delete inspection records, all or none (path spelt as in SPEC §7)', { params: idsParam }),
});
