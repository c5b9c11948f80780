import { endpoint, endpoints } from '../endpoint.ts';
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

// biome-ignore format: a routing table, one endpoint per line
export const historyEndpoints = endpoints('history', {
  byDates: endpoint('GET', '/history/service/date/{from}/{to}', historyListResponse, view, 'Revisions of every audited table in a date range, newest first, one page with the total', { params: historyDateParams, query: historyListQuery }),
  byService: endpoint('GET', '/history/date/{from}/{to}/service/{name}', historyListResponse, view, 'Revisions of one table in a date range, newest first, one page with the total', { params: historyServiceParams, query: historyListQuery }),
  byIdRange: endpoint('GET', '/history/fromid/{a}/toid/{b}', historyListResponse, view, 'Revisions with ids from a to b', { params: historyIdRangeParams }),
  record: endpoint('GET', '/history/record/{table}/{id}', historyListResponse, 'authenticated', "One record's revisions, oldest first (needs the view right of the table's menu)", { params: historyRecordParams, query: historyListQuery }),
});
