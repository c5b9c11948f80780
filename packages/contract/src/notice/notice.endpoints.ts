import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints, FILE, MULTIPART } from '../endpoint.ts';
import { noticeListQuery, noticeListResponse, noticeReadAllResponse, noticeResponse } from './notice.schemas.ts';

// SPEC §7 Notice. Reading a notice, the bell's posts and the read marks are every signed-in user's; the notice
// screen's list and the writes need the notice menu. Create and modify are multipart forms (noticeCreateForm and
// noticeModifyForm fields plus one optional file in the field `file`).
const menu = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'notice', action }) as const;

export const noticeEndpoints = endpoints('notice', {
  list: {
    method: 'GET',
    path: '/notice/notices',
    query: noticeListQuery,
    response: noticeListResponse,
    permission: menu('view'),
    summary: 'Notices, one page, optionally those targeted at a location or below it, with the total',
  },
  posts: {
    method: 'GET',
    path: '/notice/notices/posts',
    response: noticeListResponse,
    permission: 'authenticated',
    summary: "The caller's active notices, unread first",
  },
  readAll: {
    method: 'GET',
    path: '/notice/read/all',
    response: noticeReadAllResponse,
    permission: 'authenticated',
    summary: "Mark all of the caller's active notices read (a GET that writes, as SPEC §7 has it)",
  },
  markRead: {
    method: 'POST',
    path: '/notice/{id}/read',
    params: idParam,
    response: okSchema,
    permission: 'authenticated',
    summary: 'Mark one notice read by the caller',
  },
  attachment: {
    method: 'GET',
    path: '/notice/file/{id}',
    params: idParam,
    response: FILE,
    permission: 'authenticated',
    summary: "A notice's attached file",
  },
  get: {
    method: 'GET',
    path: '/notice/{id}',
    params: idParam,
    response: noticeResponse,
    permission: 'authenticated',
    summary: 'One notice',
  },
  create: {
    method: 'POST',
    path: '/notice',
    body: MULTIPART,
    response: noticeResponse,
    permission: menu('create'),
    summary: 'Create a notice (multipart: the form fields and an optional file in the field `file`)',
  },
  update: {
    method: 'PUT',
    path: '/notice',
    body: MULTIPART,
    response: noticeResponse,
    permission: menu('modify'),
    summary: 'Modify a notice (multipart: the form fields, removeFile, and an optional new file in `file`)',
  },
  remove: {
    method: 'DELETE',
    path: '/notice/{id}',
    params: idParam,
    response: okSchema,
    permission: menu('delete'),
    summary: 'Delete a notice',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/notice/notices/{ids}',
    params: idsParam,
    response: okSchema,
    permission: menu('delete'),
    summary: 'Delete notices, all or none',
  },
});
