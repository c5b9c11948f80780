import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  dashboardCreateBody,
  dashboardListResponse,
  dashboardResponse,
  dashboardUpdateBody,
  widgetConfigQuery,
  widgetConfigResponse,
} from './dashboard.schemas.ts';

// SPEC §7 "Settings and dashboards". Every dashboard is its owner's: the service answers another user's as missing.
// Reading needs view on the dashboard menu; creating needs create (SPEC §6), changing modify, deleting delete.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'dashboard', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const dashboardEndpoints = endpoints('dashboard', {
  list: endpoint('GET', '/dashboard/dashboards', dashboardListResponse, can('view'), "The caller's dashboards (id, name) in their order"),
  widgetConfig: endpoint('GET', '/dashboard/widget-config', widgetConfigResponse, can('view'), "One widget of the caller's dashboards: its type, settings and refresh interval (weightId = the widget's id)", { query: widgetConfigQuery }),
  get: endpoint('GET', '/dashboard/{id}', dashboardResponse, can('view'), 'One of the caller\'s dashboards with its widgets', { params: idParam }),
  create: endpoint('POST', '/dashboard', dashboardResponse, can('create'), 'Create a dashboard of the caller', { body: dashboardCreateBody }),
  update: endpoint('PUT', '/dashboard', dashboardResponse, can('modify'), "Modify one of the caller's dashboards (name, order, widgets)", { body: dashboardUpdateBody }),
  remove: endpoint('DELETE', '/dashboard/{id}', okSchema, can('delete'), "Delete one of the caller's dashboards", { params: idParam }),
});
