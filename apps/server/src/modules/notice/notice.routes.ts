import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  NOTICE_ATTACHMENT_MAX_BYTES,
  NOTICE_FILE_FIELD,
  noticeCreateForm,
  noticeEndpoints,
  noticeModifyForm,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { contentDisposition, readUpload, type UploadedFile } from '../../platform/files.ts';
import { assertNoNul } from '../../platform/input.ts';
import { actorOf } from '../../platform/guard.ts';
import { NoticeService } from './notice.service.ts';

const ok = { data: { ok: true as const } };

/**
 * Reads a notice form: text fields plus at most one file in the field `file`. Fields are checked with the
 * contract schema, so a bad form answers the same 400 VALIDATION_ERROR body as a bad JSON body.
 */
async function readNoticeForm<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
): Promise<{ form: z.infer<S>; file: UploadedFile | null }> {
  if (!req.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'A notice is sent as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const tooMany = () => invalidField(NOTICE_FILE_FIELD, 'Only one file can be attached.');
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== NOTICE_FILE_FIELD) throw invalidField(part.fieldname, 'unknownField');
      // A form whose file input was left empty still sends an empty, nameless part: that is "no file".
      if (!part.filename) {
        await part.toBuffer();
        continue;
      }
      if (file) throw tooMany();
      file = await readUpload(part, { maxBytes: NOTICE_ATTACHMENT_MAX_BYTES, field: NOTICE_FILE_FIELD });
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_FILES_LIMIT') throw tooMany();
    throw e;
  }
  // Multipart text is read here, after the platform's check of JSON bodies: the same NUL rule, on the field.
  assertNoNul(fields);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw new AppError(400, 'VALIDATION_ERROR', 'Invalid input value', { fields: fieldErrors });
  }
  return { form: parsed.data, file };
}

export const noticeRoutes: ModuleRoutes = (app, { db, config }) => {
  const service = new NoticeService(db, config.timeZone);

  bindEndpoints(app, noticeEndpoints, {
    list: async (req) => service.list(actorOf(req), req.query),
    posts: async (req) => ({ data: await service.posts(actorOf(req)) }),
    readAll: async (req) => ({ data: { count: await service.markAllRead(actorOf(req)) } }),
    markRead: async (req) => {
      await service.markRead(actorOf(req), req.params.id);
      return ok;
    },
    attachment: async (req, reply) => {
      const file = await service.attachment(actorOf(req), req.params.id);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', contentDisposition(file.name))
        .header('content-length', file.data.length)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
    get: async (req) => ({ data: await service.get(actorOf(req), req.params.id) }),
    create: async (req) => {
      const { form, file } = await readNoticeForm(req, noticeCreateForm);
      return { data: await service.create(actorOf(req), form, file) };
    },
    update: async (req) => {
      const { form, file } = await readNoticeForm(req, noticeModifyForm);
      return { data: await service.modify(actorOf(req), form, file) };
    },
    remove: async (req) => {
      await service.remove(actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await service.remove(actorOf(req), req.params.ids);
      return ok;
    },
  });
};
