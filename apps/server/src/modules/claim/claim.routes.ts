import type { FastifyRequest } from 'fastify';
import { CLAIM_PHOTO_FIELD, CLAIM_PHOTO_MAX_BYTES, type Claim, claimEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { contentDisposition, readUpload, type UploadedFile } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  addPhoto,
  createClaim,
  deleteClaim,
  getClaim,
  listClaims,
  listPhotos,
  lotLookup,
  photoFile,
  removePhoto,
  updateClaim,
} from './claim.service.ts';

const STATUS_LABEL: Record<Claim['status'], [string, string]> = {
  RECEIVED: ['접수', 'Received'],
  INVESTIGATING: ['조사 중', 'Investigating'],
  COUNTERMEASURE: ['대책', 'Countermeasure'],
  CLOSED: ['종결', 'Closed'],
};
const col = exportColumn<Claim>;
const COLUMNS = [
  col('receivedDt', '접수일', 'Received', (r) => r.receivedDt, 12),
  col('bizPartnerName', '고객사', 'Customer', (r) => r.bizPartnerName, 20),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('lotId', 'LOT ID', 'LOT ID', (r) => r.lotId, 20),
  col('claimQty', '수량', 'Qty', (r) => r.claimQty, 10),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('content', '내용', 'Content', (r) => r.content, 40),
  col('cause', '원인', 'Cause', (r) => r.cause, 30),
  col('countermeasure', '대책', 'Countermeasure', (r) => r.countermeasure, 30),
  col('status', '상태', 'Status', (r) => STATUS_LABEL[r.status].join(' / '), 14),
  col('closedDt', '종결일', 'Closed', (r) => r.closedDt, 12),
];

/** One photo from a multipart body, in the field `file`; its bytes decide whether it is an image (platform/files). */
async function readPhoto(req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'A photo is sent as multipart/form-data.');
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== CLAIM_PHOTO_FIELD) throw invalidField(part.fieldname, 'unknownField');
      file = await readUpload(part, { maxBytes: CLAIM_PHOTO_MAX_BYTES, imagesOnly: true, field: CLAIM_PHOTO_FIELD });
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_FILES_LIMIT') throw invalidField(CLAIM_PHOTO_FIELD, 'invalidInput');
    throw e;
  }
  if (!file) throw invalidField(CLAIM_PHOTO_FIELD, 'required');
  return file;
}

// SPEC §7 "Claim".
export const claimRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, claimEndpoints, {
    list: async (req) => listClaims(db, req.query, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'claims',
        sheet: { kr: '클레임', en: 'Claims' },
        columns: COLUMNS,
        records: (await listClaims(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    photos: async (req) => ({ data: await listPhotos(db, req.params.claimId) }),
    addPhoto: async (req) => {
      await getClaim(db, req.params.claimId);
      const file = await readPhoto(req);
      return { data: await addPhoto(db, actorOf(req), req.params.claimId, file) };
    },
    photo: async (req, reply) => {
      const file = await photoFile(db, req.params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', contentDisposition(file.name, true))
        .header('content-length', file.data.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
    removePhoto: async (req) => {
      await removePhoto(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
    lot: async (req) => ({ data: await lotLookup(db, req.query.lotId) }),
    get: async (req) => ({ data: await getClaim(db, req.params.claimId) }),
    create: async (req) => ({ data: await createClaim(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateClaim(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteClaim(db, actorOf(req), req.params.claimId);
      return { data: { ok: true as const } };
    },
  });
};
