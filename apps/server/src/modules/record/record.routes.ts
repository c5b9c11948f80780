import {
  RECORD_FILE_FIELD,
  RECORD_FILE_MAX_BYTES,
  RECORD_TYPE_LABELS,
  type RecordSheet,
  recordEndpoints,
} from '@eqms/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { contentDisposition, fileTooLarge, readUpload, type UploadedFile } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  addRecordFile,
  childRecords,
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  recordFileOf,
  recordTree,
  removeRecordFile,
  updateRecord,
} from './record.service.ts';

/**
 * One file from a multipart body in the field `file`, at most RECORD_FILE_MAX_BYTES; its bytes decide its type
 * (platform/files.ts: PDF, images, Office/HWP, CSV/text). Anything else (an .exe renamed .pdf) is 400 on `file`.
 */
async function readRecordFile(req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw invalidField(RECORD_FILE_FIELD, 'required');
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts({ limits: { files: 1, fileSize: RECORD_FILE_MAX_BYTES } })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== RECORD_FILE_FIELD) throw invalidField(part.fieldname, 'unknownField');
      file = await readUpload(part, { maxBytes: RECORD_FILE_MAX_BYTES, field: RECORD_FILE_FIELD });
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw invalidField(RECORD_FILE_FIELD, 'excelOneFile');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(RECORD_FILE_FIELD, RECORD_FILE_MAX_BYTES);
    if (e instanceof AppError && e.code === 'UNSUPPORTED_MEDIA_TYPE')
      throw invalidField(RECORD_FILE_FIELD, 'recordFileType');
    throw e;
  }
  if (!file) throw invalidField(RECORD_FILE_FIELD, 'required');
  return file;
}

const col = exportColumn<RecordSheet>;
const COLUMNS = [
  col('type', '유형', 'Type', (r) => `${RECORD_TYPE_LABELS[r.type].kr} / ${RECORD_TYPE_LABELS[r.type].en}`, 14),
  col('parentPath', '폴더', 'Folder', (r) => r.parentPath, 30),
  col('title', '제목', 'Title', (r) => r.title, 30),
  col('recordDt', '일자', 'Date', (r) => r.recordDt, 12),
  col('author', '작성자', 'Author', (r) => r.author, 14),
  col('fields', '항목', 'Fields', (r) => r.fields.map((f) => `${f.key}: ${f.value}`).join('\n'), 40),
  col('files', '첨부 파일', 'Files', (r) => r.files.map((f) => f.name).join(', '), 30),
];

// SPEC §7 "Record".
export const recordRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, recordEndpoints, {
    list: async (req) => listRecords(db, req.query, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'records',
        sheet: { kr: '기록지', en: 'Record sheets' },
        columns: COLUMNS,
        records: (await listRecords(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    tree: async () => ({ data: await recordTree(db) }),
    children: async (req) => ({ data: await childRecords(db, req.query.type, req.query.parentId) }),
    file: async (req, reply) => {
      const file = await recordFileOf(db, req.params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', contentDisposition(file.name))
        .header('content-length', file.data.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
    removeFile: async (req) => {
      await removeRecordFile(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
    addFile: async (req) => {
      await getRecord(db, req.params.id);
      const file = await readRecordFile(req);
      return { data: await addRecordFile(db, actorOf(req), req.params.id, file) };
    },
    get: async (req) => ({ data: await getRecord(db, req.params.id) }),
    create: async (req) => ({ data: await createRecord(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateRecord(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteRecord(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
};
