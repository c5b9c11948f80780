import { DESIGN_IMAGE_MAX_BYTES } from '@eqms/contract';
import type { FastifyRequest } from 'fastify';
import { invalidField } from '../../platform/errors.ts';
import { fileTooLarge, readUpload, type UploadedFile } from '../../platform/files.ts';

// A design image upload: the product's drawing, and a mold's (mold depends on product and takes the same rule).

const IMAGE_FIELD = 'file';

/** Exactly one file part, an image by its bytes, at most DESIGN_IMAGE_MAX_BYTES; 400 on `file` otherwise. */
export async function readDesignImage(req: FastifyRequest): Promise<UploadedFile> {
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
