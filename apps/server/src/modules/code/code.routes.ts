import {
  categoryParam,
  childOfParam,
  codeCategoryCreateBody,
  codeCategoryListResponse,
  codeCategoryResponse,
  codeCategoryUpdateBody,
  codeCreateBody,
  codeListQuery,
  codeListResponse,
  codeResponse,
  codeTreeResponse,
  codeUpdateBody,
  idParam,
  okSchema,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { registerExcelRoutes } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  codeChildren,
  codesChildOf,
  codesOfCategory,
  codeTree,
  createCategory,
  createCode,
  deleteCategory,
  deleteCode,
  getCategory,
  getCode,
  listCategories,
  listCodes,
  updateCategory,
  updateCode,
} from './code.service.ts';
import { codeExcel } from './code.excel.ts';

// Reads are shared look-ups (every screen's code selects and the web's codes cache); writes need the code menu.
// POST /api/code/cateogry is misspelt on purpose: it is the path of SPEC §7.
const tags = ['code'];
const read = { permission: 'authenticated' as const };
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'code', action } });

export const codeRoutes: ModuleRoutes = (app, { db, config }) => {
  registerExcelRoutes(app, { base: '/api/code', menu: 'code', entity: codeExcel, db, timeZone: config.timeZone });
  app.get('/api/code/tree', { config: read, schema: { tags, response: { 200: codeTreeResponse } } }, async () => ({
    data: await codeTree(db),
  }));
  app.get(
    '/api/code/codes',
    { config: read, schema: { tags, querystring: codeListQuery, response: { 200: codeListResponse } } },
    async (req) => ({ data: await listCodes(db, req.query.category) }),
  );
  app.get(
    '/api/code/categories',
    { config: read, schema: { tags, response: { 200: codeCategoryListResponse } } },
    async () => ({ data: await listCategories(db) }),
  );
  app.get(
    '/api/code/category/:id',
    { config: read, schema: { tags, params: idParam, response: { 200: codeCategoryResponse } } },
    async (req) => ({ data: await getCategory(db, req.params.id) }),
  );
  app.get(
    '/api/code/:id',
    { config: read, schema: { tags, params: idParam, response: { 200: codeResponse } } },
    async (req) => ({ data: await getCode(db, req.params.id) }),
  );
  app.get(
    '/api/code/:id/children',
    { config: read, schema: { tags, params: idParam, response: { 200: codeListResponse } } },
    async (req) => ({ data: await codeChildren(db, req.params.id) }),
  );
  app.get(
    '/api/code/:category/codes',
    { config: read, schema: { tags, params: categoryParam, response: { 200: codeListResponse } } },
    async (req) => ({ data: await codesOfCategory(db, req.params.category) }),
  );
  app.get(
    '/api/code/:category/codes/child-of/:code',
    { config: read, schema: { tags, params: childOfParam, response: { 200: codeListResponse } } },
    async (req) => ({ data: await codesChildOf(db, req.params.category, req.params.code) }),
  );
  app.post(
    '/api/code/code',
    { config: write('create'), schema: { tags, body: codeCreateBody, response: { 200: codeResponse } } },
    async (req) => ({ data: await createCode(db, actorOf(req), req.body) }),
  );
  app.post(
    '/api/code/cateogry',
    {
      config: write('create'),
      schema: { tags, body: codeCategoryCreateBody, response: { 200: codeCategoryResponse } },
    },
    async (req) => ({ data: await createCategory(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/code',
    { config: write('modify'), schema: { tags, body: codeUpdateBody, response: { 200: codeResponse } } },
    async (req) => ({ data: await updateCode(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/code/category',
    {
      config: write('modify'),
      schema: { tags, body: codeCategoryUpdateBody, response: { 200: codeCategoryResponse } },
    },
    async (req) => ({ data: await updateCategory(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/code/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteCode(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/code/category/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteCategory(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  );
};
