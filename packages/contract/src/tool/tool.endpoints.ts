import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
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

export const toolEndpoints = endpoints('tool', {
  ...excelEndpoints('/tool', 'tools', toolExportQuery),
  list: {
    method: 'GET',
    path: '/tool/tools/with-location-user',
    response: toolListResponse,
    permission: 'authenticated',
    summary: 'Every tool with its location and manager',
  },
  tree: {
    method: 'GET',
    path: '/tool/tree',
    response: toolTreeResponse,
    permission: 'authenticated',
    summary: 'The locations down to lines and warehouses with their tools as leaves',
  },
  managers: {
    method: 'GET',
    path: '/tool/managers',
    response: toolManagerListResponse,
    permission: 'authenticated',
    summary: "The form's manager pick-list: enabled users (not in SPEC §7)",
  },
  atLocation: {
    method: 'GET',
    path: '/tool/location/{id}/tools',
    params: idParam,
    response: toolListResponse,
    permission: 'authenticated',
    summary: 'The tools at a location and below it',
  },
  inspectHistories: {
    method: 'GET',
    path: '/tool/tools-inspect-history/{id}',
    params: idParam,
    response: toolInspectHistoryListResponse,
    permission: can('view'),
    summary: "A tool's inspection history",
  },
  get: {
    method: 'GET',
    path: '/tool/{id}',
    params: idParam,
    response: toolResponse,
    permission: 'authenticated',
    summary: 'One tool',
  },
  create: {
    method: 'POST',
    path: '/tool',
    body: toolCreateBody,
    response: toolResponse,
    permission: can('create'),
    summary: 'Create a tool',
  },
  update: {
    method: 'PUT',
    path: '/tool',
    body: toolUpdateBody,
    response: toolResponse,
    permission: can('modify'),
    summary: 'Modify a tool',
  },
  remove: {
    method: 'DELETE',
    path: '/tool/{id}',
    params: idParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete a tool',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/tool/tools/{ids}',
    params: idsParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete tools, all or none',
  },
  createInspectHistory: {
    method: 'POST',
    path: '/tool/tool-inspect-history',
    body: toolInspectHistoryCreateBody,
    response: toolInspectHistoryResponse,
    permission: can('create'),
    summary: 'Record an inspection of a tool',
  },
  updateInspectHistory: {
    method: 'PUT',
    path: '/tool/tool-inspect-history',
    body: toolInspectHistoryUpdateBody,
    response: toolInspectHistoryResponse,
    permission: can('modify'),
    summary: 'Modify an inspection record',
  },
  removeInspectHistory: {
    method: 'DELETE',
    path: '/tool/tool-inspect-history/{id}',
    params: idParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete an inspection record',
  },
  removeInspectHistories: {
    method: 'DELETE',
    path: '/tool/tool-inspect-historys/{ids}',
    params: idsParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete inspection records, all or none (path spelt as in SPEC §7)',
  },
});
