import {
  DESIGN_IMAGE_MAX_BYTES,
  idParam,
  idsParam,
  okSchema,
  productBarcodeQuery,
  productBulkBody,
  productCreateBody,
  productListQuery,
  productListResponse,
  productNameQuery,
  productPageResponse,
  productResponse,
  productTypeQuery,
  productUpdateBody,
} from '@eqms/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import { registerExcelRoutes } from '../../platform/excel/excel.ts';
import { contentDisposition, fileTooLarge, readUpload, type UploadedFile } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import { productExcel } from './product.excel.ts';
import {
  createProduct,
  createProducts,
  deleteProducts,
  designImageOf,
  getProduct,
  listProducts,
  productByBarcode,
  productsByName,
  removeDesignImage,
  setDesignImage,
  updateProduct,
} from './product.service.ts';

// Product reads are shared look-ups (BOM, operation plans, production pick products); writes need productInfo.
const tags = ['product'];
const read = { permission: 'authenticated' as const };
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'productInfo', action } });
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

export const productRoutes: ModuleRoutes = (app, { db, config }) => {
  registerExcelRoutes(app, {
    base: '/api/product',
    menu: 'productInfo',
    entity: productExcel,
    db,
    timeZone: config.timeZone,
  });
  app.get(
    '/api/product/products',
    { config: read, schema: { tags, querystring: productListQuery, response: { 200: productPageResponse } } },
    async (req) => listProducts(db, req.query),
  );
  app.get(
    '/api/product/products/type',
    { config: read, schema: { tags, querystring: productTypeQuery, response: { 200: productPageResponse } } },
    async (req) => listProducts(db, req.query),
  );
  app.get(
    '/api/product/products/name',
    { config: read, schema: { tags, querystring: productNameQuery, response: { 200: productListResponse } } },
    async (req) => ({ data: await productsByName(db, req.query.name) }),
  );
  app.get(
    '/api/product/barcode',
    { config: read, schema: { tags, querystring: productBarcodeQuery, response: { 200: productResponse } } },
    async (req) => ({ data: await productByBarcode(db, req.query.barcode) }),
  );
  app.get(
    '/api/product/:id',
    { config: read, schema: { tags, params: idParam, response: { 200: productResponse } } },
    async (req) => ({ data: await getProduct(db, req.params.id) }),
  );
  app.get(
    '/api/product/products/:id/design-image',
    { config: read, schema: { tags, params: idParam } },
    async (req, reply) => {
      const image = await designImageOf(db, req.params.id);
      return reply
        .type(image.mimeType)
        .header('content-disposition', contentDisposition(image.name, true))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );
  app.put(
    '/api/product/products/:id/design-image',
    {
      config: write('modify'),
      schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 200: productResponse } },
    },
    async (req) => {
      await getProduct(db, req.params.id);
      const file = await readDesignImage(req);
      return { data: await setDesignImage(db, actorOf(req), req.params.id, file) };
    },
  );
  app.delete(
    '/api/product/products/:id/design-image',
    { config: write('modify'), schema: { tags, params: idParam, response: { 200: productResponse } } },
    async (req) => ({ data: await removeDesignImage(db, actorOf(req), req.params.id) }),
  );
  app.post(
    '/api/product/product',
    { config: write('create'), schema: { tags, body: productCreateBody, response: { 200: productResponse } } },
    async (req) => ({ data: await createProduct(db, actorOf(req), req.body) }),
  );
  app.post(
    '/api/product/products',
    { config: write('create'), schema: { tags, body: productBulkBody, response: { 200: productListResponse } } },
    async (req) => ({ data: await createProducts(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/product',
    { config: write('modify'), schema: { tags, body: productUpdateBody, response: { 200: productResponse } } },
    async (req) => ({ data: await updateProduct(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/product/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteProducts(db, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/product/products/:ids',
    { config: write('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteProducts(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  );
};
