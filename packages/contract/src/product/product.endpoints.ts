import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE, MULTIPART } from '../endpoint.ts';
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

// biome-ignore format: a routing table, one endpoint per line
export const productEndpoints = endpoints('product', {
  ...excelEndpoints('/product', 'productInfo', productExportQuery),
  list: endpoint('GET', '/product/products', productPageResponse, 'authenticated', 'Products, one page in code order, with the total', { query: productListQuery }),
  listByType: endpoint('GET', '/product/products/type', productPageResponse, 'authenticated', 'Products of the given types, one page', { query: productTypeQuery }),
  byName: endpoint('GET', '/product/products/name', productListResponse, 'authenticated', 'Pick-list: up to 50 products whose code or name contains the text', { query: productNameQuery }),
  byBarcode: endpoint('GET', '/product/barcode', productResponse, 'authenticated', 'The product with this barcode', { query: productBarcodeQuery }),
  get: endpoint('GET', '/product/{id}', productResponse, 'authenticated', 'One product', { params: idParam }),
  designImage: endpoint('GET', '/product/products/{id}/design-image', FILE, 'authenticated', "The product's design image", { params: idParam }),
  setDesignImage: endpoint('PUT', '/product/products/{id}/design-image', productResponse, write('modify'), 'Replace the design image (an image, at most 2 MB, field `file`)', { params: idParam, body: MULTIPART }),
  removeDesignImage: endpoint('DELETE', '/product/products/{id}/design-image', productResponse, write('modify'), 'Remove the design image', { params: idParam }),
  create: endpoint('POST', '/product/product', productResponse, write('create'), 'Create a product', { body: productCreateBody }),
  createBulk: endpoint('POST', '/product/products', productListResponse, write('create'), 'Create products, all or none', { body: productBulkBody }),
  update: endpoint('PUT', '/product', productResponse, write('modify'), 'Modify a product', { body: productUpdateBody }),
  remove: endpoint('DELETE', '/product/{id}', okSchema, write('delete'), 'Delete a product (refused while it is a child in another BOM)', { params: idParam }),
  removeBulk: endpoint('DELETE', '/product/products/{ids}', okSchema, write('delete'), 'Delete products, all or none', { params: idsParam }),
});
