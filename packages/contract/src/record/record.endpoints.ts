import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE, MULTIPART } from '../endpoint.ts';
import {
  recordCreateBody,
  recordFileResponse,
  recordFilterQuery,
  recordListQuery,
  recordListResponse,
  recordParentQuery,
  recordResponse,
  recordTreeResponse,
  recordUpdateBody,
} from './record.schemas.ts';

// SPEC §7 "Record" (screen /record, menu record), paths exact. Ours, same style: the list's workbook, the upload of
// a sheet's file (multipart) and its delete; both change the sheet, so they need modify.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'record', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const recordEndpoints = endpoints('record', {
  list: endpoint('GET', '/record/records', recordListResponse, can('view'), 'Sheets (not folders), newest date first; a page with the total when page/size are given', { query: recordListQuery }),
  listExport: endpoint('GET', '/record/records/excel', FILE, can('view'), 'The sheets of the filter as a workbook', { query: recordFilterQuery }),
  tree: endpoint('GET', '/record/tree', recordTreeResponse, can('view'), 'Record types, their folders and sheets'),
  children: endpoint('GET', '/record/parent/records', recordListResponse, can('view'), "A folder's folders and sheets (folders first), or a type's root without parentId", { query: recordParentQuery }),
  file: endpoint('GET', '/record/file/{id}', FILE, can('view'), 'Download an attached file (the stored bytes)', { params: idParam }),
  removeFile: endpoint('DELETE', '/record/file/{id}', okSchema, can('modify'), 'Delete an attached file', { params: idParam }),
  addFile: endpoint('POST', '/record/{id}/files', recordFileResponse, can('modify'), 'Attach one file to a sheet (multipart field `file`, checked by content, at most 10 MB)', { params: idParam, body: MULTIPART }),
  get: endpoint('GET', '/record/{id}', recordResponse, can('view'), 'One folder or sheet with its fields and files', { params: idParam }),
  create: endpoint('POST', '/record', recordResponse, can('create'), 'Create a folder or a sheet', { body: recordCreateBody }),
  update: endpoint('PUT', '/record', recordResponse, can('modify'), 'Modify a folder or a sheet (may move it to another folder of its type)', { body: recordUpdateBody }),
  remove: endpoint('DELETE', '/record/{id}', okSchema, can('delete'), 'Delete a sheet with its files, or an empty folder (a folder with children is refused: 409)', { params: idParam }),
});
