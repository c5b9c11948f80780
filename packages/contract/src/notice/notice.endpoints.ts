import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE, MULTIPART } from '../endpoint.ts';
import { noticeListQuery, noticeListResponse, noticeReadAllResponse, noticeResponse } from './notice.schemas.ts';

// SPEC §7 Notice. Reading a notice, the bell's posts and the read marks are every signed-in user's; the notice
// screen's list and the writes need the notice menu. Create and modify are multipart forms (noticeCreateForm and
// noticeModifyForm fields plus one optional file in the field `file`).
const menu = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'notice', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const noticeEndpoints = endpoints('notice', {
  list: endpoint('GET', '/notice/notices', noticeListResponse, menu('view'), 'Notices, one page, optionally those targeted at a location or below it, with the total', { query: noticeListQuery }),
  posts: endpoint('GET', '/notice/notices/posts', noticeListResponse, 'authenticated', "The caller's active notices, unread first"),
  readAll: endpoint('GET', '/notice/read/all', noticeReadAllResponse, 'authenticated', "Mark all of the caller's active notices read (a GET that writes, as SPEC §7 has it)"),
  markRead: endpoint('POST', '/notice/{id}/read', okSchema, 'authenticated', 'Mark one notice read by the caller', { params: idParam }),
  attachment: endpoint('GET', '/notice/file/{id}', FILE, 'authenticated', "A notice's attached file", { params: idParam }),
  get: endpoint('GET', '/notice/{id}', noticeResponse, 'authenticated', 'One notice', { params: idParam }),
  create: endpoint('POST', '/notice', noticeResponse, menu('create'), 'Create a notice (multipart: the form fields and an optional file in the field `file`)', { body: MULTIPART }),
  update: endpoint('PUT', '/notice', noticeResponse, menu('modify'), 'Modify a notice (multipart: the form fields, removeFile, and an optional new file in `file`)', { body: MULTIPART }),
  remove: endpoint('DELETE', '/notice/{id}', okSchema, menu('delete'), 'Delete a notice', { params: idParam }),
  removeBulk: endpoint('DELETE', '/notice/notices/{ids}', okSchema, menu('delete'), 'Delete notices, all or none', { params: idsParam }),
});
