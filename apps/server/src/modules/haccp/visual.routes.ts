import type { FastifyRequest } from 'fastify';
import { VISUAL_PHOTO_FIELD, VISUAL_PHOTO_MAX_BYTES, type VisualInspection, visualEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { contentDisposition, readUpload, type UploadedFile } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  addVisualPhoto,
  amendVisual,
  createVisual,
  deleteVisual,
  exists,
  getVisualDetail,
  listVisual,
  removeVisualPhoto,
  reviewVisual,
  signVisual,
  updateVisual,
  visualLot,
  visualPhotoFile,
} from './visual.service.ts';

const STATUS_LABEL: Record<VisualInspection['status'], string> = {
  DRAFT: '작성 / Draft',
  SIGNED: '서명 / Signed',
  REVIEWED: '검토 / Reviewed',
};
const signer = (r: VisualInspection, meanings: string[]) =>
  r.signatures
    .filter((s) => meanings.includes(s.meaning))
    .map((s) => `${s.username} (${s.userId}) ${s.signedAt.slice(0, 16).replace('T', ' ')}Z`)
    .join(', ');
const col = exportColumn<VisualInspection>;
const COLUMNS = [
  col('inspectedAt', '검사 일시', 'Inspected at', (r) => r.inspectedAt, 17),
  col('lotId', 'LOT ID', 'LOT ID', (r) => r.lotId, 20),
  col('productName', '제품', 'Product', (r) => r.productName, 20),
  col('result', '판정', 'Result', (r) => (r.result === 'PASS' ? '적합 / Pass' : '부적합 / Fail'), 12),
  col('checks', '점검 항목', 'Checks', (r) =>
    r.checks.map((c) => `${c.name}: ${c.passed ? 'O' : 'X'}${c.note ? ` (${c.note})` : ''}`).join('; '),
  ),
  col('photos', '사진', 'Photos', (r) => r.photos.length, 8),
  col('operatorName', '검사자', 'Operator', (r) => r.operatorName, 12),
  col('status', '상태', 'Status', (r) => STATUS_LABEL[r.status], 14),
  col('performed', '수행 서명', 'Performed', (r) => signer(r, ['PERFORMED', 'AMENDED']), 30),
  col('reviewed', '검토 서명', 'Reviewed', (r) => signer(r, ['REVIEWED']), 30),
  col(
    'amends',
    '정정 대상 / 사유',
    'Amends / reason',
    (r) => (r.amendsId ? `#${r.amendsId} ${r.amendReason}` : null),
    30,
  ),
  col('note', '비고', 'Note', (r) => r.note, 30),
];

/** One photo from a multipart body, in the field `file`; its bytes decide whether it is an image (platform/files). */
async function readPhoto(req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'A photo is sent as multipart/form-data.');
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== VISUAL_PHOTO_FIELD) throw invalidField(part.fieldname, 'unknownField');
      file = await readUpload(part, { maxBytes: VISUAL_PHOTO_MAX_BYTES, imagesOnly: true, field: VISUAL_PHOTO_FIELD });
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_FILES_LIMIT') throw invalidField(VISUAL_PHOTO_FIELD, 'invalidInput');
    throw e;
  }
  if (!file) throw invalidField(VISUAL_PHOTO_FIELD, 'required');
  return file;
}

// SPEC §7 "HACCP and records" — Visual inspection (issue 16).
export const visualRoutes: ModuleRoutes = (app, { db, config }) => {
  const tz = config.timeZone;
  bindEndpoints(app, visualEndpoints, {
    list: async (req) => listVisual(db, req.query, tz),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'visual-inspection',
        sheet: { kr: '육안 검사', en: 'Visual inspection' },
        columns: COLUMNS,
        records: (await listVisual(db, req.query, tz)).data,
        timeZone: tz,
      }),
    lot: async (req) => ({ data: await visualLot(db, req.query.lotId) }),
    photo: async (req, reply) => {
      const file = await visualPhotoFile(db, req.params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', contentDisposition(file.name, true))
        .header('content-length', file.data.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
    removePhoto: async (req) => {
      await removeVisualPhoto(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
    addPhoto: async (req) => {
      await exists(db, req.params.id);
      const file = await readPhoto(req);
      return { data: await addVisualPhoto(db, actorOf(req), req.params.id, file) };
    },
    sign: async (req) => ({ data: await signVisual(db, actorOf(req), req.params.id, req.body.password, tz) }),
    review: async (req) => ({ data: await reviewVisual(db, actorOf(req), req.params.id, req.body.password, tz) }),
    amend: async (req) => ({ data: await amendVisual(db, actorOf(req), req.params.id, req.body, tz) }),
    get: async (req) => ({ data: await getVisualDetail(db, req.params.id, tz) }),
    create: async (req) => ({ data: await createVisual(db, actorOf(req), req.body, tz) }),
    update: async (req) => ({ data: await updateVisual(db, actorOf(req), req.body, tz) }),
    remove: async (req) => {
      await deleteVisual(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
};
