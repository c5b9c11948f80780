import { DESIGN_IMAGE_MAX_BYTES, productEndpoints } from '@eqms/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { contentDisposition, fileTooLarge, readUpload, type UploadedFile } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import { masterHandlers } from '../../platform/master.ts';
import { productExcel } from './product.excel.ts';
import { designImageOf, productMaster, removeDesignImage, setDesignImage } from './product.service.ts';

const IMAGE_FIELD = 'file';

/** Exactly one file part, an image by its bytes, at most DESIGN_IMAGE_MAX_BYTES; 400 on `file` otherwise. */
async function readDesignImage(req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw invalidField(IMAGE_FIELD, 'required');
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts({ limits: { files: 1, fileSize: DESIGN_IMAGE_MAX_BYTES } })) {
      if (part.type === 'field') continue;
      if (file) throw invalidField(IMAGE_FIELD, 'excelOneFile');
      file = await readUpload(part, { maxBytes: DESIGN_IMAGE_MAX_BYTES, imagesOnly: true, field: IMAGE_FIELD });
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw invalidField(IMAGE_FIELD, 'excelOneFile');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(IMAGE_FIELD, DESIGN_IMAGE_MAX_BYTES);
    throw e;
  }
  if (!file) throw invalidField(IMAGE_FIELD, 'required');
  return file;
}

export const productRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  bindEndpoints(app, productEndpoints, {
    ...excelHandlers({ entity: productExcel, db, timeZone: config.timeZone }),
    ...masterHandlers(productMaster, ctx),
    listByType: async (req) => productMaster.list(db, req.query),
    byName: async (req) => ({ data: await productMaster.pickList(db, req.query.name) }),
    byBarcode: async (req) => ({ data: await productMaster.byBarcode(db, req.query.barcode) }),
    designImage: async (req, reply) => {
      const image = await designImageOf(db, req.params.id);
      return reply
        .type(image.mimeType)
        .header('content-disposition', contentDisposition(image.name, true))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
    setDesignImage: async (req) => {
      await productMaster.get(db, req.params.id);
      const file = await readDesignImage(req);
      return { data: await setDesignImage(db, actorOf(req), req.params.id, file) };
    },
    removeDesignImage: async (req) => ({ data: await removeDesignImage(db, actorOf(req), req.params.id) }),
  });
};
