import { endpoints } from '../endpoint.ts';
import {
  historyDateParams,
  historyIdRangeParams,
  historyListQuery,
  historyListResponse,
  historyRecordParams,
  historyServiceParams,
} from './history.schemas.ts';

// SPEC §7 History. The screen's calls need the history menu; a record's history is open to anyone signed in at the
// route, and the server checks the view right of the table's menu (HISTORY_TABLE_MENUS).
const view = { menu: 'history', action: 'view' } as const;

export const historyEndpoints = endpoints('history', {
  byDates: {
    method: 'GET',
    path: '/history/service/date/{from}/{to}',
    params: historyDateParams,
    query: historyListQuery,
    response: historyListResponse,
    permission: view,
    summary: 'Revisions of every audited table in a date range, newest first, one page with the total',
  },
  byService: {
    method: 'GET',
    path: '/history/date/{from}/{to}/service/{name}',
    params: historyServiceParams,
    query: historyListQuery,
    response: historyListResponse,
    permission: view,
    summary: 'Revisions of one table in a date range, newest first, one page with the total',
  },
  byIdRange: {
    method: 'GET',
    path: '/history/fromid/{a}/toid/{b}',
    params: historyIdRangeParams,
    response: historyListResponse,
    permission: view,
    summary: 'Revisions with ids from a to b',
  },
  record: {
    method: 'GET',
    path: '/history/record/{table}/{id}',
    params: historyRecordParams,
    query: historyListQuery,
    response: historyListResponse,
    permission: 'authenticated',
    summary: "One record's revisions, oldest first (needs the view right of the table's menu)",
  },
});
