import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
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
} from './code.schemas.ts';

// SPEC §7 "Code". Reads are shared look-ups (every screen's code selects and the web's codes cache); writes need
// the code menu. POST /code/cateogry is misspelt on purpose: it is the path of SPEC §7.
const write = (action: 'create' | 'modify' | 'delete') => ({ menu: 'code', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const codeEndpoints = endpoints('code', {
  ...excelEndpoints('/code', 'code', codeListQuery),
  tree: endpoint('GET', '/code/tree', codeTreeResponse, 'authenticated', 'Every category with its codes nested by parent'),
  list: endpoint('GET', '/code/codes', codeListResponse, 'authenticated', 'Codes, optionally of one category', { query: codeListQuery }),
  categories: endpoint('GET', '/code/categories', codeCategoryListResponse, 'authenticated', 'Every code category'),
  getCategory: endpoint('GET', '/code/category/{id}', codeCategoryResponse, 'authenticated', 'One code category', { params: idParam }),
  get: endpoint('GET', '/code/{id}', codeResponse, 'authenticated', 'One code', { params: idParam }),
  children: endpoint('GET', '/code/{id}/children', codeListResponse, 'authenticated', 'The codes whose parent is this code', { params: idParam }),
  ofCategory: endpoint('GET', '/code/{category}/codes', codeListResponse, 'authenticated', 'The codes of a category (by its name)', { params: categoryParam }),
  childOf: endpoint('GET', '/code/{category}/codes/child-of/{code}', codeListResponse, 'authenticated', 'The codes of a category whose parent is the given code (of any category)', { params: childOfParam }),
  create: endpoint('POST', '/code/code', codeResponse, write('create'), 'Create a code', { body: codeCreateBody }),
  createCategory: endpoint('POST', '/code/cateogry', codeCategoryResponse, write('create'), 'Create a code category (path spelt as in SPEC §7)', { body: codeCategoryCreateBody }),
  update: endpoint('PUT', '/code', codeResponse, write('modify'), 'Modify a code', { body: codeUpdateBody }),
  updateCategory: endpoint('PUT', '/code/category', codeCategoryResponse, write('modify'), 'Modify a code category', { body: codeCategoryUpdateBody }),
  remove: endpoint('DELETE', '/code/{id}', okSchema, write('delete'), 'Delete a code', { params: idParam }),
  removeCategory: endpoint('DELETE', '/code/category/{id}', okSchema, write('delete'), 'Delete a code category', { params: idParam }),
});
