import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  bomCopyBody,
  bomLineListResponse,
  bomLineResponse,
  bomMaterialCreateBody,
  bomMaterialParams,
  bomProductCreateBody,
  bomRootListResponse,
  bomStockParams,
  bomStockResponse,
  bomTreeResponse,
  bomUpdateBody,
  bomUsageTreeResponse,
} from './bom.schemas.ts';

// SPEC §7 BOM. Reads belong to the BOM screen (view); other modules use the server's service functions, not these.
const view = { menu: 'bom', action: 'view' } as const;
const write = (action: 'create' | 'modify' | 'delete') => ({ menu: 'bom', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const bomEndpoints = endpoints('bom', {
  roots: endpoint('GET', '/bom/tree', bomRootListResponse, view, 'Products heading a BOM, each with its exploded tree'),
  tree: endpoint('GET', '/bom/tree/{id}', bomTreeResponse, view, "The product's exploded BOM tree", { params: idParam }),
  usageTree: endpoint('GET', '/bom/tree/parent/{id}', bomUsageTreeResponse, view, 'Where-used upward: the products containing the product, and so on', { params: idParam }),
  stock: endpoint('GET', '/bom/tree/stock/{productId}/{qty}', bomStockResponse, view, 'Material requirements and stock for producing qty of the product', { params: bomStockParams }),
  lines: endpoint('GET', '/bom/parent/{id}', bomLineListResponse, view, "The product's direct BOM lines", { params: idParam }),
  whereUsed: endpoint('GET', '/bom/product/{id}', bomLineListResponse, view, 'The BOM lines having the product as a child', { params: idParam }),
  materialLine: endpoint('GET', '/bom/material/{parent}/{id}', bomLineResponse, view, "The parent product's line of this material", { params: bomMaterialParams }),
  createProduct: endpoint('POST', '/bom/product', bomLineResponse, write('create'), 'Add a child product line (refused when it would make a cycle)', { body: bomProductCreateBody }),
  createMaterial: endpoint('POST', '/bom/material', bomLineResponse, write('create'), 'Add a material line', { body: bomMaterialCreateBody }),
  copy: endpoint('POST', '/bom/copy', bomLineListResponse, write('create'), "Copy a product's BOM to another product", { body: bomCopyBody }),
  update: endpoint('PUT', '/bom', bomLineResponse, write('modify'), 'Modify a BOM line', { body: bomUpdateBody }),
  remove: endpoint('DELETE', '/bom/{id}', okSchema, write('delete'), 'Delete a BOM line', { params: idParam }),
  removeAll: endpoint('DELETE', '/bom/parent/{id}', okSchema, write('delete'), "Delete every line of the product's BOM", { params: idParam }),
});
