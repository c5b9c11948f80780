import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints, FILE, MULTIPART } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import {
  productBarcodeQuery,
  productBulkBody,
  productCreateBody,
  productExportQuery,
  productListQuery,
  productListResponse,
  productNameQuery,
  productPageResponse,
  productResponse,
  productTypeQuery,
  productUpdateBody,
} from './product.schemas.ts';

// SPEC §7 "Product". Reads are shared look-ups (BOM, operation plans, production pick products); writes need
// productInfo.
const write = (action: 'create' | 'modify' | 'delete') => ({ menu: 'productInfo', action }) as const;

export const productEndpoints = endpoints('product', {
  ...excelEndpoints('/product', 'productInfo', productExportQuery),
  list: {
    method: 'GET',
    path: '/product/products',
    query: productListQuery,
    response: productPageResponse,
    permission: 'authenticated',
    summary: 'Products, one page in code order, with the total',
  },
  listByType: {
    method: 'GET',
    path: '/product/products/type',
    query: productTypeQuery,
    response: productPageResponse,
    permission: 'authenticated',
    summary: 'Products of the given types, one page',
  },
  byName: {
    method: 'GET',
    path: '/product/products/name',
    query: productNameQuery,
    response: productListResponse,
    permission: 'authenticated',
    summary: 'Pick-list: up to 50 products whose code or name contains the text',
  },
  byBarcode: {
    method: 'GET',
    path: '/product/barcode',
    query: productBarcodeQuery,
    response: productResponse,
    permission: 'authenticated',
    summary: 'The product with this barcode',
  },
  get: {
    method: 'GET',
    path: '/product/{id}',
    params: idParam,
    response: productResponse,
    permission: 'authenticated',
    summary: 'One product',
  },
  designImage: {
    method: 'GET',
    path: '/product/products/{id}/design-image',
    params: idParam,
    response: FILE,
    permission: 'authenticated',
    summary: "The product's design image",
  },
  setDesignImage: {
    method: 'PUT',
    path: '/product/products/{id}/design-image',
    params: idParam,
    body: MULTIPART,
    response: productResponse,
    permission: write('modify'),
    summary: 'Replace the design image (an image, at most 2 MB, field `file`)',
  },
  removeDesignImage: {
    method: 'DELETE',
    path: '/product/products/{id}/design-image',
    params: idParam,
    response: productResponse,
    permission: write('modify'),
    summary: 'Remove the design image',
  },
  create: {
    method: 'POST',
    path: '/product/product',
    body: productCreateBody,
    response: productResponse,
    permission: write('create'),
    summary: 'Create a product',
  },
  createBulk: {
    method: 'POST',
    path: '/product/products',
    body: productBulkBody,
    response: productListResponse,
    permission: write('create'),
    summary: 'Create products, all or none',
  },
  update: {
    method: 'PUT',
    path: '/product',
    body: productUpdateBody,
    response: productResponse,
    permission: write('modify'),
    summary: 'Modify a product',
  },
  remove: {
    method: 'DELETE',
    path: '/product/{id}',
    params: idParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete a product (refused while it is a child in another BOM)',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/product/products/{ids}',
    params: idsParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete products, all or none',
  },
});
