import { endpoints } from '../endpoint.ts';
import {
  onlineUserListResponse,
  pageHitBody,
  pageHitBucketListResponse,
  pageHitFunctionListResponse,
  pageHitListQuery,
  pageHitListResponse,
  pageHitRangeParams,
  pageHitResponse,
  pageHitTimeParams,
  pageHitUserListResponse,
  runtimeResponse,
  systemMenuListResponse,
  systemMenuSaveBody,
} from './system.schemas.ts';

// SPEC §7 System: the menu configuration (read by every shell, saved from /admin/config), page hits and their
// statistics (pageHit menu), who is online, and the runtime settings the web reads at start.
const pageHitView = { menu: 'pageHit', action: 'view' } as const;

export const systemEndpoints = endpoints('system', {
  menu: {
    method: 'GET',
    path: '/system/menu',
    response: systemMenuListResponse,
    permission: 'authenticated',
    summary: 'The system menu configuration (visibility and order of menus)',
  },
  createMenu: {
    method: 'POST',
    path: '/system/menu',
    body: systemMenuSaveBody,
    response: systemMenuListResponse,
    permission: { menu: 'config', action: 'create' },
    summary: 'Save menu configuration entries, upserted by menu name (with the create right)',
  },
  saveMenu: {
    method: 'PUT',
    path: '/system/menu',
    body: systemMenuSaveBody,
    response: systemMenuListResponse,
    permission: { menu: 'config', action: 'modify' },
    summary: 'Save menu configuration entries, upserted by menu name (with the modify right)',
  },
  recordPageHit: {
    method: 'POST',
    path: '/system/page-hits/page-hit',
    body: pageHitBody,
    response: pageHitResponse,
    permission: 'authenticated',
    summary: 'Record a page hit of the caller',
  },
  pageHits: {
    method: 'GET',
    path: '/system/page-hits',
    query: pageHitListQuery,
    response: pageHitListResponse,
    permission: pageHitView,
    summary: 'Page hits in a period, one page, with the total',
  },
  pageHitsByTime: {
    method: 'GET',
    path: '/system/page-hits/type/{type}/{fromMs}/{toMs}',
    params: pageHitTimeParams,
    response: pageHitBucketListResponse,
    permission: pageHitView,
    summary: 'Page-hit counts per hour, day, week or month of a period',
  },
  pageHitsByFunction: {
    method: 'GET',
    path: '/system/page-hits/function/{from}/{to}',
    params: pageHitRangeParams,
    response: pageHitFunctionListResponse,
    permission: pageHitView,
    summary: 'Page-hit counts per screen in a period',
  },
  pageHitsByUser: {
    method: 'GET',
    path: '/system/page-hits/user/{from}/{to}',
    params: pageHitRangeParams,
    response: pageHitUserListResponse,
    permission: pageHitView,
    summary: 'Page-hit counts per user in a period',
  },
  onlineUsers: {
    method: 'GET',
    path: '/system/online-users',
    response: onlineUserListResponse,
    permission: 'authenticated',
    summary: 'Users with a live session used in the last minutes, latest access first',
  },
  runtime: {
    method: 'GET',
    path: '/system/runtime',
    response: runtimeResponse,
    permission: 'authenticated',
    summary: 'The runtime settings of this deployment (business type, excluded menus, chat, session idle limit)',
  },
});
